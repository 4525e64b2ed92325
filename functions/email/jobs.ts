/**
 * The email jobs (issue 18, docs/decisions/040 and 041), listed in functions/jobs/all-jobs.ts.
 *
 * - 'email.notifications' { updateId } | { productId } [, after]: the emails of a tool update
 *   (to the users its notices went to) or of a newly published product (to the creator's
 *   followers), queued as each user's preference says, 20 batches of EMAIL_BATCH per run; a run
 *   that did not finish enqueues its continuation. The notices' fan-out enqueues it
 *   (enqueueNotificationEmails) once the notices are written.
 * - 'email.send': sends what is due (sendDueEmails), once each; scheduled every minute, which is
 *   also how a message the provider refused is retried (its own backoff, next_attempt_at).
 * - 'email.digest.daily' / 'email.digest.weekly': the digests of the last complete day (00:05
 *   UTC) / week (Monday 00:15 UTC); exactly once per user and period however often they run.
 * Every handler writes through unique keys, so a job that runs twice sends once.
 */
import type { Db } from '@/db/database';
import { defineJob, enqueue, schedule } from '../jobs';
import { buildDigests } from './digest.service';
import { queueNewProductEmails, queueToolUpdateEmails, sendDueEmails } from './email.service';

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
    if (result.queued) await enqueue(db, 'email.send', {}, { singletonKey: 'email.send', singletonSeconds: 5 });
  },
  { retryLimit: 8 },
);

defineJob<Record<string, never>>(
  'email.send',
  async (_data, { db }) => {
    await sendDueEmails(db);
  },
  // The messages carry their own retries (email_messages.next_attempt_at); this job only runs the sender.
  { retryLimit: 2, expireInSeconds: 10 * 60 },
);
schedule('email.send', '* * * * *');

for (const period of ['daily', 'weekly'] as const) {
  defineJob<Record<string, never>>(
    `email.digest.${period}`,
    async (_data, { db }) => {
      const { built } = await buildDigests(db, period);
      if (built) await enqueue(db, 'email.send', {}, { singletonKey: 'email.send', singletonSeconds: 5 });
    },
    { retryLimit: 5, expireInSeconds: 30 * 60 },
  );
}
schedule('email.digest.daily', '5 0 * * *');
schedule('email.digest.weekly', '15 0 * * 1');
