/**
 * POST /api/payments/webhook: the one code path that changes orders after a payment, for
 * Stripe's events and the local provider's alike.
 *
 * - The signature is verified on the raw body first (provider.verifyWebhook); a bad or
 *   missing one answers 400 and changes nothing.
 * - Each event id is stored once (payment_events primary key) in the same transaction as its
 *   effects: a replayed or duplicated event finds its id taken and does nothing; a failure
 *   rolls both back so the provider's retry runs it again.
 * - Fulfilment is `pending -> paid` on the session's order, guarded by the status, so any
 *   number of concurrent completions of one session (different event ids, double submits)
 *   give one paid order.
 * - Out of order: an event about something not recorded yet (a refund before the completion
 *   it refunds, a subscription update before its checkout) is parked with the reference it
 *   waits for and replayed inside the transaction that records that reference.
 * - The creator's bell notice of a sale or refund is written in the transaction of the order's
 *   transition (pending -> paid, a renewal's insert, paid -> refunded), so it exists exactly
 *   when the transition does and a replay, which finds no transition to make, writes none.
 * - A product that issues licence keys gets its key in the transaction of pending -> paid (one
 *   per order: a replay or a losing concurrent completion issues none), and a refund disables
 *   it in the refund's transaction (functions/licenses, docs/decisions/026).
 * - A refund takes the buyer's review out of the product's rating, and buying again puts it
 *   back, recounted in the transaction of the transition (docs/decisions/047); the stored
 *   pages showing the rating are re-rendered after the commit.
 * - A completed payment for a product no longer for sale (its checkout started before the
 *   product was archived, unpublished or made free) is refunded right after the commit, like a
 *   duplicate payment, and the buyer's refund email says why (issue 29).
 * - The creator's ledger gets the sale's net with pending -> paid (and a renewal's insert), and
 *   the refund with paid -> refunded, which also takes the sale out of an open payout
 *   (ledger.service.ts, docs/decisions/048).
 * - The tax the session charged, the buyer's country, company and VAT ID and the card are
 *   stored with pending -> paid, and the order's invoice is issued in that transaction (its
 *   number taken once); a refund issues the credit note in the refund's transaction
 *   (tax.service.ts, invoices.service.ts, docs/decisions/050).
 * - With Stripe Connect, a paid subscription invoice with tax transferred part of its tax to the
 *   creator (the fee is a percent of the total): the transaction that records the invoice
 *   enqueues the reversal of that excess (tax-reversal.job.ts, docs/decisions/050).
 * - Receipts and the creator's sale emails are sent after the commit.
 * - The creator's webhooks (sale.created, sale.refunded) are enqueued in the same transaction
 *   as the transition, like the bell notice, and sent right after the commit
 *   (functions/webhooks/deliveries.service.ts, docs/decisions/027).
 */
import type Stripe from 'stripe';
import type { Transaction } from 'kysely';
import type { Db } from '@/db/database';
import type { Database, Order } from '@/db/schema';
import { feeCents, SUBSCRIPTION_PERIOD_DAYS, subscriptionTaxExcessCents } from '@/src/shared/payments';
import { afterCommit, emit, jobsReady, type EventName } from '@/functions/jobs';
import type { PaymentsDeps } from './deps';
import {
  closePendingOrders,
  findFirstSubscriptionOrder,
  findOrdersByPayment,
  findOrdersBySession,
  findSubscription,
  hasOtherPaidOrder,
  insertEvent,
  insertRenewalOrder,
  insertSubscription,
  markOrderPaid,
  markOrderRefunded,
  replaceInvoicePaymentId,
  setEventStatus,
  setPayoutAccountReady,
  takeParkedEvents,
  updateSubscription,
} from './payments.repository';
import { isStillForSale } from './for-sale';
import { notifyCreatorOfOrder } from '../notifications/notifications.service';
import { enqueueSaleEvent } from '../webhooks/deliveries.service';
import { disableRefundedLicenses, issueOrderLicense } from '../licenses/licenses.service';
import { recountBuyerReview } from '../product-reviews/product-reviews.service';
import { lockCreator } from './ledger.repository';
import { payoutHoldDays, recordRefund, recordSale } from './ledger.service';
import { cardOfPaymentIntent, taxOfSession } from './tax.service';
import { issueCreditNote, issueInvoice } from './invoices.service';
import { enqueueTaxReversal } from './tax-reversal.job';
import { giveDiscountUseBack } from './discounts.repository';
import { deleteCartItems } from './cart.repository';
import { splitByAmounts } from '@/src/shared/cart';
import type { PaymentEventStatus, SubscriptionStatus } from '@/src/shared/domain';

