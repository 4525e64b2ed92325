/** Webhook deliveries in integration tests, where no worker runs the jobs (docs/decisions/060). */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { drainJobs, type DrainResult } from '@/functions/jobs';
import { WEBHOOKS_JOB } from '@/functions/webhooks/deliveries.service';

/** Runs the delivery jobs that are due (each delivery's first attempt after its commit), as the worker would. */
export async function sendDueWebhooks(db: Db): Promise<DrainResult> {
  return drainJobs(db, { names: [WEBHOOKS_JOB] });
}

/** The retry pg-boss scheduled for one delivery, due now instead of after its backoff (the clock moved on). */
export async function makeRetryDue(db: Db, deliveryId: string): Promise<void> {
  await sql`update pgboss.job set start_after = now() where name = ${WEBHOOKS_JOB} and singleton_key = ${deliveryId} and state = 'retry'`.execute(db);
}

export interface DeliveryJob {
  state: string;
  retryCount: number;
  startAfter: Date;
}

/** The jobs of one delivery (its singletonKey), oldest first. */
export async function jobsOfDelivery(db: Db, deliveryId: string): Promise<DeliveryJob[]> {
  const { rows } = await sql<{ state: string; retry_count: number; start_after: Date }>`
    select state, retry_count, start_after from pgboss.job where name = ${WEBHOOKS_JOB} and singleton_key = ${deliveryId} order by created_on`.execute(db);
  return rows.map((r) => ({ state: r.state, retryCount: r.retry_count, startAfter: new Date(r.start_after) }));
}
