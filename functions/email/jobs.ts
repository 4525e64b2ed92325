/**
 * The email jobs (issue 18, docs/decisions/040 and 041), listed in functions/all-jobs.ts.
 *
 * - 'email.notifications' { updateId } | { productId } [, after]: the emails of a tool update
 *   (to the users its notices went to) or of a newly published product (to the creator's
 *   followers), queued as each user's preference says, 20 batches of EMAIL_BATCH per run; a run
 *   that did not finish enqueues its continuation. The notices' fan-out enqueues it
 *   (enqueueNotificationEmails) once the notices are written.
 * - 'email.deliver' { messageId }: sends one message of the outbox (deliverEmail), enqueued with
 *   its row (outbox.ts, docs/decisions/059). pg-boss retries a refusal of the provider with
 *   backoff: 9 retries, the first after 1 to 2 minutes, each wait about twice the last (with
 *   jitter), at most 6 hours apart: ten attempts over 8.5 to 14 hours, where the hand-written
 *   queue before it made ten over about 8.5 hours (1, 2, 4 … 256 minutes apart). 'stately': one
 *   waiting and one running job per message at most (the message id is the singleton key).
 * - 'email.deliver.failed' { messageId }: its dead letter, when the last attempt threw or
 *   expired (a worker that died): the message is kept as 'failed' with its error.
 * - 'email.digest.daily' / 'email.digest.weekly': the digests of the last complete day (00:05
 *   UTC) / week (Monday 00:15 UTC); exactly once per user and period however often they run.
 * Every handler writes through unique keys or checks the row's status, so a job that runs twice
 * sends once.
 */
import type { Db } from '@/db/database';
import { defineJob, enqueue, schedule } from '../jobs';
import { buildDigests } from './digest.service';
import { deliverEmail, markDeliveryFailed, queueNewProductEmails, queueToolUpdateEmails } from './email.service';
import { EMAIL_DELIVER, EMAIL_DELIVERY_FAILED, type DeliverJob } from './outbox';

export type NotificationEmailsJob = ({ updateId: string } | { productId: string }) & { after?: string };

const BATCHES_PER_RUN = 20;

/** For the notices' fan-out: queue the emails of a tool update or a new product (in its transaction, or after). */
export async function enqueueNotificationEmails(dbOrTrx: Db, data: NotificationEmailsJob): Promise<void> {
  await enqueue(dbOrTrx, 'email.notifications', data);
}

defineJob<NotificationEmailsJob>(
  'email.notifications',
  async (data, { db }) => {
    const options = { after: data.after, maxBatches: BATCHES_PER_RUN };
    const result = 'updateId' in data ? await queueToolUpdateEmails(db, data.updateId, options) : await queueNewProductEmails(db, data.productId, options);
    if (result.next) await enqueue(db, 'email.notifications', { ...data, after: result.next });
  },
  { retryLimit: 8 },
);

// Defined before 'email.deliver': pg-boss needs a dead-letter queue to exist first.
defineJob<DeliverJob>(EMAIL_DELIVERY_FAILED, async ({ messageId }, { db }) => markDeliveryFailed(db, messageId), { retryLimit: 8 });

defineJob<DeliverJob>(
  EMAIL_DELIVER,
  async ({ messageId }, { db }) => {
    await deliverEmail(db, messageId);
  },
  // Resend answers within its 10-second timeout; a minute covers the render and the outbox folder.
  { retryLimit: 9, retryDelay: 60, retryDelayMax: 6 * 3600, expireInSeconds: 60, policy: 'stately', deadLetter: EMAIL_DELIVERY_FAILED },
);

for (const period of ['daily', 'weekly'] as const) {
  defineJob<Record<string, never>>(
    `email.digest.${period}`,
    async (_data, { db }) => {
      await buildDigests(db, period);
    },
    { retryLimit: 5, expireInSeconds: 30 * 60 },
  );
}
schedule('email.digest.daily', '5 0 * * *');
schedule('email.digest.weekly', '15 0 * * 1');
