/**
 * POST /api/orders/{id}/refund: 'Request refund' in /library (the buyer's own paid order,
 * within 30 days), or a refund of a sale from /sales or the admin orders list (the sale's
 * creator or an admin, any time). -> { id, status: 'refunded' }. Another user's order: 404.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, uuidParam } from '@/functions/_shared/http';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { refundOrder } from '@/functions/payments/orders.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await refundOrder(await getDb(), defaultPaymentsDeps(), user.id, uuidParam(context, 'id')));
});
