/**
 * GET /api/cron/jobs: runs the background jobs that are due for a bounded time, for Vercel Cron
 * (vercel.json), which sends `Authorization: Bearer $CRON_SECRET`. Anything else answers 401 and
 * runs nothing. `npm start` runs the same jobs in its in-process worker (docs/decisions/040).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getEnv } from '@/env';
import { AppError } from '@/functions/_shared/errors';
import { runDueJobs } from '@/functions/jobs/jobs.service';
import { isCronAuthorized } from '@/functions/maintenance/sweep';
import { runJobs } from '@/src/shared/api/routes/system';

export const GET = endpoint(runJobs, async ({ context }) => {
  if (!isCronAuthorized(context.request.headers.get('authorization'), getEnv().CRON_SECRET))
    throw new AppError('UNAUTHENTICATED', 'A valid cron secret is required');
  return runDueJobs(await getDb());
});
