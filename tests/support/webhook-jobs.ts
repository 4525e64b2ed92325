/** Webhook deliveries in integration tests, where no worker runs the jobs. */
import type { Db } from '@/db/database';
import { drainJobs } from '@/functions/jobs';
import { WEBHOOKS_JOB } from '@/functions/webhooks/deliveries.job';

/** Runs the webhook sender if a change has made it due (the reaction to 'webhooks.due'), as the worker would after the commit. */
export async function sendDueWebhooks(db: Db): Promise<void> {
  await drainJobs(db, { names: [WEBHOOKS_JOB] });
}
