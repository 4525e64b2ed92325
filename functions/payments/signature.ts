/**
 * Webhook signatures the way Stripe makes them, for both providers: the Stripe provider with
 * Stripe's endpoint secret, the local provider with its own. A bad or missing signature is
 * WEBHOOK_SIGNATURE_INVALID (400), never a parsed event.
 */
import Stripe from 'stripe';
import { AppError } from '../_shared/errors';

export function verifyStripeSignature(rawBody: string, signature: string | null, secret: string): Stripe.Event {
  if (!signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
}
