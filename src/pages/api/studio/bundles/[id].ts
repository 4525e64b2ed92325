/** PUT /api/studio/bundles/{id} replaces the products of one of the caller's bundles. docs/decisions/080. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { setBundleItems } from '@/functions/products/bundles.service';
import * as routes from '@/src/shared/api/routes/sales';

export const PUT = endpoint(routes.setBundleItems, async ({ user, params, body }) => setBundleItems(await getDb(), user.id, params.id, body));
