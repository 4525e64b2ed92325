/**
 * Stripe, through the official SDK: Checkout Sessions (hosted page, USD, integer cents, the
 * price locked into the session as price_data, tax added on top by Stripe Tax from the billing
 * address with tax ID collection, docs/decisions/050), Connect Express accounts for creators with
 * destination charges and the platform's application fee, refunds that reverse the transfer
 * and the fee, and webhook verification with stripe.webhooks.constructEvent on the raw body.
 *
 * Every Stripe failure becomes PAYMENTS_UNAVAILABLE ('Payments are unavailable right now.
 * Please try again.'): a buyer cannot fix Stripe being down or misconfigured, and nothing was
 * charged. Failures other than the network are logged for the operator.
 * `host`/`port`/`protocol` exist for the contract test (a local stand-in of Stripe's API).
 */
import Stripe from 'stripe';
import { toPayoutSchedule, type PayoutSchedule } from '@/src/shared/payout-schedule';
import { applicationFeeBps } from '@/src/shared/payments';
import { discountLine } from '@/src/shared/discounts';
import { AppError } from '../_shared/errors';
import type { CartCheckoutRequest, CheckoutRequest, PaymentProvider } from './provider';
import { verifyStripeSignature } from './signature';

/** Stripe Tax's product tax code 'General - Electronically Supplied Services' (digital products). */
const DIGITAL_GOODS_TAX_CODE = 'txcd_10000000';

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
        // The price is without tax; Stripe Tax adds the buyer's country's tax on top (docs/decisions/050).
        tax_behavior: 'exclusive',
        product_data: {
          name: request.product.title,
          metadata: { productId: request.product.id },
          tax_code: DIGITAL_GOODS_TAX_CODE,
          // The price is already after the code (docs/decisions/075): the line says so before paying.
          ...(request.discount ? { description: discountLine(request.discount) } : {}),
        },
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
      // Stripe's page shows it above the Pay button: who sells (docs/decisions/050) and the refund policy before paying (docs/decisions/049).
      custom_text: { submit: { message: `${request.sellerText}. ${request.refundText}` } },
      // Stripe Tax: the billing address decides the country and rate, a business can give its
      // tax ID (the EU reverse charge), and the session's total_details.amount_tax is what the
      // order stores (webhook.service.ts, docs/decisions/050).
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      billing_address_collection: 'required',
    };
    if (request.mode === 'payment') {
      // The creator is sent their net on the price (the price less the platform fee), not the
      // charge less a fee: Stripe Tax adds the tax to the charge, and the platform, which owes
      // it, keeps it with the fee (docs/decisions/050).
      params.payment_intent_data = {
        metadata,
        ...(destination ? { transfer_data: { ...destination, amount: request.amountCents - request.feeCents } } : {}),
      };
    } else {
      // Stripe takes a subscription's fee as a percentage of each invoice.
      // It is of the total with tax: the tax share it transfers is reversed after each invoice (tax-reversal.job.ts).
      const percent = applicationFeeBps(request.amountCents, request.feeCents) / 100;
      params.subscription_data = { metadata, ...(destination ? { application_fee_percent: percent, transfer_data: destination } : {}) };
    }
    const session = await guard('checkout', () => this.stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${request.orderId}` }));
    if (!session.url) throw new AppError('PAYMENTS_UNAVAILABLE');
    return { sessionId: session.id, url: session.url };
  }

  /**
   * A cart (docs/decisions/082): separate charges and transfers. One Checkout Session of a line
   * per product, charged to the platform with no transfer_data; its payment intent carries the
   * cart's transfer_group, and each order's net is transferred to its creator once paid
   * (transferOrder). Tax as for one product: Stripe Tax on top of each line.
   */
  async createCartCheckout(request: CartCheckoutRequest): Promise<{ sessionId: string; url: string }> {
    const metadata = { checkoutGroup: request.groupId, buyerId: request.buyer.id };
    const sellers = [...new Set(request.lines.map((l) => l.sellerText))].join('; ');
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: request.lines.map((line) => ({
        quantity: 1,
        price_data: {
          currency: request.currency,
          unit_amount: line.amountCents,
          tax_behavior: 'exclusive',
          product_data: {
            name: line.product.title,
            description: `${line.sellerText}. ${line.refundText}`,
            metadata: { productId: line.product.id, orderId: line.orderId },
            tax_code: DIGITAL_GOODS_TAX_CODE,
          },
        },
      })),
      client_reference_id: request.groupId,
      customer_email: request.buyer.email,
      metadata,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      custom_text: { submit: { message: sellers.slice(0, 1000) } },
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      billing_address_collection: 'required',
      payment_intent_data: { metadata, transfer_group: request.groupId },
    };
    const session = await guard('cart checkout', () => this.stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${request.groupId}` }));
    if (!session.url) throw new AppError('PAYMENTS_UNAVAILABLE');
    return { sessionId: session.id, url: session.url };
  }

  /** A cart order's net to its creator, out of the cart's charge (source_transaction: available when the charge's funds are), once per order. */
  async transferOrder(transfer: {
    orderId: string;
    amountCents: number;
    destinationAccountId: string;
    transferGroup: string;
    paymentIntentId: string;
  }): Promise<{ transferId: string }> {
    const intent = await guard('payment intent', () => this.stripe.paymentIntents.retrieve(transfer.paymentIntentId));
    const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null);
    if (!charge) throw new Error(`payment ${transfer.paymentIntentId} has no charge to transfer from`);
    const created = await guard('transfer', () =>
      this.stripe.transfers.create(
        {
          amount: transfer.amountCents,
          currency: 'usd',
          destination: transfer.destinationAccountId,
          transfer_group: transfer.transferGroup,
          source_transaction: charge,
          metadata: { orderId: transfer.orderId },
        },
        { idempotencyKey: `order-transfer-${transfer.orderId}` },
      ),
    );
    return { transferId: created.id };
  }

  /** The card of a completed checkout's payment intent, for its invoice (brand and last four only). */
  async paymentCard(paymentIntentId: string): Promise<{ brand: string; last4: string } | null> {
    const intent = await guard('payment intent', () => this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['payment_method'] }));
    const method = intent.payment_method;
    const card = method && typeof method === 'object' ? method.card : null;
    return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null;
  }

  async refund(payment: {
    paymentId: string;
    orderId: string;
    subscription: boolean;
    cartPart?: { amountCents: number; transferId: string | null };
  }): Promise<{ refundId: string }> {
    if (payment.cartPart) return this.refundCartPart(payment.paymentId, payment.orderId, payment.cartPart);
    const refund = await guard('refund', () =>
      this.stripe.refunds.create(
        {
          payment_intent: payment.paymentId,
          reverse_transfer: true,
          // Only a subscription's payments carry an application fee (application_fee_percent); a
          // one-time sale transfers its net (transfer_data.amount) and has no fee to give back.
          ...(payment.subscription ? { refund_application_fee: true } : {}),
          metadata: { orderId: payment.orderId },
        },
        { idempotencyKey: `refund-${payment.orderId}` },
      ),
    );
    return { refundId: refund.id };
  }

  /**
   * One order of a cart's payment (docs/decisions/082): a partial refund of its part, then the
   * reversal of its own transfer (the creator gives back the net they were sent), each once per
   * order by its idempotency key.
   */
  private async refundCartPart(paymentIntentId: string, orderId: string, part: { amountCents: number; transferId: string | null }) {
    const refund = await guard('refund', () =>
      this.stripe.refunds.create({ payment_intent: paymentIntentId, amount: part.amountCents, metadata: { orderId } }, { idempotencyKey: `refund-${orderId}` }),
    );
    const transferId = part.transferId;
    if (transferId)
      await guard('transfer reversal', () =>
        this.stripe.transfers.createReversal(transferId, { metadata: { orderId } }, { idempotencyKey: `order-transfer-reversal-${orderId}` }),
      );
    return { refundId: refund.id };
  }

  async reverseInvoiceTransfer(reversal: { invoiceId: string; paymentIntentId: string | null; amountCents: number }): Promise<{ reversalId: string } | null> {
    const { invoiceId, amountCents } = reversal;
    const paymentIntentId = reversal.paymentIntentId ?? (await this.paymentIntentOfInvoice(invoiceId));
    if (!paymentIntentId) return null;
    const intent = await guard('payment intent', () => this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }));
    const charge = intent.latest_charge;
    const transfer = charge && typeof charge === 'object' ? charge.transfer : null;
    const transferId = typeof transfer === 'string' ? transfer : (transfer?.id ?? null);
    if (!transferId) return null;
    // Stripe's idempotency key lasts 24 hours; the reversal's metadata makes a later retry find it.
    const reversals = await guard('transfer reversals', () => this.stripe.transfers.listReversals(transferId, { limit: 100 }));
    const made = reversals.data.find((r) => r.metadata?.['invoiceId'] === invoiceId);
    if (made) return { reversalId: made.id };
    const created = await guard('transfer reversal', () =>
      this.stripe.transfers.createReversal(transferId, { amount: amountCents, metadata: { invoiceId } }, { idempotencyKey: `tax-reversal-${invoiceId}` }),
    );
    return { reversalId: created.id };
  }

  /** The payment intent that paid an invoice (its payments, in the API versions without invoice.payment_intent). */
  private async paymentIntentOfInvoice(invoiceId: string): Promise<string | null> {
    const invoice = await guard('invoice', () => this.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }));
    const intent = invoice.payments?.data?.[0]?.payment?.payment_intent;
    return typeof intent === 'string' ? intent : (intent?.id ?? null);
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

  async getPayoutSchedule(accountId: string): Promise<PayoutSchedule | null> {
    const account = await guard('account retrieve', () => this.stripe.accounts.retrieve(accountId));
    return toPayoutSchedule(account.settings?.payouts?.schedule);
  }
}
