/**
 * POST /api/v1/licenses/verify: Gumroad's licence check for the creators' software, with the
 * product id alone or an API key scoped licenses:verify (docs/decisions/026).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { verifyLicense } from '@/functions/licenses/licenses.service';
import * as routes from '@/src/shared/api/routes/licenses';

export const POST = endpoint(routes.verifyLicense, async ({ body }) => verifyLicense(await getDb(), body));
