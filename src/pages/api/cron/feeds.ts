/**
 * GET /api/cron/feeds: fetches the changelog sources of AI tools that are due, for Vercel Cron
 * (`Authorization: Bearer $CRON_SECRET`; anything else is 401 and fetches nothing).
 * docs/decisions/039.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getEnv } from '@/env';
import { AppError } from '@/functions/_shared/errors';
import { isCronAuthorized } from '@/functions/maintenance/sweep';
import { runDueFeedFetches } from '@/functions/tool-feeds/feed-job';
import { runFeedFetches } from '@/src/shared/api/routes/system';

export const GET = endpoint(runFeedFetches, async ({ context }) => {
  if (!isCronAuthorized(context.request.headers.get('authorization'), getEnv().CRON_SECRET))
    throw new AppError('UNAUTHENTICATED', 'A valid cron secret is required');
  return runDueFeedFetches(await getDb());
});
