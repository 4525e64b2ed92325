/**
 * POST /api/checkout/cart { expectedTotalCents } -> 201 { url, orderIds }: one checkout for the
 * whole cart, an order per product (functions/payments/cart.service.ts, docs/decisions/082).
 * Like POST /api/checkout, each order keeps the source cookie (docs/decisions/079) and the
 * affiliate of the ref cookie, checked again (docs/decisions/081).
 */
import { getDb } from '@/db/database';
import { getEnv } from '@/env';
import { endpoint } from '@/functions/_shared/endpoint';
import { startCartCheckout } from '@/functions/payments/cart.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { startCartCheckout as route } from '@/src/shared/api/routes/cart';
import { sourceFromCookieHeader } from '@/src/shared/traffic';
import { refFromCookieHeader } from '@/src/shared/affiliates';

export const POST = endpoint(route, async ({ context, user, body }) => {
  const cookies = context.request.headers.get('cookie');
  const source = sourceFromCookieHeader(cookies, new URL(getEnv().SITE_URL).hostname);
  return startCartCheckout(await getDb(), defaultPaymentsDeps(), user, body, source, refFromCookieHeader(cookies));
});
