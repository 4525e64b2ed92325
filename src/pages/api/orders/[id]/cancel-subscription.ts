/**
 * POST /api/orders/{id}/cancel-subscription: 'Cancel subscription' in /library. The
 * subscription stops renewing; access lasts until the paid period ends.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { cancelSubscription } from '@/functions/payments/orders.service';
import { cancelSubscription as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user, params }) => cancelSubscription(await getDb(), defaultPaymentsDeps(), user.id, params.id));
