/** POST /api/settings/webhooks/{id}/test: a signed test ping now, answered with its delivery. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { sendTestPing } from '@/functions/webhooks/webhooks.service';
import * as routes from '@/src/shared/api/routes/settings';

export const POST = endpoint(routes.sendWebhookTest, async ({ user, params }) => sendTestPing(await getDb(), user.id, params.id));
