/**
 * GET  /api/settings/webhooks: the signed-in user's webhook endpoints, { items, nextCursor }
 *      (at most 10, so one page).
 * POST /api/settings/webhooks { url, description?, events }: registers an endpoint (201) with
 *      a new signing secret. The URL must be https and resolve to public addresses only (400
 *      VALIDATION_FAILED on `url`); needs a verified email; 409 WEBHOOK_LIMIT_REACHED past 10.
 * functions/webhooks/webhooks.service.ts, docs/decisions/027.
 */
import { getDb } from '@/db/database';
import { requireApiUser, requireVerifiedUser } from '@/functions/_shared/auth-guard';
import { handle, json, readJsonBody } from '@/functions/_shared/http';
import { createWebhookEndpoint, listWebhookEndpoints } from '@/functions/webhooks/webhooks.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await listWebhookEndpoints(await getDb(), user.id));
});

export const POST = handle(async (context) => {
  const user = requireVerifiedUser(context);
  const body = await readJsonBody(context.request);
  return json(await createWebhookEndpoint(await getDb(), user.id, body), { status: 201 });
});
