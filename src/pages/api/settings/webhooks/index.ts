/** GET /api/settings/webhooks lists the caller's webhook endpoints; POST registers one. docs/decisions/027. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { createWebhookEndpoint, listWebhookEndpoints } from '@/functions/webhooks/webhooks.service';
import * as routes from '@/src/shared/api/routes/settings';

export const GET = endpoint(routes.listWebhookEndpoints, async ({ user }) => listWebhookEndpoints(await getDb(), user.id));
export const POST = endpoint(routes.createWebhookEndpoint, async ({ user, body }) => createWebhookEndpoint(await getDb(), user.id, body));
