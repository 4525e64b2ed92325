/**
 * GET /api/me/products: the signed-in creator's products, newest first, with search, status
 * and category filters, a page at a time. POST creates a product (status defaults to draft).
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { endpoint } from '@/functions/_shared/endpoint';
import { handle, json, readJsonBody } from '@/functions/_shared/http';
import { createProduct, listMyProducts } from '@/functions/products/products.service';
import { listMyProducts as listRoute } from '@/src/shared/api/routes/products';

export const GET = endpoint(listRoute, async ({ user, query }) => listMyProducts(await getDb(), user.id, query));

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  const body: unknown = await readJsonBody(context.request);
  return json(await createProduct(await getDb(), user.id, body), { status: 201 });
});
