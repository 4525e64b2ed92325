/**
 * GET /api/cron/sweep: the periodic sweep (functions/maintenance/sweep.ts) for Vercel Cron
 * (vercel.json), which sends `Authorization: Bearer $CRON_SECRET`. Anything else answers 401
 * and runs nothing. `npm start` runs the same sweep in-process (scripts/start.ts).
 *
 * Auth 'secret': that bearer is the cron secret, not an API key. src/middleware.ts resolves
 * no session and no API key on /api/cron/* (SKIP_SESSION), so the two `Authorization: Bearer`
 * uses never meet: a key sent here is simply a wrong cron secret (401).
 */
import { getDb } from '@/db/database';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { endpoint } from '@/functions/_shared/endpoint';
import { getEnv } from '@/env';
import { AppError } from '@/functions/_shared/errors';
import { isCronAuthorized, runSweep } from '@/functions/maintenance/sweep';
import { runSweep as route } from '@/src/shared/api/routes/system';

export const GET = endpoint(route, async ({ context: { request } }) => {
  if (!isCronAuthorized(request.headers.get('authorization'), getEnv().CRON_SECRET)) throw new AppError('UNAUTHENTICATED', 'A valid cron secret is required');
  return runSweep(await getDb(), getBlobStore());
});
