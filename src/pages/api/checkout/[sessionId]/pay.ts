/**
 * POST /api/checkout/{sessionId}/pay { cardNumber, expiry, cvc, country, company?, vatId? }: the local test-mode
 * checkout's Pay / Subscribe button. -> { redirectUrl } on success; 402 CARD_DECLINED with
 * the card's message; 404 for a checkout that is not the caller's. The card fields are
 * checked by the route's CardSchema (src/shared/api/schemas/payments.ts) before anything runs.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { payLocalCheckout } from '@/functions/payments/checkout.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { payCheckout as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user, params, body }) => payLocalCheckout(await getDb(), defaultPaymentsDeps(), user.id, params.sessionId, body));
