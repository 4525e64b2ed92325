/**
 * GET /api/me/products/{id}: one of the caller's products with its deliverables (for the
 * editor). PUT replaces its form fields, PATCH changes only its status, DELETE removes it
 * (and the uploaded files it alone used). Every answer carries the product's qualityScore.
 * Another user's product answers 404 and nothing changes.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { handle, json, readJsonBody, uuidParam } from '@/functions/_shared/http';
import { changeProductStatus, deleteProduct, getOwnProduct, updateProduct } from '@/functions/products/products.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await getOwnProduct(await getDb(), user.id, uuidParam(context, 'id')));
});

export const PUT = handle(async (context) => {
  const user = requireApiUser(context);
  const body: unknown = await readJsonBody(context.request);
  return json(await updateProduct(await getDb(), user.id, uuidParam(context, 'id'), body, getBlobStore()));
});

export const PATCH = handle(async (context) => {
  const user = requireApiUser(context);
  const body: unknown = await readJsonBody(context.request);
  return json(await changeProductStatus(await getDb(), user.id, uuidParam(context, 'id'), body));
});

export const DELETE = handle(async (context) => {
  const user = requireApiUser(context);
  await deleteProduct(await getDb(), user.id, uuidParam(context, 'id'), getBlobStore());
  return new Response(null, { status: 204 });
});
