/** GET /api/me/sales: the caller's sales, newest first, page by page (API keys: sales:read). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getSalesPage } from '@/functions/studio/studio.service';
import { listMySales } from '@/src/shared/api/routes/sales';

export const GET = endpoint(listMySales, async ({ user, query }) => getSalesPage(await getDb(), user, query));
