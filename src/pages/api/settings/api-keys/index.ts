/** GET /api/settings/api-keys lists the caller's API keys; POST creates one (shown whole once). docs/decisions/025. */
import { getDb } from '@/db/database';
import { getAuth } from '@/functions/auth/auth';
import { endpoint } from '@/functions/_shared/endpoint';
import { createApiKey, listApiKeys } from '@/functions/api-keys/api-keys.service';
import * as routes from '@/src/shared/api/routes/settings';

export const GET = endpoint(routes.listApiKeys, async ({ user }) => listApiKeys(await getDb(), user.id));
export const POST = endpoint(routes.createApiKey, async ({ user, body }) => createApiKey(await getDb(), await getAuth(), user.id, body));