type Trx = Transaction<Database>;
type Outcome = { status: 'processed' | 'ignored' } | { status: 'parked'; waitsFor: string };

export interface WebhookResult {
  received: true;
  duplicate: boolean;
  status?: PaymentEventStatus;
}

const DAY = 24 * 60 * 60 * 1000;

/** The events a payment's webhook may emit. */
const ORDER_EVENTS: readonly EventName[] = ['order.paid', 'order.refunded', 'order.refund-due', 'webhooks.due'];

/** A field of a Stripe object that may be an id or an expanded object (or absent). */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return value.id;
  return null;
}

function fromUnix(seconds: unknown): Date | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;
}

export async function handleWebhook(db: Db, deps: PaymentsDeps, rawBody: string, signature: string | null): Promise<WebhookResult> {
  const event = deps.provider.verifyWebhook(rawBody, signature);
  // The card of a completed checkout, asked of the provider before the transaction (never a call inside one).
  const card = await completedCard(deps, event);
  // The transaction emits events and may enqueue a tax reversal: the engine first (PGlite, decision 040).
  await jobsReady(db);
  const result = await db.transaction().execute(async (trx) => {
    const fresh = await insertEvent(trx, { id: event.id, provider: deps.provider.name, type: event.type, payload: rawBody });
    if (!fresh) return { received: true as const, duplicate: true };
    const outcome = await apply(trx, deps, event, card);
    if (outcome.status !== 'processed') await setEventStatus(trx, event.id, outcome.status, outcome.status === 'parked' ? outcome.waitsFor : null);
    return { received: true as const, duplicate: false, status: outcome.status };
  });
  // Everything else (emails, refunds that must go back, creator webhooks, review pages) is a
  // reaction to the events the transaction emitted (docs/decisions/055).
  if (!result.duplicate) afterCommit(db, ORDER_EVENTS);
  return result;
}

type Card = { brand: string; last4: string } | null;

/** The card that paid a completed checkout: in the event when the payment intent is expanded (the local provider), else asked of the provider. */
async function completedCard(deps: PaymentsDeps, event: Stripe.Event): Promise<Card> {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return null;
  const session = event.data.object;
  const raw = session as unknown as Record<string, unknown>;
  const invoice = raw['invoice'] as Record<string, unknown> | null;
  const inEvent = cardOfPaymentIntent(raw['payment_intent']) ?? cardOfPaymentIntent(invoice && typeof invoice === 'object' ? invoice['payment_intent'] : null);
  if (inEvent) return inEvent;
  const paymentIntent = idOf(raw['payment_intent']);
  if (!paymentIntent || !deps.provider.paymentCard) return null;
  // The card is what the invoice prints; the payment stands without it.
  return deps.provider.paymentCard(paymentIntent).catch((error: unknown) => {
    console.error(`[payments] could not read the card of ${paymentIntent}:`, error);
    return null;
  });
}

