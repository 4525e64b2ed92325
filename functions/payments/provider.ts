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
import { getAuthSecret, getEnv, type Env } from '@/env';
import { LocalPaymentProvider, localWebhookSecret } from './local-provider';
import { StripePaymentProvider } from './stripe-provider';
import type { PaymentProviderName } from '@/src/shared/domain';
import type { PayoutSchedule } from '@/src/shared/payout-schedule';

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
  /** The product's refund policy as buyers read it ('Refunds: within 30 days'), shown before paying (docs/decisions/049). */
  refundText: string;
  /** 'Sold by {creator} through toolmint' (docs/decisions/050). */
  sellerText: string;
  /** The discount code applied (docs/decisions/075): amountCents is already after it; shown as a line before paying. */
  discount?: { code: string; listCents: number; discountCents: number } | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A cart's checkout (docs/decisions/082): one payment of a line per product, each line an order
 * of its own creator. With Stripe Connect the payment is a separate charge: nothing is
 * transferred with it; each order's net is transferred to its creator after it is paid
 * (transferOrder), all under `groupId` (the transfer_group).
 */
export interface CartCheckoutRequest {
  groupId: string;
  currency: 'usd';
  buyer: { id: string; email: string };
  lines: {
    orderId: string;
    product: { id: string; title: string };
    amountCents: number;
    feeCents: number;
    destinationAccountId: string | null;
    refundText: string;
    sellerText: string;
  }[];
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Whether creators must connect payouts before their paid products can be bought. */
  readonly requiresPayoutAccount: boolean;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** One checkout session paying several orders (docs/decisions/082). */
  createCartCheckout(request: CartCheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Stripe Connect, a cart's order once paid: transfers its net to its creator's connected
   * account out of the payment's charge, under the cart's transfer_group, once per order
   * (idempotency key). The local provider transfers nothing (payouts are toolmint's there).
   */
  transferOrder?(transfer: {
    orderId: string;
    amountCents: number;
    destinationAccountId: string;
    transferGroup: string;
    paymentIntentId: string;
  }): Promise<{ transferId: string }>;
  /** The card that paid a payment intent (brand, last four) for the invoice; the local provider's events carry it. */
  paymentCard?(paymentIntentId: string): Promise<{ brand: string; last4: string } | null>;
  /**
   * Stripe Connect: takes `amountCents` back from the transfer of a paid subscription invoice
   * (the tax share Stripe sent the creator, docs/decisions/050), once per invoice. Null when the
   * payment has no transfer. The local provider has none: nothing is transferred locally.
   */
  reverseInvoiceTransfer?(reversal: { invoiceId: string; paymentIntentId: string | null; amountCents: number }): Promise<{ reversalId: string } | null>;
  /**
   * Refunds a payment in full (a payment intent id, or an invoice's payment for renewals).
   * `subscription`: the payment carries an application fee to give back (a one-time sale's
   * transfer is its net instead, docs/decisions/050).
   */
  refund(payment: {
    paymentId: string;
    orderId: string;
    subscription: boolean;
    /**
     * One order of a cart's payment (docs/decisions/082): only its part is refunded (its amount
     * and its tax share), and its own transfer to its creator, when made, is reversed.
     */
    cartPart?: { amountCents: number; transferId: string | null };
  }): Promise<{ refundId: string }>;
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
  /** Stripe's payout schedule of a connected account (docs/decisions/051); null locally, where payouts are toolmint's. */
  getPayoutSchedule(accountId: string): Promise<PayoutSchedule | null>;
}

/**
 * What to ask of the provider to refund an order: its whole payment, or for one order of a
 * cart's payment (docs/decisions/082) only its part, its amount and its tax share, and its own
 * transfer to reverse.
 */
export function refundRequestOf(order: {
  id: string;
  provider_payment_id: string;
  kind: string;
  checkout_group: string | null;
  amount_cents: number;
  tax_cents: number;
  provider_transfer_id: string | null;
}): Parameters<PaymentProvider['refund']>[0] {
  return {
    paymentId: order.provider_payment_id,
    orderId: order.id,
    subscription: order.kind === 'subscription',
    ...(order.checkout_group ? { cartPart: { amountCents: order.amount_cents + order.tax_cents, transferId: order.provider_transfer_id } } : {}),
  };
}

function createPaymentProvider(env: Env = getEnv()): PaymentProvider {
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

/** The process's provider, for a test that points jobs at a stand-in of Stripe; undefined: from the environment again. */
export function setPaymentProvider(provider: PaymentProvider | undefined): void {
  cached = provider;
}

/** The platform fee in basis points (PLATFORM_FEE_BPS, default 1500). */
export function platformFeeBps(env: Env = getEnv()): number {
  return env.PLATFORM_FEE_BPS;
}
