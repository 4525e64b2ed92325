/**
 * GET /api/cron/webhooks: sends the creator webhook deliveries that are due, for Vercel Cron
 * (`Authorization: Bearer $CRON_SECRET`; anything else is 401 and sends nothing). docs/decisions/027.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getEnv } from '@/env';
import { AppError } from '@/functions/_shared/errors';
import { isCronAuthorized } from '@/functions/maintenance/sweep';
import { deliverAllDueWebhooks } from '@/functions/webhooks/deliveries.service';
import { deliverWebhooks } from '@/src/shared/api/routes/system';

export const GET = endpoint(deliverWebhooks, async ({ context }) => {
  if (!isCronAuthorized(context.request.headers.get('authorization'), getEnv().CRON_SECRET))
    throw new AppError('UNAUTHENTICATED', 'A valid cron secret is required');
  return deliverAllDueWebhooks(await getDb());
});
