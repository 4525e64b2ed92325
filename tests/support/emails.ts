/**
 * Emails in integration tests, where no worker runs the jobs: every email is a row of the outbox
 * with an 'email.deliver' job (functions/email/outbox.ts, docs/decisions/059), so a test that
 * reads the mailer after an action delivers what is queued first, as the worker would.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { drainJobs, type DrainResult } from '@/functions/jobs';
import { EMAIL_DELIVER, EMAIL_DELIVERY_FAILED } from '@/functions/email/outbox';

/** Runs the due deliveries of the outbox (and the dead letter of those that failed for good) through the process's mailer. */
export async function deliverQueuedEmails(db: Db): Promise<DrainResult> {
  return drainJobs(db, { names: [EMAIL_DELIVER, EMAIL_DELIVERY_FAILED] });
}

/** The delivery jobs of one outbox row, oldest first. */
export async function deliveryJobsOf(db: Db, messageId: string): Promise<{ id: string; state: string; singleton_key: string | null }[]> {
  const { rows } = await sql<{ id: string; state: string; singleton_key: string | null }>`
    select id, state, singleton_key from pgboss.job where name = ${EMAIL_DELIVER} and data->>'messageId' = ${messageId} order by created_on`.execute(db);
  return rows;
}

/** The delivery of `messageId` waiting for its retry, due now instead of after its backoff (the clock moved on). */
export async function deliveryDueNow(db: Db, messageId: string): Promise<void> {
  await sql`update pgboss.job set start_after = now() where name = ${EMAIL_DELIVER} and data->>'messageId' = ${messageId} and state = 'retry'`.execute(db);
}
