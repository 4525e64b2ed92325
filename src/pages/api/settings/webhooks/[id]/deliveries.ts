/**
 * GET /api/settings/webhooks/{id}/deliveries?cursor=&limit=: the endpoint's deliveries, newest
 * first, { items, nextCursor } (limit 1-100, default 20): event, status, attempts, the last
 * answer's status code and start, times. Another user's endpoint: 404. docs/decisions/027.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, uuidParam } from '@/functions/_shared/http';
import { listWebhookDeliveries } from '@/functions/webhooks/webhooks.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  const id = uuidParam(context, 'id');
  return json(await listWebhookDeliveries(await getDb(), user.id, id, Object.fromEntries(context.url.searchParams)));
});
