/**
 * Emails in integration tests, where no worker runs the jobs: every email is a row of the outbox
 * with an 'email.deliver' job (functions/email/outbox.ts, docs/decisions/059), so a test that
 * reads the mailer after an action delivers what is queued first, as the worker would.
 */
import type { Db } from '@/db/database';
import { drainJobs, type DrainResult } from '@/functions/jobs';
import { EMAIL_DELIVER, EMAIL_DELIVERY_FAILED } from '@/functions/email/outbox';

/** Runs the due deliveries of the outbox (and the dead letter of those that failed for good) through the process's mailer. */
export async function deliverQueuedEmails(db: Db): Promise<DrainResult> {
  return drainJobs(db, { names: [EMAIL_DELIVER, EMAIL_DELIVERY_FAILED] });
}
