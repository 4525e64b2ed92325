/**
 * POST /api/orders/{id}/cancel-subscription: 'Cancel subscription' in /library. The
 * subscription stops renewing; access lasts until the paid period ends.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, uuidParam } from '@/functions/_shared/http';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { cancelSubscription } from '@/functions/payments/orders.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await cancelSubscription(await getDb(), defaultPaymentsDeps(), user.id, uuidParam(context, 'id')));
});
