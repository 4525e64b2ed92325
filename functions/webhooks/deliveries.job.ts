/**
 * Creator webhook deliveries that are due (deliveries.service.ts, docs/decisions/027) as a
 * scheduled job (docs/decisions/040): every minute in the worker of `npm start` (retries fall
 * due from one minute on), and once per drain of GET /api/cron/jobs on Vercel. The deliveries
 * keep their own outbox, claims and retry schedule; the job only runs the sender.
 */
import { defineJob, schedule } from '@/functions/jobs';
import { deliverAllDueWebhooks } from './deliveries.service';

export const WEBHOOKS_JOB = 'webhooks.deliver';

defineJob<Record<string, never>>(
  WEBHOOKS_JOB,
  async (_data, { db }) => {
    await deliverAllDueWebhooks(db);
  },
  // A run missed is made up by the next minute's; nothing to retry.
  { retryLimit: 0, policy: 'short', expireInSeconds: 5 * 60 },
);
schedule(WEBHOOKS_JOB, '* * * * *');
