/**
 * After the payment: the buyer's library and receipts, refunds (the buyer's 30-day guarantee,
 * a creator's or an admin's refund of a sale), subscription cancellation at period end, the
 * admin's order list, and the local provider's subscription clock for tests.
 *
 * Authorization: a buyer reaches only their own orders (another's answers 404 ORDER_NOT_FOUND,
 * the same as one that does not exist); a sale is refunded by its creator or an admin.
 * A refund goes through the provider first; only when it succeeded is the order marked
 * refunded (and access revoked) in one transaction with the same rule the webhook uses.
 */
import { z } from 'zod';
import type { Db } from '@/db/database';
import type { Order } from '@/db/schema';
import { formatOrderNumber, parseOrderNumber, REFUND_WINDOW_DAYS, SUBSCRIPTION_PERIOD_DAYS } from '@/src/shared/payments';
import { AppError } from '../_shared/errors';
import type { PaymentsDeps } from './deps';
import { LocalPaymentProvider, localId } from './local-provider';
import { sendRefundNotices } from './notices';
import {
  findOrder,
  findOrderWithProduct,
  findSubscription,
  listAllOrders,
  listBuyerOrders,
  listDownloadedWithoutOrder,
  updateSubscription,
} from './payments.repository';
import { handleWebhook, refundOrderInTrx } from './webhook.service';
import { isAdmin } from '../profiles/profiles.service';
import { ACTIVE_SUBSCRIPTION_STATUSES, isOneOf, type OrderStatus } from '@/src/shared/domain';
import type { LibraryItem } from '@/src/shared/library';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = 24 * 60 * 60 * 1000;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function isWithinRefundWindow(paidAt: Date | string | null, now: Date = new Date()): boolean {
  return Boolean(paidAt) && now.getTime() - new Date(paidAt as Date).getTime() <= REFUND_WINDOW_DAYS * DAY;
}

/** /library: every order (newest first), then free products downloaded without one. */
export async function getLibrary(db: Db, userId: string): Promise<LibraryItem[]> {
  const [orders, downloads] = await Promise.all([listBuyerOrders(db, userId), listDownloadedWithoutOrder(db, userId)]);
  const now = Date.now();
  const items: LibraryItem[] = orders.map((o) => {
    const activeSub = isOneOf(ACTIVE_SUBSCRIPTION_STATUSES, o.subscription_status) && o.current_period_end && new Date(o.current_period_end).getTime() > now;
    const hasAccess = o.status === 'paid' && (o.kind === 'one_time' || Boolean(activeSub));
    return {
      productId: o.product_id,
      title: o.product_title,
      imageUrl: o.product_image,
      hasAccess,
      order: {
        id: o.id,
        number: formatOrderNumber(o.number),
        status: o.status as Extract<OrderStatus, 'paid' | 'refunded'>,
        kind: o.kind,
        amountCents: o.amount_cents,
        paidAt: iso(o.paid_at),
        refundedAt: iso(o.refunded_at),
        canRefund: o.status === 'paid' && isWithinRefundWindow(o.paid_at),
      },
      subscription: o.subscription_status
        ? { status: o.subscription_status, currentPeriodEnd: iso(o.current_period_end), cancelAtPeriodEnd: Boolean(o.cancel_at_period_end) }
        : null,
      lastDownloadedAt: null,
    };
  });
  for (const d of downloads) {
    items.push({
      productId: d.product_id,
      title: d.title,
      imageUrl: d.image_url,
      hasAccess: d.status === 'published',
      order: null,
      subscription: null,
      lastDownloadedAt: iso(d.last_downloaded_at),
    });
  }
  return items;
}

async function ownOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  if (!UUID.test(orderId)) throw new AppError('ORDER_NOT_FOUND');
  const order = await findOrder(db, orderId);
  if (!order || order.buyer_id !== userId || order.status === 'pending') throw new AppError('ORDER_NOT_FOUND');
  return order;
}

/** The receipt of one of the buyer's orders. */
export async function getReceipt(db: Db, userId: string, orderId: string) {
  const order = await ownOrder(db, userId, orderId);
  const product = await findOrderWithProduct(db, order.id);
  return {
    id: order.id,
    number: formatOrderNumber(order.number),
    status: order.status,
    kind: order.kind,
    amountCents: order.amount_cents,
    currency: order.currency,
    productId: order.product_id,
    productTitle: product?.product_title ?? '',
    paidAt: iso(order.paid_at),
    refundedAt: iso(order.refunded_at),
  };
}

async function refundThroughProvider(db: Db, deps: PaymentsDeps, order: Order): Promise<Order> {
  if (order.status !== 'paid') throw new AppError('REFUND_NOT_ALLOWED');
  if (!order.provider_payment_id) throw new AppError('REFUND_NOT_ALLOWED');
  await deps.provider.refund({ paymentId: order.provider_payment_id, orderId: order.id });
  const effects = { refunded: [] as Order[] };
  const refunded = await db.transaction().execute((trx) => refundOrderInTrx(trx, order, effects));
  if (refunded?.provider_subscription_id) await deps.provider.cancelSubscriptionAtPeriodEnd(refunded.provider_subscription_id).catch(() => {});
  await sendRefundNotices(db, deps, effects.refunded);
  // Someone else (a webhook, a concurrent click) refunded it meanwhile: same outcome.
  return refunded ?? { ...order, status: 'refunded' };
}

