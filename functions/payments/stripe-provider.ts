/**
 * Stripe, through the official SDK: Checkout Sessions (hosted page, USD, integer cents, the
 * price locked into the session as price_data), Connect Express accounts for creators with
 * destination charges and the platform's application fee, refunds that reverse the transfer
 * and the fee, and webhook verification with stripe.webhooks.constructEvent on the raw body.
 *
 * Every Stripe failure becomes PAYMENTS_UNAVAILABLE ('Payments are unavailable right now.
 * Please try again.'): a buyer cannot fix Stripe being down or misconfigured, and nothing was
 * charged. Failures other than the network are logged for the operator.
 * `host`/`port`/`protocol` exist for the contract test (a local stand-in of Stripe's API).
 */
import Stripe from 'stripe';
import { AppError } from '../_shared/errors';
import type { CheckoutRequest, PaymentProvider } from './provider';
import { verifyStripeSignature } from './signature';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Milliseconds before a call to Stripe gives up. */
  timeout?: number;
}

async function guard<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (!(error instanceof Stripe.errors.StripeConnectionError)) {
      const detail = error instanceof Stripe.errors.StripeError ? `${error.type} ${error.statusCode ?? ''} ${error.message}` : String(error);
      console.error(`[payments] Stripe ${what} failed: ${detail}`);
    }
    throw new AppError('PAYMENTS_UNAVAILABLE');
  }
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly requiresPayoutAccount = true;
  readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeProviderOptions) {
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      timeout: options.timeout ?? 15_000,
      appInfo: { name: 'toolmint' },
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    const metadata = { orderId: request.orderId, productId: request.product.id, buyerId: request.buyer.id };
    const destination = request.destinationAccountId ? { destination: request.destinationAccountId } : undefined;
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = {
      quantity: 1,
      price_data: {
        currency: request.currency,
        unit_amount: request.amountCents,
        product_data: { name: request.product.title, metadata: { productId: request.product.id } },
        ...(request.mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
      },
    };
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: request.mode,
      line_items: [lineItem],
      client_reference_id: request.orderId,
      customer_email: request.buyer.email,
      metadata,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    };
    if (request.mode === 'payment') {
      params.payment_intent_data = {
        metadata,
        ...(destination ? { application_fee_amount: request.feeCents, transfer_data: destination } : {}),
      };
    } else {
      // Stripe takes a subscription's fee as a percentage of each invoice.
      const percent = request.amountCents ? Math.round((request.feeCents / request.amountCents) * 10000) / 100 : 0;
      params.subscription_data = { metadata, ...(destination ? { application_fee_percent: percent, transfer_data: destination } : {}) };
    }
    const session = await guard('checkout', () => this.stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${request.orderId}` }));
    if (!session.url) throw new AppError('PAYMENTS_UNAVAILABLE');
    return { sessionId: session.id, url: session.url };
  }

  async refund(payment: { paymentId: string; orderId: string }): Promise<{ refundId: string }> {
    const refund = await guard('refund', () =>
      this.stripe.refunds.create(
        { payment_intent: payment.paymentId, reverse_transfer: true, refund_application_fee: true, metadata: { orderId: payment.orderId } },
        { idempotencyKey: `refund-${payment.orderId}` },
      ),
    );
    return { refundId: refund.id };
  }

  async cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<void> {
    await guard('subscription cancel', () => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
  }

  verifyWebhook(rawBody: string, signature: string | null): Stripe.Event {
    return verifyStripeSignature(rawBody, signature, this.webhookSecret);
  }

  async createPayoutOnboarding(creator: { id: string; email: string }, accountId: string | null, urls: { returnUrl: string; refreshUrl: string }) {
    const id =
      accountId ??
      (
        await guard('account create', () =>
          this.stripe.accounts.create(
            {
              type: 'express',
              email: creator.email,
              metadata: { creatorId: creator.id },
              capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            },
            { idempotencyKey: `account-${creator.id}` },
          ),
        )
      ).id;
    const link = await guard('account link', () =>
      this.stripe.accountLinks.create({ account: id, type: 'account_onboarding', return_url: urls.returnUrl, refresh_url: urls.refreshUrl }),
    );
    return { accountId: id, url: link.url };
  }

  async createDashboardLink(accountId: string): Promise<string> {
    const link = await guard('login link', () => this.stripe.accounts.createLoginLink(accountId));
    return link.url;
  }
}
