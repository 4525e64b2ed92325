/**
 * The payment provider interface: everything toolmint asks of a payment engine. Two
 * implementations: Stripe (stripe-provider.ts, when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set) and the local test-mode provider (local-provider.ts, the
 * embedded default). Both speak Stripe's event format, so the webhook service has one code
 * path for fulfilment (docs/decisions/013).
 * getPaymentProvider() picks one per process; services take the provider as an argument so
 * tests pass their own.
 */
import type Stripe from 'stripe';
import { getAuthSecret, getEnv, type Env } from '../_shared/env';
import { LocalPaymentProvider, localWebhookSecret } from './local-provider';
import { StripePaymentProvider } from './stripe-provider';
import type { PaymentProviderName } from '@/src/shared/domain';

export interface CheckoutRequest {
  orderId: string;
  mode: 'payment' | 'subscription';
  amountCents: number;
  feeCents: number;
  currency: 'usd';
  product: { id: string; title: string };
  buyer: { id: string; email: string };
  /** The creator's connected account (Stripe Connect destination charges); null locally. */
  destinationAccountId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Whether creators must connect payouts before their paid products can be bought. */
  readonly requiresPayoutAccount: boolean;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Refunds a payment in full (a payment intent id, or an invoice's payment for renewals). */
  refund(payment: { paymentId: string; orderId: string }): Promise<{ refundId: string }>;
  /** Stops a subscription renewing; access lasts to the end of the paid period. */
  cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Verifies the signature on the raw body and parses the event; throws when it does not match. */
  verifyWebhook(rawBody: string, signature: string | null): Stripe.Event;
  /** Stripe Connect Express: creates the account when needed and an onboarding link. */
  createPayoutOnboarding(
    creator: { id: string; email: string },
    accountId: string | null,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{ accountId: string; url: string }>;
  /** The connected account's Express dashboard. */
  createDashboardLink(accountId: string): Promise<string>;
}

export function createPaymentProvider(env: Env = getEnv()): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return new StripePaymentProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET });
  }
  return new LocalPaymentProvider({ webhookSecret: localWebhookSecret(getAuthSecret(env)), siteUrl: env.SITE_URL });
}

let cached: PaymentProvider | undefined;

export function getPaymentProvider(): PaymentProvider {
  cached ??= createPaymentProvider();
  return cached;
}

/** The platform fee in basis points (PLATFORM_FEE_BPS, default 1500). */
export function platformFeeBps(env: Env = getEnv()): number {
  return env.PLATFORM_FEE_BPS;
}
