/**
 * POST /api/settings/webhooks/{id}/roll-secret: replaces the endpoint's signing secret; the
 * old one stops working at once. Answers the endpoint with its new secret. docs/decisions/027.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, uuidParam } from '@/functions/_shared/http';
import { rollWebhookSecret } from '@/functions/webhooks/webhooks.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await rollWebhookSecret(await getDb(), user.id, uuidParam(context, 'id')));
});
