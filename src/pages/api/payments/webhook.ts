/**
 * POST /api/payments/webhook: Stripe's (and the local provider's) events. The body is read
 * raw, as the signature covers its exact bytes (functions/payments/webhook.service.ts).
 * 400 on a bad or missing signature; 200 { received: true } otherwise, also for a duplicate.
 */
import { getDb } from '@/db/database';
import { handle, json, readBody } from '@/functions/_shared/http';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { handleWebhook } from '@/functions/payments/webhook.service';

export const POST = handle(async ({ request }) => {
  const raw = (await readBody(request)).toString('utf8');
  const result = await handleWebhook(await getDb(), defaultPaymentsDeps(), raw, request.headers.get('stripe-signature'));
  return json(result);
});
