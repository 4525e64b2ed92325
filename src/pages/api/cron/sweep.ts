/**
 * GET /api/cron/sweep: the periodic sweep (functions/uploads/sweep.ts) for Vercel Cron
 * (vercel.json), which sends `Authorization: Bearer $CRON_SECRET`. Anything else answers 401
 * and runs nothing. `npm start` runs the same sweep in-process (scripts/start.ts).
 */
import { getDb } from '@/db/database';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { getEnv } from '@/functions/_shared/env';
import { AppError } from '@/functions/_shared/errors';
import { handle, json } from '@/functions/_shared/http';
import { isCronAuthorized, runSweep } from '@/functions/uploads/sweep';

export const GET = handle(async ({ request }) => {
  if (!isCronAuthorized(request.headers.get('authorization'), getEnv().CRON_SECRET)) throw new AppError('UNAUTHENTICATED', 'A valid cron secret is required');
  return json(await runSweep(await getDb(), getBlobStore()));
});
