/**
 * After the payment: the buyer's library and receipts, refunds (the buyer's, as the product's
 * refund policy allows: refunds.service.ts; a creator's or an admin's refund of a sale, any
 * time), subscription cancellation at period end, the
 * admin's order list, and the local provider's subscription clock for tests.
 *
 * Authorization: a buyer reaches only their own orders (another's answers 404 ORDER_NOT_FOUND,
 * the same as one that does not exist); a sale is refunded by its creator or an admin.
 * A refund goes through the provider first; only when it succeeded is the order marked
 * refunded (and access revoked) in one transaction with the same rule the webhook uses.
 */
import type { Transaction } from 'kysely';
import type { Db } from '@/db/database';
import type { Database, Order } from '@/db/schema';
import * as z from 'zod/mini';
import { LIMIT_DEFAULT, type QueryOf } from '@/src/shared/api/contract';
import type { listAdminOrders } from '@/src/shared/api/routes/payments';
import type { AdminOrder, LibraryItem } from '@/src/shared/api/schemas/payments';
import { formatOrderNumber, parseOrderNumber, SUBSCRIPTION_PERIOD_DAYS } from '@/src/shared/payments';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { AppError } from '../_shared/errors';
import type { PaymentsDeps } from './deps';
import { LocalPaymentProvider, localId } from './local-provider';
import { refundRequestOf } from './provider';
import {
  findFirstSubscriptionOrder,
  findOrder,
  findOrderWithProduct,
  findSubscription,
  listAllOrders,
  listBuyerBundleItems,
  listBuyerOrders,
  listDownloadedWithoutOrder,
  updateSubscription,
} from './payments.repository';
import { handleWebhook, refundOrderInTrx } from './webhook.service';
import { afterCommit, jobsReady } from '@/functions/jobs';
import { isAdmin } from '../_shared/auth-guard';
import { listBuyerLicenses } from '../licenses/licenses.repository';
import { ACTIVE_SUBSCRIPTION_STATUSES, isOneOf, type OrderStatus } from '@/src/shared/domain';
import { buyerRefundOptions, requestRefund } from './refunds.service';
import { taxOnCents } from '@/src/shared/tax';

type Trx = Transaction<Database>;

const DAY = 24 * 60 * 60 * 1000;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * /library: every order (newest first), with what 'Request refund' does for it now (refunds.service.ts),
 * then free products downloaded without one, each with its licence key. `now`: a test's clock.
 */
export async function getLibrary(db: Db, userId: string, now: Date = new Date()): Promise<LibraryItem[]> {
  const [orders, bundleItems, downloads, licenses, refunds] = await Promise.all([
    listBuyerOrders(db, userId),
    listBuyerBundleItems(db, userId),
    listDownloadedWithoutOrder(db, userId),
    listBuyerLicenses(db, userId),
    buyerRefundOptions(db, userId, now),
  ]);
  const view = (l: (typeof licenses)[number] | undefined) => (l ? { key: l.key, disabled: l.disabled_at !== null } : null);
  const byOrder = new Map(licenses.filter((l) => l.order_id).map((l) => [l.order_id, l]));
  const freeByProduct = new Map(licenses.filter((l) => !l.order_id).map((l) => [l.product_id, l]));
  const items: LibraryItem[] = orders.map((o) => {
    const activeSub =
      isOneOf(ACTIVE_SUBSCRIPTION_STATUSES, o.subscription_status) && o.current_period_end && new Date(o.current_period_end).getTime() > now.getTime();
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
        discountCode: o.discount_code,
        discountCents: o.discount_cents,
        taxCents: o.tax_cents,
        paidAt: iso(o.paid_at),
        refundedAt: iso(o.refunded_at),
        canRefund: (refunds.get(o.id)?.option.kind ?? 'none') !== 'none',
        refundOffer: refunds.get(o.id)?.option.kind ?? 'none',
        refundRequest: refunds.get(o.id)?.request ?? null,
      },
      subscription: o.subscription_status
        ? { status: o.subscription_status, currentPeriodEnd: iso(o.current_period_end), cancelAtPeriodEnd: Boolean(o.cancel_at_period_end) }
        : null,
      lastDownloadedAt: null,
      license: view(byOrder.get(o.id)),
      fromBundle: null,
    };
  });
  // Each product of a paid bundle order, 'from the bundle X' (docs/decisions/080), unless the
  // buyer's own paid order of it is already listed; a refunded bundle's products are gone.
  const listed = new Set(items.filter((i) => i.order?.status === 'paid').map((i) => i.productId));
  for (const b of bundleItems) {
    if (listed.has(b.product_id)) continue;
    listed.add(b.product_id);
    items.push({
      productId: b.product_id,
      title: b.title,
      imageUrl: b.image_url,
      // The download rule: published, or archived for someone entitled.
      hasAccess: b.status === 'published' || b.status === 'archived',
      order: null,
      subscription: null,
      lastDownloadedAt: null,
      license: null,
      fromBundle: { id: b.bundle_id, title: b.bundle_title },
    });
  }
  for (const d of downloads) {
    items.push({
      productId: d.product_id,
      title: d.title,
      imageUrl: d.image_url,
      hasAccess: d.status === 'published',
      order: null,
      subscription: null,
      lastDownloadedAt: iso(d.last_downloaded_at),
      license: view(freeByProduct.get(d.product_id)),
      fromBundle: null,
    });
  }
  return items;
}

