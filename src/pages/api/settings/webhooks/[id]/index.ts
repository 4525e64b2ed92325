/** PATCH /api/settings/webhooks/{id} changes an endpoint (only the fields sent); DELETE removes it. Own endpoints only. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { deleteWebhookEndpoint, updateWebhookEndpoint } from '@/functions/webhooks/webhooks.service';
import * as routes from '@/src/shared/api/routes/settings';

export const PATCH = endpoint(routes.updateWebhookEndpoint, async ({ user, params, body }) => updateWebhookEndpoint(await getDb(), user.id, params.id, body));
export const DELETE = endpoint(routes.deleteWebhookEndpoint, async ({ user, params }) => deleteWebhookEndpoint(await getDb(), user.id, params.id));