async function apply(trx: Trx, deps: PaymentsDeps, event: Stripe.Event, card: Card = null): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // 'unpaid' completions (delayed methods) are fulfilled by async_payment_succeeded.
      if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return { status: 'ignored' };
      return fulfil(trx, deps, session, card);
    }
    case 'checkout.session.async_payment_failed':
      return (await closeCheckout(trx, event.data.object.id, 'failed')) ? { status: 'processed' } : { status: 'ignored' };
    case 'checkout.session.expired':
      return (await closeCheckout(trx, event.data.object.id, 'expired')) ? { status: 'processed' } : { status: 'ignored' };
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = idOf(charge.payment_intent) ?? idOf((charge as unknown as Record<string, unknown>)['invoice']);
      if (!paymentId) return { status: 'ignored' };
      // A partial refund keeps the purchase; only a full refund revokes it.
      if (!charge.refunded) return { status: 'ignored' };
      // A cart's payment pays several orders (docs/decisions/082): refunded in full, all of them.
      // (Refunding one order of a cart is a partial refund of the payment, which does not get here.)
      const orders = await findOrdersByPayment(trx, paymentId);
      if (!orders.length || orders.some((o) => o.status === 'pending')) return { status: 'parked', waitsFor: paymentId };
      for (const order of orders) await refundOrderInTrx(trx, order);
      return { status: 'processed' };
    }
    case 'account.updated': {
      const account = event.data.object;
      const ready = Boolean(account.charges_enabled && account.payouts_enabled && account.details_submitted);
      return (await setPayoutAccountReady(trx, account.id, ready)) ? { status: 'processed' } : { status: 'ignored' };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      if (!(await findSubscription(trx, sub.id))) return { status: 'parked', waitsFor: sub.id };
      const raw = sub as unknown as Record<string, unknown>;
      const item = sub.items?.data?.[0] as unknown as Record<string, unknown> | undefined;
      const periodEnd = fromUnix(item?.['current_period_end']) ?? fromUnix(raw['current_period_end']);
      const status = event.type === 'customer.subscription.deleted' ? 'canceled' : mapSubscriptionStatus(sub.status);
      await updateSubscription(trx, sub.id, { status, cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end), ...(periodEnd ? { periodEnd } : {}) });
      return { status: 'processed' };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const raw = invoice as unknown as Record<string, unknown>;
      const parent = raw['parent'] as { subscription_details?: { subscription?: unknown } } | undefined;
      const subscriptionId = idOf(raw['subscription']) ?? idOf(parent?.subscription_details?.subscription);
      if (!subscriptionId) return { status: 'ignored' };
      const sub = await findSubscription(trx, subscriptionId);
      if (!sub) return { status: 'parked', waitsFor: subscriptionId };
      const line = invoice.lines?.data?.[0];
      const periodEnd = fromUnix(line?.period?.end) ?? new Date(Date.now() + SUBSCRIPTION_PERIOD_DAYS * DAY);
      await updateSubscription(trx, subscriptionId, { status: 'active', periodEnd });
      // The first invoice is the checkout's own payment, already an order (under the invoice
      // id): it now learns its payment intent, which a refund needs.
      if (invoice.billing_reason === 'subscription_create') {
        const paymentIntent = paymentIdOfInvoice(raw);
        const learnt = paymentIntent && invoice.id ? await replaceInvoicePaymentId(trx, invoice.id, paymentIntent) : false;
        // Once, with the order learning its payment; without one in the event the job's own checks keep it to one.
        if (learnt || !paymentIntent) await reverseTaxShare(trx, deps, raw, paymentIntent);
        return { status: 'processed' };
      }
      const tax = invoiceTaxCents(raw);
      const amount = invoice.amount_paid - tax;
      if (!invoice.amount_paid || amount <= 0) return { status: 'processed' };
      const first = await findFirstSubscriptionOrder(trx, subscriptionId);
      const renewal = await insertRenewalOrder(trx, {
        tax: {
          taxCents: tax,
          rateBps: tax && first?.tax_cents ? first.tax_rate_bps : 0,
          taxCountry: first?.tax_country ?? null,
          reverseCharge: tax === 0 && Boolean(first?.tax_reverse_charge),
          buyerCountry: first?.buyer_country ?? null,
          buyerCompany: first?.buyer_company ?? null,
          buyerVatId: first?.buyer_vat_id ?? null,
          cardBrand: first?.payment_card_brand ?? null,
          cardLast4: first?.payment_card_last4 ?? null,
        },
        buyerId: sub.buyer_id,
        productId: sub.product_id,
        creatorId: sub.creator_id,
        amountCents: amount,
        feeCents: feeCents(amount, deps.feeBps),
        provider: deps.provider.name,
        paymentId: paymentIdOfInvoice(raw) ?? invoice.id ?? `${subscriptionId}-${event.id}`,
        subscriptionId,
      });
      if (renewal) {
        await issueInvoice(trx, renewal);
        await recordSale(trx, renewal, payoutHoldDays(deps.payoutHoldDays));
        await notifyCreatorOfOrder(trx, renewal, 'sale');
        await enqueueSaleEvent(trx, 'sale.created', renewal);
        await emit(trx, 'order.paid', { orderId: renewal.id });
        await reverseTaxShare(trx, deps, raw, paymentIdOfInvoice(raw));
      }
      return { status: 'processed' };
    }
    default:
      return { status: 'ignored' };
  }
}

/** pending -> failed or expired; a discount code the checkout held gets its use back in the same transaction (docs/decisions/075). */
export async function closeCheckout(trx: Trx, sessionId: string, status: 'failed' | 'expired'): Promise<boolean> {
  // Every order of the session: a cart's several close together, and its cart stays as it is.
  const closed = await closePendingOrders(trx, sessionId, status);
  for (const order of closed) if (order.discount_code_id) await giveDiscountUseBack(trx, order.discount_code_id);
  return closed.length > 0;
}

