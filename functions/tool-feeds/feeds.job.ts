/**
 * The changelog jobs (feed-job.ts, docs/decisions/039 and 060):
 *
 * - 'tool-feeds.scan', every minute (the worker of `npm start`; once per drain of
 *   GET /api/cron/jobs on Vercel): enqueues one fetch job per due source. A scan missed is made
 *   up by the next one, so it is not retried.
 * - 'tool-feeds.fetch' { sourceId }: fetches that source. Its queue is 'exclusive' with the
 *   source's id as singletonKey: at most one job per source waiting, waiting for a retry or
 *   running, so two jobs never fetch one source at once. A failed fetch throws and pg-boss
 *   retries it: after 15 to 30 min, 30 to 60 min, 1 to 2 h, 2 to 4 h (the old schedule was
 *   15 min, 30 min, 1 h, 2 h); the source's 5th failure in a row pauses it instead of throwing.
 */
import { defineJob, schedule } from '@/functions/jobs';
import { enqueueDueFetches, FEED_FETCH_JOB, fetchDueSource } from './feed-job';

const FEED_SCAN_JOB = 'tool-feeds.scan';

/** A fetch that failed: its job is retried (the source's status says why). */
class FeedFetchFailed extends Error {}

defineJob<Record<string, never>>(
  FEED_SCAN_JOB,
  async (_data, { db }) => {
    await enqueueDueFetches(db);
  },
  { retryLimit: 0, policy: 'short', expireInSeconds: 60 },
);
schedule(FEED_SCAN_JOB, '* * * * *');

defineJob<{ sourceId: string }>(
  FEED_FETCH_JOB,
  async ({ sourceId }, { db }) => {
    const outcome = await fetchDueSource(db, sourceId);
    if (outcome?.posted) console.log(`[feeds] posted ${outcome.posted} tool update(s) from a changelog feed`);
    if (outcome && !outcome.ok && !outcome.paused) throw new FeedFetchFailed(outcome.status);
  },
  {
    // 4 retries: with the first attempt, the 5 failures that pause a source.
    retryLimit: 4,
    retryDelay: 15 * 60,
    backoff: true,
    retryDelayMax: 4 * 3600,
    // 10 s for the feed, then at most 10 updates posted.
    expireInSeconds: 5 * 60,
    policy: 'exclusive',
    concurrency: 4,
  },
);
