/**
 * Local test payments, the embedded default (like the email outbox): no configuration, no
 * network. A checkout is the app's own page /checkout/{sessionId}; the page's Pay button goes
 * to functions/payments/checkout.service.ts payLocalCheckout, which decides the outcome with
 * Stripe's test cards and, on success, emits `checkout.session.completed` in Stripe's format,
 * signed with this provider's webhook secret, into the same webhook handler Stripe's events go
 * through. Refunds and cancellations succeed at once; the service records them.
 *
 * The webhook secret is derived from the auth secret (BETTER_AUTH_SECRET, or the random one
 * `npm start` generates in DATA_DIR on its first start, docs/decisions/053): stable across
 * restarts, different per installation, never a constant someone could use to forge events.
 */
import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../_shared/errors';
import type { CartCheckoutRequest, CheckoutRequest, PaymentProvider } from './provider';
import { verifyStripeSignature } from './signature';

export function localWebhookSecret(authSecret: string): string {
  return `whsec_local_${createHmac('sha256', authSecret).update('toolmint local payments webhook').digest('base64url')}`;
}

/** Stripe-like ids: prefix plus random base62-ish text. */
export function localId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly requiresPayoutAccount = false;
  readonly webhookSecret: string;
  private readonly siteUrl: string;

  constructor(options: { webhookSecret: string; siteUrl: string }) {
    this.webhookSecret = options.webhookSecret;
    this.siteUrl = options.siteUrl;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    void request;
    return this.newSession();
  }

  /** A cart's checkout is the same page, listing each of its orders (docs/decisions/082). */
  async createCartCheckout(request: CartCheckoutRequest): Promise<{ sessionId: string; url: string }> {
    void request;
    return this.newSession();
  }

  /** The session is the orders written under its id; the page reads them. */
  private newSession(): { sessionId: string; url: string } {
    const sessionId = localId('cs');
    return { sessionId, url: new URL(`/checkout/${sessionId}`, this.siteUrl).toString() };
  }

  async refund(): Promise<{ refundId: string }> {
    return { refundId: localId('re') };
  }

  async cancelSubscriptionAtPeriodEnd(): Promise<void> {}

  verifyWebhook(rawBody: string, signature: string | null): Stripe.Event {
    return verifyStripeSignature(rawBody, signature, this.webhookSecret);
  }

  /** Signs an event the way Stripe does, for the local checkout and tests. */
  sign(payload: string): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
  }

  async createPayoutOnboarding(): Promise<{ accountId: string; url: string }> {
    // Locally, payouts are the studio's payout requests (docs/decisions/007); nothing to connect.
    throw new AppError('NOT_FOUND', 'Payouts are handled by payout requests in test mode');
  }

  async createDashboardLink(): Promise<string> {
    throw new AppError('NOT_FOUND', 'Payouts are handled by payout requests in test mode');
  }

  /** Locally payouts are toolmint's own (requests and the scheduled job): there is no provider schedule. */
  async getPayoutSchedule(): Promise<null> {
    return null;
  }
}