function mapSubscriptionStatus(status: string): SubscriptionStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'incomplete') return 'incomplete';
  return 'canceled';
}

/** The tax on a Stripe invoice, across API versions (`tax`, then `total_taxes`), in cents. */
function invoiceTaxCents(raw: Record<string, unknown>): number {
  if (typeof raw['tax'] === 'number') return Math.max(0, Math.trunc(raw['tax']));
  const taxes = raw['total_taxes'];
  if (Array.isArray(taxes))
    return Math.max(
      0,
      taxes.reduce((sum: number, t: { amount?: unknown }) => sum + (typeof t?.amount === 'number' ? Math.trunc(t.amount) : 0), 0),
    );
  return 0;
}

/**
 * In the transaction that records a paid invoice: with Stripe Connect, the tax share transferred
 * to the creator with it (the fee is a percent of the total with tax), to be taken back by the
 * job; the creator's ledger stays net on the price (docs/decisions/050).
 */
async function reverseTaxShare(trx: Trx, deps: PaymentsDeps, raw: Record<string, unknown>, paymentIntentId: string | null): Promise<void> {
  const invoiceId = idOf(raw['id']);
  const transfer = raw['transfer_data'] as { destination?: unknown } | null | undefined;
  if (!deps.provider.reverseInvoiceTransfer || !invoiceId || !idOf(transfer?.destination)) return;
  const fee = raw['application_fee_amount'];
  const amountCents = subscriptionTaxExcessCents(
    {
      amountPaidCents: typeof raw['amount_paid'] === 'number' ? raw['amount_paid'] : 0,
      taxCents: invoiceTaxCents(raw),
      applicationFeeCents: typeof fee === 'number' && Number.isInteger(fee) ? fee : null,
    },
    deps.feeBps,
  );
  await enqueueTaxReversal(trx, { invoiceId, paymentIntentId, amountCents });
}

/** The payment intent behind an invoice, across Stripe API versions (a refund needs it). */
function paymentIdOfInvoice(raw: Record<string, unknown>): string | null {
  const direct = idOf(raw['payment_intent']);
  if (direct) return direct;
  const payments = raw['payments'] as { data?: { payment?: { payment_intent?: unknown } }[] } | undefined;
  return idOf(payments?.data?.[0]?.payment?.payment_intent);
}

async function fulfil(trx: Trx, deps: PaymentsDeps, session: Stripe.Checkout.Session, card: Card): Promise<Outcome> {
  const paymentId = idOf(session.payment_intent) ?? idOf(session.invoice);
  const subscriptionId = idOf(session.subscription);
  // One order, or a cart's order per product (docs/decisions/082): each is fulfilled exactly as a
  // single sale is, with its share of the session's tax (in proportion to its amount, the cents
  // adding up to what the session charged) on its own invoice.
  const orders = await findOrdersBySession(trx, session.id);
  const tax = orders.length
    ? taxOfSession(
        session,
        orders.reduce((sum, o) => sum + o.amount_cents, 0),
        card,
      )
    : undefined;
  const shares = tax
    ? splitByAmounts(
        tax.taxCents,
        orders.map((o) => o.amount_cents),
      )
    : [];
  const paid: Order[] = [];
  for (const [i, pending] of orders.entries()) {
    if (pending.status !== 'pending') continue;
    const order = await markOrderPaid(trx, pending.id, { paymentId, subscriptionId }, tax ? { ...tax, taxCents: shares[i]! } : undefined);
    // Already paid (another completion won).
    if (!order) continue;
    await afterPaid(trx, deps, order, subscriptionId);
    paid.push(order);
  }
  // All paid already, or a session we never created.
  if (!paid.length) return { status: 'ignored' };
  // A cart's paid products leave the buyer's cart with the payment, not before: a cancelled checkout kept them.
  const cartOrders = paid.filter((o) => o.checkout_group);
  if (cartOrders.length)
    await deleteCartItems(
      trx,
      cartOrders[0]!.buyer_id,
      cartOrders.map((o) => o.product_id),
    );
  // Events that arrived before this one and waited for it.
  const refs = [paymentId, subscriptionId].filter((r): r is string => Boolean(r));
  for (const parked of await takeParkedEvents(trx, refs)) {
    const outcome = await apply(trx, deps, parked.payload as unknown as Stripe.Event);
    await setEventStatus(trx, parked.id, outcome.status === 'parked' ? 'parked' : outcome.status, outcome.status === 'parked' ? outcome.waitsFor : null);
  }
  return { status: 'processed' };
}

