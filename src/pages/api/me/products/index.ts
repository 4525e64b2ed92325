/**
 * GET /api/me/products: the signed-in creator's products, newest first, with search, status
 * and category filters, a page at a time. POST creates a product (a draft unless it says
 * otherwise). Bodies and queries are parsed by the routes' schemas (src/shared/api/routes/products.ts).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { createProduct, listMyProducts } from '@/functions/products/products.service';
import * as routes from '@/src/shared/api/routes/products';

export const GET = endpoint(routes.listMyProducts, async ({ user, query }) => listMyProducts(await getDb(), user.id, query));

export const POST = endpoint(routes.createMyProduct, async ({ user, body }) => createProduct(await getDb(), user.id, body));
