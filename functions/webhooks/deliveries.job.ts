/**
 * Creator webhook deliveries that are due (deliveries.service.ts, docs/decisions/027), sent by
 * one job: the reaction to 'webhooks.due', which the transaction that records deliveries emits
 * (docs/decisions/055), so the first attempt follows the commit; and every minute by schedule
 * (docs/decisions/040), for the retries, which fall due from one minute on. Its queue keeps at
 * most one run waiting ('short'), so a burst of changes makes one run. The deliveries keep
 * their own outbox, claims and retry schedule; the job only runs the sender.
 */
import { defineReaction, schedule } from '@/functions/jobs';
import { deliverAllDueWebhooks } from './deliveries.service';

export const WEBHOOKS_JOB = 'webhooks.deliver';

defineReaction(
  'webhooks.due',
  WEBHOOKS_JOB,
  async (_data, { db }) => {
    await deliverAllDueWebhooks(db);
  },
  // A run missed is made up by the next minute's; nothing to retry.
  { retryLimit: 0, policy: 'short', expireInSeconds: 5 * 60 },
);
schedule(WEBHOOKS_JOB, '* * * * *');
