/**
 * GET /api/cron/webhooks: sends the creator webhook deliveries that are due (retries), for a
 * scheduler that can run more often than the daily sweep (Vercel Cron on a Pro plan, every
 * minute: see docs/decisions/027), with `Authorization: Bearer $CRON_SECRET`. Anything else
 * answers 401 and sends nothing. `npm start` does the same in-process every 30 seconds.
 */
import { getDb } from '@/db/database';
import { getEnv } from '@/functions/_shared/env';
import { AppError } from '@/functions/_shared/errors';
import { handle, json } from '@/functions/_shared/http';
import { isCronAuthorized } from '@/functions/uploads/sweep';
import { deliverAllDueWebhooks } from '@/functions/webhooks/deliveries.service';

export const GET = handle(async ({ request }) => {
  if (!isCronAuthorized(request.headers.get('authorization'), getEnv().CRON_SECRET)) throw new AppError('UNAUTHENTICATED', 'A valid cron secret is required');
  return json(await deliverAllDueWebhooks(await getDb()));
});
