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
 * - Receipts and the creator's sale emails are sent after the commit.
 * - The creator's webhooks (sale.created, sale.refunded) are enqueued in the same transaction
 *   as the transition, like the bell notice, and sent right after the commit
 *   (functions/webhooks/deliveries.service.ts, docs/decisions/027).
 */
import type Stripe from 'stripe';
import type { Transaction } from 'kysely';
import type { Db } from '@/db/database';
import type { Database, Order } from '@/db/schema';
import { feeCents, SUBSCRIPTION_PERIOD_DAYS } from '@/src/shared/payments';
import type { PaymentsDeps } from './deps';
import {
  closePendingOrder,
  findOrderByPayment,
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
import { sendRefundNotices, sendSaleNotices } from './notices';
import { notifyCreatorOfOrder } from '../notifications/notifications.service';
import { enqueueSaleEvent, kickWebhookDeliveries } from '../webhooks/deliveries.service';
import { disableRefundedLicenses, issueOrderLicense } from '../licenses/licenses.service';
import type { PaymentEventStatus, SubscriptionStatus } from '@/src/shared/domain';

type Trx = Transaction<Database>;
type Outcome = { status: 'processed' | 'ignored' } | { status: 'parked'; waitsFor: string };

/** What happened, for the notices (and duplicate refunds) after commit. */
interface Effects {
  paid: Order[];
  refunded: Order[];
  /** A second paid order of something the buyer already owned: refunded after commit. */
  duplicates: Order[];
}

export interface WebhookResult {
  received: true;
  duplicate: boolean;
  status?: PaymentEventStatus;
}

const DAY = 24 * 60 * 60 * 1000;

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
  const effects: Effects = { paid: [], refunded: [], duplicates: [] };
  const result = await db.transaction().execute(async (trx) => {
    const fresh = await insertEvent(trx, { id: event.id, provider: deps.provider.name, type: event.type, payload: rawBody });
    if (!fresh) return { received: true as const, duplicate: true };
    const outcome = await apply(trx, deps, event, effects);
    if (outcome.status !== 'processed') await setEventStatus(trx, event.id, outcome.status, outcome.status === 'parked' ? outcome.waitsFor : null);
    return { received: true as const, duplicate: false, status: outcome.status };
  });
  if (effects.paid.length || effects.refunded.length || effects.duplicates.length) kickWebhookDeliveries(db);
  await sendSaleNotices(db, deps, effects.paid);
  await sendRefundNotices(db, deps, effects.refunded);
  for (const duplicate of effects.duplicates) await refundDuplicate(db, deps, duplicate);
  return result;
}

/**
 * The buyer paid twice for the same one-time product (two checkouts in two tabs): the second
 * payment goes back at once. If the provider refuses, the order stays paid and the error is
 * logged for a person to refund it (the buyer owns the product either way).
 */
async function refundDuplicate(db: Db, deps: PaymentsDeps, order: Order): Promise<void> {
  if (!order.provider_payment_id) return;
  try {
    await deps.provider.refund({ paymentId: order.provider_payment_id, orderId: order.id });
  } catch (error) {
    console.error(`[payments] could not refund duplicate order ${order.id}:`, error);
    return;
  }
  const effects = { refunded: [] as Order[] };
  await db.transaction().execute((trx) => refundOrderInTrx(trx, order, effects));
  if (effects.refunded.length) kickWebhookDeliveries(db);
  await sendRefundNotices(db, deps, effects.refunded);
}

async function apply(trx: Trx, deps: PaymentsDeps, event: Stripe.Event, effects: Effects): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // 'unpaid' completions (delayed methods) are fulfilled by async_payment_succeeded.
      if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return { status: 'ignored' };
      return fulfil(trx, deps, session, effects);
    }
    case 'checkout.session.async_payment_failed':
      return (await closePendingOrder(trx, event.data.object.id, 'failed')) ? { status: 'processed' } : { status: 'ignored' };
    case 'checkout.session.expired':
      return (await closePendingOrder(trx, event.data.object.id, 'expired')) ? { status: 'processed' } : { status: 'ignored' };
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = idOf(charge.payment_intent) ?? idOf((charge as unknown as Record<string, unknown>)['invoice']);
      if (!paymentId) return { status: 'ignored' };
      // A partial refund keeps the purchase; only a full refund revokes it.
      if (!charge.refunded) return { status: 'ignored' };
      const order = await findOrderByPayment(trx, paymentId);
      if (!order || order.status === 'pending') return { status: 'parked', waitsFor: paymentId };
      await refundOrderInTrx(trx, order, effects);
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
        if (paymentIntent && invoice.id) await replaceInvoicePaymentId(trx, invoice.id, paymentIntent);
        return { status: 'processed' };
      }
      const amount = invoice.amount_paid;
      if (!amount) return { status: 'processed' };
      const renewal = await insertRenewalOrder(trx, {
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
        await notifyCreatorOfOrder(trx, renewal, 'sale');
        await enqueueSaleEvent(trx, 'sale.created', renewal);
        effects.paid.push(renewal);
      }
      return { status: 'processed' };
    }
    default:
      return { status: 'ignored' };
  }
}

function mapSubscriptionStatus(status: string): SubscriptionStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'incomplete') return 'incomplete';
  return 'canceled';
}

/** The payment intent behind an invoice, across Stripe API versions (a refund needs it). */
function paymentIdOfInvoice(raw: Record<string, unknown>): string | null {
  const direct = idOf(raw['payment_intent']);
  if (direct) return direct;
  const payments = raw['payments'] as { data?: { payment?: { payment_intent?: unknown } }[] } | undefined;
  return idOf(payments?.data?.[0]?.payment?.payment_intent);
}

async function fulfil(trx: Trx, deps: PaymentsDeps, session: Stripe.Checkout.Session, effects: Effects): Promise<Outcome> {
  const paymentId = idOf(session.payment_intent) ?? idOf(session.invoice);
  const subscriptionId = idOf(session.subscription);
  const order = await markOrderPaid(trx, session.id, { paymentId, subscriptionId });
  // Already paid (another completion won), or a session we never created.
  if (!order) return { status: 'ignored' };
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
  if (order.kind === 'one_time' && (await hasOtherPaidOrder(trx, order))) effects.duplicates.push(order);
  else {
    // A duplicate payment is refunded at once and gets no key: the buyer has the first order's.
    await issueOrderLicense(trx, order);
    effects.paid.push(order);
  }
  // Events that arrived before this one and waited for it.
  const refs = [paymentId, subscriptionId].filter((r): r is string => Boolean(r));
  for (const parked of await takeParkedEvents(trx, refs)) {
    const outcome = await apply(trx, deps, parked.payload as unknown as Stripe.Event, effects);
    await setEventStatus(trx, parked.id, outcome.status === 'parked' ? 'parked' : outcome.status, outcome.status === 'parked' ? outcome.waitsFor : null);
  }
  return { status: 'processed' };
}

/** paid -> refunded and, for a subscription's order, the subscription ends now. */
export async function refundOrderInTrx(trx: Trx, order: Order, effects: { refunded: Order[] }): Promise<Order | null> {
  const refunded = await markOrderRefunded(trx, order.id);
  if (!refunded) return null;
  await notifyCreatorOfOrder(trx, refunded, 'refund');
  await enqueueSaleEvent(trx, 'sale.refunded', refunded);
  await disableRefundedLicenses(trx, refunded);
  if (refunded.provider_subscription_id) await updateSubscription(trx, refunded.provider_subscription_id, { status: 'canceled' });
  effects.refunded.push(refunded);
  return refunded;
}
