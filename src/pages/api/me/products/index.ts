/**
 * GET /api/me/products: the signed-in creator's products, newest first, with search,
 * status and category filters. POST creates a product (status defaults to draft).
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, readJsonBody } from '@/functions/_shared/http';
import { createProduct, listMyProducts } from '@/functions/products/products.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  const url = context.url.searchParams;
  const items = await listMyProducts(await getDb(), user.id, {
    search: url.get('search') ?? undefined,
    status: url.get('status') ?? undefined,
    category: url.get('category') ?? undefined,
  });
  return json({ items, nextCursor: null });
});

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  const body: unknown = await readJsonBody(context.request);
  return json(await createProduct(await getDb(), user.id, body), { status: 201 });
});
