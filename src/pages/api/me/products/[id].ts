/**
 * GET /api/me/products/{id}: one of the caller's products with its deliverables (for the
 * editor). PUT replaces its form fields, PATCH changes only its status, DELETE removes it
 * (and the uploaded files it alone used). Every answer carries the product's qualityScore.
 * Another user's product answers 404 and nothing changes.
 */
import * as z from 'zod/mini';
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { endpoint } from '@/functions/_shared/endpoint';
import { handle, json, readJsonBody, uuidParam } from '@/functions/_shared/http';
import { changeProductStatus, deleteProduct, getOwnProduct, updateProduct } from '@/functions/products/products.service';
import { PRODUCT_STATUSES } from '@/src/shared/domain';
import * as routes from '@/src/shared/api/routes/products';

export const GET = endpoint(routes.getMyProduct, async ({ user, params }) => getOwnProduct(await getDb(), user.id, params.id));

export const PUT = handle(async (context) => {
  const user = requireApiUser(context);
  const body: unknown = await readJsonBody(context.request);
  return json(await updateProduct(await getDb(), user.id, uuidParam(context, 'id'), body, getBlobStore()));
});

export const PATCH = handle(async (context) => {
  const user = requireApiUser(context);
  const body = z.parse(z.strictObject({ status: z.enum(PRODUCT_STATUSES) }), await readJsonBody(context.request));
  return json(await changeProductStatus(await getDb(), user.id, uuidParam(context, 'id'), body));
});

export const DELETE = endpoint(routes.deleteMyProduct, async ({ user, params }) => {
  await deleteProduct(await getDb(), user.id, params.id, getBlobStore());
});
