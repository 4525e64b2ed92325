/** GET /api/orders/{id}: the receipt of one of the caller's orders (another user's: 404). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getReceipt } from '@/functions/payments/orders.service';
import { getOrder as route } from '@/src/shared/api/routes/payments';

export const GET = endpoint(route, async ({ user, params }) => getReceipt(await getDb(), user.id, params.id));
