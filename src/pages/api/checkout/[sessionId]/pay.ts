/**
 * POST /api/checkout/{sessionId}/pay { cardNumber, expiry, cvc }: the local test-mode
 * checkout's Pay / Subscribe button. -> { redirectUrl } on success; 402 CARD_DECLINED with
 * the card's message; 404 for a checkout that is not the caller's.
 */
import { getDb } from '@/db/database';
import { requireVerifiedUser } from '@/functions/_shared/auth-guard';
import { checkoutSessionParam, handle, json, readJsonBody } from '@/functions/_shared/http';
import { payLocalCheckout } from '@/functions/payments/checkout.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';

export const POST = handle(async (context) => {
  const user = requireVerifiedUser(context);
  const sessionId = checkoutSessionParam(context, 'sessionId');
  const body: unknown = await readJsonBody(context.request);
  return json(await payLocalCheckout(await getDb(), defaultPaymentsDeps(), user.id, sessionId, body));
});