/** 'Request refund' in /library: the buyer's own paid order, within 30 days of payment. */
export async function requestRefund(db: Db, deps: PaymentsDeps, userId: string, orderId: string) {
  const order = await ownOrder(db, userId, orderId);
  if (order.status !== 'paid' || !isWithinRefundWindow(order.paid_at)) throw new AppError('REFUND_NOT_ALLOWED');
  const refunded = await refundThroughProvider(db, deps, order);
  return { id: refunded.id, status: 'refunded' as const };
}

/** A refund from /sales (the sale's creator) or the admin list (an admin), any time. */
export async function refundSale(db: Db, deps: PaymentsDeps, actorId: string, orderId: string) {
  if (!UUID.test(orderId)) throw new AppError('ORDER_NOT_FOUND');
  const order = await findOrder(db, orderId);
  if (!order || order.status === 'pending') throw new AppError('ORDER_NOT_FOUND');
  if (order.creator_id !== actorId && !(await isAdmin(db, actorId))) throw new AppError('ORDER_NOT_FOUND');
  const refunded = await refundThroughProvider(db, deps, order);
  return { id: refunded.id, status: 'refunded' as const };
}

/** 'Cancel subscription' in /library: no renewal; access lasts until the period ends. */
export async function cancelSubscription(db: Db, deps: PaymentsDeps, userId: string, orderId: string) {
  const order = await ownOrder(db, userId, orderId);
  const sub = order.provider_subscription_id ? await findSubscription(db, order.provider_subscription_id) : undefined;
  if (!sub || sub.buyer_id !== userId) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  if (sub.status === 'canceled') return { status: sub.status, cancelAtPeriodEnd: true, currentPeriodEnd: iso(sub.current_period_end) };
  await deps.provider.cancelSubscriptionAtPeriodEnd(sub.provider_subscription_id);
  await updateSubscription(db, sub.provider_subscription_id, { cancelAtPeriodEnd: true });
  return { status: sub.status, cancelAtPeriodEnd: true, currentPeriodEnd: iso(sub.current_period_end) };
}

/**
 * The local provider's subscription clock (tests and development): moves a subscription to the
 * end of its period and sends what Stripe would: customer.subscription.deleted when it was
 * cancelled at period end, otherwise invoice.paid for the next month (a renewal order).
 */
export async function advanceLocalSubscription(db: Db, deps: PaymentsDeps, subscriptionId: string): Promise<void> {
  if (!(deps.provider instanceof LocalPaymentProvider)) throw new AppError('NOT_FOUND');
  const sub = await findSubscription(db, subscriptionId);
  if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  const periodEnd = new Date(sub.current_period_end);
  const created = Math.floor(periodEnd.getTime() / 1000);
  const event = sub.cancel_at_period_end
    ? {
        type: 'customer.subscription.deleted',
        object: {
          id: subscriptionId,
          object: 'subscription',
          status: 'canceled',
          cancel_at_period_end: true,
          items: { data: [{ current_period_end: created }] },
        },
      }
    : {
        type: 'invoice.paid',
        object: {
          id: localId('in'),
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          amount_paid: sub.price_cents,
          currency: 'usd',
          subscription: subscriptionId,
          payment_intent: localId('pi'),
          lines: { data: [{ period: { start: created, end: Math.floor((periodEnd.getTime() + SUBSCRIPTION_PERIOD_DAYS * DAY) / 1000) } }] },
        },
      };
  const payload = JSON.stringify({ id: localId('evt'), object: 'event', created, livemode: false, type: event.type, data: { object: event.object } });
  // For the deleted case the period really is over: the clock moves to its end.
  if (sub.cancel_at_period_end) await updateSubscription(db, subscriptionId, { periodEnd: new Date(Math.min(periodEnd.getTime(), Date.now())) });
  await handleWebhook(db, deps, payload, deps.provider.sign(payload));
}

export const AdminOrdersQuerySchema = z.object({ q: z.string().trim().max(200).optional() });

/** The admin's order list: search by buyer email or order number (TM-000042 or 42). */
export async function listOrdersForAdmin(db: Db, actorId: string, raw: unknown) {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
  const { q } = AdminOrdersQuerySchema.parse(raw);
  const number = q ? parseOrderNumber(q) : null;
  const rows = await listAllOrders(db, number !== null ? { number } : q ? { email: q } : {});
  return {
    items: rows.map((o) => ({
      id: o.id,
      number: formatOrderNumber(o.number),
      status: o.status,
      kind: o.kind,
      amountCents: o.amount_cents,
      feeCents: o.fee_cents,
      buyerEmail: o.buyer_email,
      productId: o.product_id,
      productTitle: o.product_title,
      createdAt: iso(o.created_at),
      paidAt: iso(o.paid_at),
      refundedAt: iso(o.refunded_at),
    })),
    nextCursor: null,
  };
}

/**
 * POST /api/orders/{id}/refund: the buyer's own request (30-day guarantee), or the sale's
 * creator or an admin. Anyone else, like an id that does not exist: 404.
 */
export async function refundOrder(db: Db, deps: PaymentsDeps, actorId: string, orderId: string) {
  if (!UUID.test(orderId)) throw new AppError('ORDER_NOT_FOUND');
  const order = await findOrder(db, orderId);
  if (order?.buyer_id === actorId) return requestRefund(db, deps, actorId, orderId);
  return refundSale(db, deps, actorId, orderId);
}
