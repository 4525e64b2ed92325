/**
 * POST /api/checkout { productId } -> { url }: starts a checkout for the signed-in buyer
 * (functions/payments/checkout.service.ts). 401 signed out, 404 unknown or unpublished,
 * 409 ALREADY_OWNED, 409 PAYOUTS_NOT_READY, 503 PAYMENTS_UNAVAILABLE.
 */
import { getDb } from '@/db/database';
import { requireVerifiedUser } from '@/functions/_shared/auth-guard';
import { handle, json, readJsonBody } from '@/functions/_shared/http';
import { startCheckout } from '@/functions/payments/checkout.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';

export const POST = handle(async (context) => {
  // Buying needs a verified email (docs/decisions/012): a receipt must reach its buyer.
  const user = requireVerifiedUser(context);
  const body: unknown = await readJsonBody(context.request);
  const { url } = await startCheckout(await getDb(), defaultPaymentsDeps(), user, body);
  return json({ url }, { status: 201 });
});
