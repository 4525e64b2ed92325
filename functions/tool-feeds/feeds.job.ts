/**
 * The changelog job (feed-job.ts, docs/decisions/039) as a scheduled job (docs/decisions/040):
 * every minute in the worker of `npm start` (a source is due hourly, or sooner after a failure),
 * and once per drain of GET /api/cron/jobs on Vercel, which also keeps its own
 * GET /api/cron/feeds. The sources keep their own claims and schedule; a run missed is made up
 * by the next one, so nothing is retried.
 */
import { defineJob, schedule } from '@/functions/jobs';
import { runDueFeedFetches } from './feed-job';

const FEEDS_JOB = 'feeds.fetch';

defineJob<Record<string, never>>(
  FEEDS_JOB,
  async (_data, { db }) => {
    const r = await runDueFeedFetches(db);
    if (r.posted) console.log(`[feeds] posted ${r.posted} tool update(s) from changelog feeds`);
  },
  // 10 sources, 4 at a time, 10 s each at most: well inside the expiry.
  { retryLimit: 0, policy: 'short', expireInSeconds: 5 * 60 },
);
schedule(FEEDS_JOB, '* * * * *');
