/**
 * POST /api/checkout/{sessionId}/pay { cardNumber, expiry, cvc }: the local test-mode
 * checkout's Pay / Subscribe button. -> { redirectUrl } on success; 402 CARD_DECLINED with
 * the card's message; 404 for a checkout that is not the caller's.
 */
import { getDb } from '../../../../../db/database';
import { requireApiUser } from '../../../../../functions/_shared/auth-guard';
import { handle, json } from '../../../../../functions/_shared/http';
import { payLocalCheckout } from '../../../../../functions/payments/checkout.service';
import { defaultPaymentsDeps } from '../../../../../functions/payments/deps';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  const body: unknown = await context.request.json().catch(() => null);
  return json(await payLocalCheckout(await getDb(), defaultPaymentsDeps(), user.id, context.params.sessionId ?? '', body));
});
