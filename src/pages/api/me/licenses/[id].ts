/** PATCH /api/me/licenses/{id} { disabled }: a creator disables or re-enables a key of their own product (another's: 404). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { changeLicense } from '@/functions/licenses/licenses.service';
import * as routes from '@/src/shared/api/routes/licenses';

export const PATCH = endpoint(routes.changeLicense, async ({ user, params, body }) => changeLicense(await getDb(), user.id, params.id, body));
