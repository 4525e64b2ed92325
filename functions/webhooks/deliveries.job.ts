/**
 * One job per creator webhook delivery (docs/decisions/060): the reaction to 'webhooks.due',
 * which the transaction that records the delivery emits with the delivery's id as singletonKey
 * (deliveries.service.ts), so its first attempt follows the commit. The job makes one attempt;
 * when it is not delivered it throws, and pg-boss retries it with exponential backoff. The row
 * is the log the creator reads: each attempt's answer, 'pending' while a retry will come,
 * 'failed' after the last one. The queue is 'exclusive': one job per delivery waiting or
 * running, so two workers never send one delivery at once.
 *
 * The schedule, as close to the old one (1 min, 5 min, 30 min, 2 h, 6 h, then 12 h until 24
 * hours after the first attempt) as pg-boss's backoff comes: the n-th retry waits between
 * 2^(n-1) and 2^n minutes, at most 6 hours; 11 retries put the last of the 12 attempts 20.5 to
 * 26.5 hours after the first, about 24 on average.
 */
import { defineReaction } from '@/functions/jobs';
import { deliverWebhook, WEBHOOKS_JOB } from './deliveries.service';

/** Retries after the first attempt. */
const WEBHOOK_RETRIES = 11;

/** An attempt that was not delivered: pg-boss retries the job, and lists it as failed after the last retry. */
class WebhookNotDelivered extends Error {}

defineReaction(
  'webhooks.due',
  WEBHOOKS_JOB,
  async ({ deliveryId }, { db, job }) => {
    // pg-boss counts a retry when it starts: retryCount is the attempts before this one. An
    // administrator's Retry of a failed job (one more allowed) is a final attempt too.
    const attempt = await deliverWebhook(db, deliveryId, { final: job.retryCount >= WEBHOOK_RETRIES });
    if (attempt && attempt.status !== 'delivered') throw new WebhookNotDelivered(`Not delivered: ${attempt.problem ?? 'no answer'}`);
  },
  {
    retryLimit: WEBHOOK_RETRIES,
    retryDelay: 60,
    backoff: true,
    retryDelayMax: 6 * 3600,
    // One attempt is 10 seconds at most (deliveries.service.ts).
    expireInSeconds: 60,
    policy: 'exclusive',
    // Attempts wait on the receivers, not on this process: a few at once, as the old sender did.
    concurrency: 5,
  },
);
