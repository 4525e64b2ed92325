/**
 * POST /api/checkout { productId } -> 201 { url }: starts a checkout for the signed-in buyer
 * (functions/payments/checkout.service.ts). Buying needs a verified email (docs/decisions/012):
 * a receipt must reach its buyer. Declared in src/shared/api/routes/payments.ts.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { startCheckout } from '@/functions/payments/checkout.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { startCheckout as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user, body }) => {
  const { url } = await startCheckout(await getDb(), defaultPaymentsDeps(), user, body);
  return { url };
});
