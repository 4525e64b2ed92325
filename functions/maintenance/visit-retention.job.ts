/**
 * The retention of visits (docs/decisions/079, 'Later'), a scheduled job (docs/decisions/040):
 * once a day, product_visits rows older than VISIT_RETENTION_DAYS (400) are deleted
 * (analytics.service.ts pruneOldVisits). Daily rather than in the hourly sweep: a day is the
 * unit visits are kept in, so a run an hour later would find nothing new. Idempotent: a run
 * twice deletes nothing more. On Vercel the job drain of GET /api/cron/jobs runs it.
 */
import { defineJob, schedule } from '@/functions/jobs';
import { pruneOldVisits } from '../analytics/analytics.service';

export const VISIT_RETENTION_JOB = 'maintenance.visit-retention';

defineJob<Record<string, never>>(
  VISIT_RETENTION_JOB,
  async (_data, { db }) => {
    const deleted = await pruneOldVisits(db);
    if (deleted) console.log(`[retention] deleted ${deleted} visit row(s) older than the retention`);
  },
  { retryLimit: 2, retryDelay: 300, policy: 'short' },
);
// After midnight UTC, when the day that just ended becomes one more day old; away from the digests (00:05, 00:15).
schedule(VISIT_RETENTION_JOB, '40 0 * * *');
