/** GET /api/settings/webhooks/{id}/deliveries: the endpoint's deliveries, newest first, page by page. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listWebhookDeliveries } from '@/functions/webhooks/webhooks.service';
import * as routes from '@/src/shared/api/routes/settings';

export const GET = endpoint(routes.listWebhookDeliveries, async ({ user, params, query }) => listWebhookDeliveries(await getDb(), user.id, params.id, query));
