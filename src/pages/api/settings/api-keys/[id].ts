/** DELETE /api/settings/api-keys/{id}: revokes one of the caller's keys (another's: 404). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { revokeApiKey } from '@/functions/api-keys/api-keys.service';
import * as routes from '@/src/shared/api/routes/settings';

export const DELETE = endpoint(routes.revokeApiKey, async ({ user, params }) => revokeApiKey(await getDb(), user.id, params.id));
