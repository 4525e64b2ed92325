/**
 * The outbox: the one way toolmint sends an email (issue 28, docs/decisions/059). An email is a
 * row of email_messages (the log of what was sent) and one 'email.deliver' job { messageId }
 * (functions/email/jobs.ts), both written by the same transaction: the change that decided the
 * email when there is one, so an email exists exactly when its change commits, and a change
 * rolled back sends nothing. pg-boss retries the delivery with backoff; the row's status makes a
 * second run a no-op.
 *
 * - Transactional emails (account emails, receipts, notices about money or the account, the
 *   notices of tools, feeds and the review queue) are rendered by their writer and kept in the
 *   row until they are sent: queueTransactionalEmail.
 * - Notification emails are rendered when they are sent, as the preferences then say
 *   (email.service.ts queueNotificationEmail, the fan-outs, the digests).
 *
 * A writer that passes its own transaction calls jobsReady(db) before it (the engine cannot
 * start inside one on PGlite) and deliverSoon(db) after its commit, for the job to run at once
 * on PostgreSQL and on Vercel; handed a database instead, these functions do both themselves.
 */
import type { Db } from '@/db/database';
import type { StoredEmail } from '@/db/schema';
import { enqueueMany, jobsReady, runAfterCommit } from '../jobs';
import type { MailMessage } from '../_shared/mailer';
import { insertTransactionalEmail } from './email.repository';

/** The job that sends one message of the outbox. */
export const EMAIL_DELIVER = 'email.deliver';
/** Its dead letter: a message whose delivery failed for good is kept as 'failed'. */
export const EMAIL_DELIVERY_FAILED = 'email.deliver.failed';

export interface DeliverJob {
  messageId: string;
}

/**
 * The delivery jobs of messages just written (one per message, its id as the singleton key), in
 * `trx`. `once`: a single attempt, no retries (an administrator's Retry of a failed email).
 */
export async function enqueueDeliveries(trx: Db, messageIds: readonly string[], options: { once?: boolean } = {}): Promise<void> {
  await enqueueMany(
    trx,
    EMAIL_DELIVER,
    messageIds.map((messageId) => ({ data: { messageId } satisfies DeliverJob, singletonKey: messageId, ...(options.once ? { retryLimit: 0 } : {}) })),
  );
}

/** After the commit of a transaction that wrote emails: their deliveries run now, not at the next poll (runAfterCommit). */
export function deliverSoon(db: Db): void {
  runAfterCommit(db, [EMAIL_DELIVER]);
}

/**
 * `work` in `db`'s transaction when it is one; else in a transaction of its own, after which the
 * deliveries it enqueued are run at once.
 */
export async function inOutboxTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  await jobsReady(db);
  const result = await db.transaction().execute(work);
  deliverSoon(db);
  return result;
}

export interface TransactionalEmail {
  /** The account it is about (the row goes with it when the account is deleted). */
  userId: string;
  /** What it is about, unique per account: `receipt:<order id>`, `verify:<random>`... A second write of one reference writes nothing. */
  reference: string;
  /** The rendered email (functions/email/transactional.ts, render.ts) and its address. */
  mail: MailMessage;
}

/** Writes a transactional email to the outbox with its delivery job: the message's id, or null when its reference was written before. */
export async function queueTransactionalEmail(db: Db, email: TransactionalEmail): Promise<string | null> {
  const { to, subject, text, html, headers } = email.mail;
  const content: StoredEmail = { subject, text, html, ...(headers ? { headers } : {}) };
  return inOutboxTransaction(db, async (trx) => {
    const row = await insertTransactionalEmail(trx, { userId: email.userId, reference: email.reference, to, content });
    if (!row) return null;
    await enqueueDeliveries(trx, [row.id]);
    return row.id;
  });
}