export async function ownOrder(db: Db, userId: string, orderId: string): Promise<Order> {
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
    discountCode: order.discount_code,
    discountCents: order.discount_cents,
    taxCents: order.tax_cents,
    totalCents: order.amount_cents + order.tax_cents,
    currency: order.currency,
    productId: order.product_id,
    productTitle: product?.product_title ?? '',
    paidAt: iso(order.paid_at),
    refundedAt: iso(order.refunded_at),
  };
}

/**
 * The one refund path (buyer, creator, admin, an approved refund request): the provider first,
 * then paid -> refunded in one transaction (refundOrderInTrx, which the webhook shares), whose
 * emails are reactions to the 'order.refunded' it emits (order-notices.job.ts). `inTrx` adds
 * to that transaction (an approved request's notice to the buyer); `reason` is the buyer
 * email's first line; `buyerEmail: false` leaves the buyer's email to the caller (an approved
 * request's answer says the refund was made, docs/decisions/051).
 */
export async function refundThroughProvider(
  db: Db,
  deps: PaymentsDeps,
  order: Order,
  options: { reason?: string; inTrx?: (trx: Trx, refunded: Order) => Promise<void>; buyerEmail?: boolean } = {},
): Promise<Order> {
  if (order.status !== 'paid') throw new AppError('REFUND_NOT_ALLOWED');
  if (!order.provider_payment_id) throw new AppError('REFUND_NOT_ALLOWED');
  await deps.provider.refund(refundRequestOf({ ...order, provider_payment_id: order.provider_payment_id }));
  // The transaction emits 'order.refunded': the engine first (PGlite, decision 040).
  await jobsReady(db);
  const refunded = await db.transaction().execute(async (trx) => {
    const row = await refundOrderInTrx(trx, order, { ...(options.reason ? { reason: options.reason } : {}), buyerEmail: options.buyerEmail ?? true });
    if (row && options.inTrx) await options.inTrx(trx, row);
    return row;
  });
  if (refunded?.provider_subscription_id) await deps.provider.cancelSubscriptionAtPeriodEnd(refunded.provider_subscription_id).catch(() => {});
  if (refunded) afterCommit(db, ['order.refunded', 'webhooks.due']);
  // Someone else (a webhook, a concurrent click) refunded it meanwhile: same outcome.
  return refunded ?? { ...order, status: 'refunded' };
}

/** A refund from /sales (the sale's creator) or the admin list (an admin), any time. */
export async function refundSale(db: Db, deps: PaymentsDeps, actorId: string, orderId: string) {
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
  // A renewal is taxed like the subscription's first payment (the buyer's country and rate), as Stripe Tax would.
  const first = await findFirstSubscriptionOrder(db, subscriptionId);
  const tax = first?.tax_rate_bps ? taxOnCents(sub.price_cents, first.tax_rate_bps) : 0;
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
          amount_paid: sub.price_cents + tax,
          tax,
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

/** What the admin list takes: GET /api/admin/orders' query as its schema parsed it (`limit` defaults to 20). */
export type AdminOrdersInput = Partial<QueryOf<typeof listAdminOrders>>;

/** The list's keyset position: the order number, unique and given in insert order. */
const AdminOrdersCursor = z.object({ n: z.string().check(z.regex(/^\d{1,18}$/)) });

/**
 * The admin's order list, newest first (by order number), a page at a time: search by buyer
 * email or order number (TM-000042 or 42).
 */
export async function listOrdersForAdmin(db: Db, actorId: string, { q, cursor, limit = LIMIT_DEFAULT }: AdminOrdersInput) {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
  const after = decodeCursor(cursor, AdminOrdersCursor);
  const number = q ? parseOrderNumber(q) : null;
  const filter = number !== null ? { number } : q ? { email: q } : {};
  const rows = await listAllOrders(db, filter, { beforeNumber: after?.n ?? null, limit: limit + 1 });
  const { items, nextCursor } = pageOf(rows, limit, (o) => ({ n: String(o.number) }));
  return {
    items: items.map((o): AdminOrder => ({
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
    nextCursor,
  };
}

/**
 * POST /api/orders/{id}/refund: the buyer's own instant refund (as the product's refund policy
 * allows: refunds.service.ts), or the sale's creator or an admin. Anyone else, like an id that
 * does not exist: 404.
 */
export async function refundOrder(db: Db, deps: PaymentsDeps, actorId: string, orderId: string) {
  const order = await findOrder(db, orderId);
  if (order?.buyer_id === actorId) return requestRefund(db, deps, actorId, orderId);
  return refundSale(db, deps, actorId, orderId);
}