/**
 * A $0 order (a 100% discount code, docs/decisions/075): no payment to wait for, so it is
 * written paid and fulfilled in one transaction, exactly as a completed payment is (invoice,
 * ledger, licence, receipt, the creator's notices). `write` inserts the paid order (and takes
 * the code's use) inside that transaction.
 */
export async function fulfilWithoutPayment(db: Db, deps: PaymentsDeps, write: (trx: Trx) => Promise<Order>): Promise<Order> {
  await jobsReady(db);
  const order = await db.transaction().execute(async (trx) => {
    const paid = await write(trx);
    await afterPaid(trx, deps, paid, null);
    return paid;
  });
  afterCommit(db, ORDER_EVENTS);
  return order;
}

/** What follows pending -> paid, in its transaction. */
async function afterPaid(trx: Trx, deps: PaymentsDeps, order: Order, subscriptionId: string | null): Promise<void> {
  // The invoice, numbered once with the transition (docs/decisions/050).
  await issueInvoice(trx, order);
  // The creator's ledger: the sale's net, available after the hold (docs/decisions/048).
  await recordSale(trx, order, payoutHoldDays(deps.payoutHoldDays));
  // Every paid transition is a sale for the bell and the webhooks, a duplicate payment too: its refund follows.
  await notifyCreatorOfOrder(trx, order, 'sale');
  await enqueueSaleEvent(trx, 'sale.created', order);
  if (order.kind === 'subscription' && subscriptionId) {
    await insertSubscription(trx, {
      buyerId: order.buyer_id,
      productId: order.product_id,
      creatorId: order.creator_id,
      provider: deps.provider.name,
      subscriptionId,
      priceCents: order.amount_cents,
      periodEnd: new Date(Date.now() + SUBSCRIPTION_PERIOD_DAYS * DAY),
    });
  }
  // A buyer refunded before who buys again: their review counts again (docs/decisions/047).
  await recountBuyerReview(trx, order);
  // A checkout can outlive its product's listing: a payment for a product no longer for sale is
  // refunded at once, with no key and no receipt (issue 29).
  // Both are refunded by the 'order.refund-due' reaction (refund-at-once.job.ts).
  if (!(await isStillForSale(trx, order.product_id))) await emit(trx, 'order.refund-due', { orderId: order.id, why: 'unavailable' });
  else if (order.kind === 'one_time' && (await hasOtherPaidOrder(trx, order))) await emit(trx, 'order.refund-due', { orderId: order.id, why: 'duplicate' });
  else {
    // A duplicate payment is refunded at once and gets no key: the buyer has the first order's.
    await issueOrderLicense(trx, order);
    // Its receipt and the creator's notice are reactions (order-notices.job.ts).
    await emit(trx, 'order.paid', { orderId: order.id });
  }
}

/**
 * paid -> refunded and, for a subscription's order, the subscription ends now; the buyer's
 * review of the product stops counting toward its rating (docs/decisions/047). The emails are
 * reactions to 'order.refunded' (order-notices.job.ts): `notice.reason` opens the buyer's,
 * `notice.buyerEmail: false` leaves the buyer's to the caller. Call jobsReady(db) before the
 * transaction.
 */
export async function refundOrderInTrx(trx: Trx, order: Order, notice: { reason?: string; buyerEmail?: boolean } = {}): Promise<Order | null> {
  // The creator's lock before the order's row: a payout request takes the creator's lock and
  // then touches the order (its payout item), so taking them the other way round deadlocks
  // against it on PostgreSQL (docs/decisions/051).
  await lockCreator(trx, order.creator_id);
  const refunded = await markOrderRefunded(trx, order.id);
  if (!refunded) return null;
  // The credit note, referring to the order's invoice (docs/decisions/050).
  await issueCreditNote(trx, refunded);
  // The net taken back from the creator's ledger, and out of an open payout holding the sale (docs/decisions/048).
  await recordRefund(trx, refunded);
  await notifyCreatorOfOrder(trx, refunded, 'refund');
  await enqueueSaleEvent(trx, 'sale.refunded', refunded);
  await disableRefundedLicenses(trx, refunded);
  await recountBuyerReview(trx, refunded);
  if (refunded.provider_subscription_id) await updateSubscription(trx, refunded.provider_subscription_id, { status: 'canceled' });
  await emit(trx, 'order.refunded', { orderId: refunded.id, ...(notice.reason ? { reason: notice.reason } : {}), buyerEmail: notice.buyerEmail ?? true });
  return refunded;
}
