/** POST /api/settings/webhooks/{id}/roll-secret: a new signing secret; the old one stops working at once. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { rollWebhookSecret } from '@/functions/webhooks/webhooks.service';
import * as routes from '@/src/shared/api/routes/settings';

export const POST = endpoint(routes.rollWebhookSecret, async ({ user, params }) => rollWebhookSecret(await getDb(), user.id, params.id));
