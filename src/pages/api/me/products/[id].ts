/**
 * GET /api/me/products/{id}: one of the caller's products with its deliverables (for the
 * editor and for scripts). PUT replaces it (the GET's JSON is accepted unchanged), PATCH
 * changes the fields it sends, DELETE removes it (and the uploaded files it alone used).
 * Every answer carries the product's qualityScore. Another user's product answers 404 and
 * nothing changes (docs/decisions/024).
 */
import { getDb } from '@/db/database';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { endpoint } from '@/functions/_shared/endpoint';
import { deleteProduct, getOwnProduct, patchProduct, updateProduct } from '@/functions/products/products.service';
import * as routes from '@/src/shared/api/routes/products';

export const GET = endpoint(routes.getMyProduct, async ({ user, params }) => getOwnProduct(await getDb(), user.id, params.id));

export const PUT = endpoint(routes.replaceMyProduct, async ({ user, params, body }) => updateProduct(await getDb(), user.id, params.id, body, getBlobStore()));

export const PATCH = endpoint(routes.patchMyProduct, async ({ user, params, body }) => patchProduct(await getDb(), user.id, params.id, body, getBlobStore()));

export const DELETE = endpoint(routes.deleteMyProduct, async ({ user, params }) => {
  await deleteProduct(await getDb(), user.id, params.id, getBlobStore());
});
