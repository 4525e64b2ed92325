/** GET /api/studio/bundles lists the caller's bundles; POST makes one. docs/decisions/080. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { createBundle, listMyBundles } from '@/functions/products/bundles.service';
import * as routes from '@/src/shared/api/routes/sales';

export const GET = endpoint(routes.listBundles, async ({ user }) => ({ items: await listMyBundles(await getDb(), user.id), nextCursor: null }));
export const POST = endpoint(routes.createBundle, async ({ user, body }) => createBundle(await getDb(), user.id, body));
