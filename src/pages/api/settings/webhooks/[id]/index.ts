/**
 * PATCH  /api/settings/webhooks/{id} { url?, description?, events? }: changes the fields sent
 *        (a new URL is checked like at registration).
 * DELETE /api/settings/webhooks/{id}: removes the endpoint and its deliveries (204).
 * Another user's endpoint answers 404 WEBHOOK_NOT_FOUND. docs/decisions/027.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, readJsonBody, uuidParam } from '@/functions/_shared/http';
import { deleteWebhookEndpoint, updateWebhookEndpoint } from '@/functions/webhooks/webhooks.service';

export const PATCH = handle(async (context) => {
  const user = requireApiUser(context);
  const id = uuidParam(context, 'id');
  const body = await readJsonBody(context.request);
  return json(await updateWebhookEndpoint(await getDb(), user.id, id, body));
});

export const DELETE = handle(async (context) => {
  const user = requireApiUser(context);
  await deleteWebhookEndpoint(await getDb(), user.id, uuidParam(context, 'id'));
  return new Response(null, { status: 204 });
});
