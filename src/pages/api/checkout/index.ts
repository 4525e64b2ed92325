/**
 * POST /api/checkout { productId } -> 201 { url }: starts a checkout for the signed-in buyer
 * (functions/payments/checkout.service.ts). Buying needs a verified email (docs/decisions/012):
 * a receipt must reach its buyer. Declared in src/shared/api/routes/payments.ts. The order keeps
 * where the buyer came from: the source cookie of their last visit with one (docs/decisions/079),
 * and the affiliate of the ref cookie, checked again (docs/decisions/081).
 */
import { getDb } from '@/db/database';
import { getEnv } from '@/env';
import { endpoint } from '@/functions/_shared/endpoint';
import { startCheckout } from '@/functions/payments/checkout.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { startCheckout as route } from '@/src/shared/api/routes/payments';
import { sourceFromCookieHeader } from '@/src/shared/traffic';
import { refFromCookieHeader } from '@/src/shared/affiliates';

export const POST = endpoint(route, async ({ context, user, body }) => {
  const source = sourceFromCookieHeader(context.request.headers.get('cookie'), new URL(getEnv().SITE_URL).hostname);
  const ref = refFromCookieHeader(context.request.headers.get('cookie'));
  const { url } = await startCheckout(await getDb(), defaultPaymentsDeps(), user, body, source, ref);
  return { url };
});
