/**
 * GET /api/admin/orders?q=&cursor=&limit=: every order, newest first, searchable by buyer
 * email or order number (admins only), as { items, nextCursor } pages.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listOrdersForAdmin } from '@/functions/payments/orders.service';
import { listAdminOrders as route } from '@/src/shared/api/routes/payments';

export const GET = endpoint(route, async ({ user, query }) => listOrdersForAdmin(await getDb(), user.id, query));
