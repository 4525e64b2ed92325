/**
 * POST /api/orders/{id}/refund: 'Request refund' in /library (the buyer's own paid order,
 * within 30 days), or a refund of a sale from /sales or the admin orders list (the sale's
 * creator or an admin, any time). -> { id, status: 'refunded' }. Another user's order: 404.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { refundOrder } from '@/functions/payments/orders.service';
import { refundOrder as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user, params }) => refundOrder(await getDb(), defaultPaymentsDeps(), user.id, params.id));
