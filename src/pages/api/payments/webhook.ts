/**
 * POST /api/payments/webhook: Stripe's (and the local provider's) events. Auth 'secret': the
 * caller proves itself with the Stripe-Signature header over the exact bytes of the body, so
 * the body is declared raw and read here, unparsed (functions/payments/webhook.service.ts).
 * 400 on a bad or missing signature; 200 { received: true } otherwise, also for a duplicate.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { readBody } from '@/functions/_shared/http';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { handleWebhook } from '@/functions/payments/webhook.service';
import { receivePaymentEvent as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ context: { request } }) => {
  const raw = (await readBody(request)).toString('utf8');
  return handleWebhook(await getDb(), defaultPaymentsDeps(), raw, request.headers.get('stripe-signature'));
});
