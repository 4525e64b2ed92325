/** GET /api/orders/{id}: the receipt of one of the caller's orders (another user's: 404). */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, uuidParam } from '@/functions/_shared/http';
import { getReceipt } from '@/functions/payments/orders.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await getReceipt(await getDb(), user.id, uuidParam(context, 'id')));
});
