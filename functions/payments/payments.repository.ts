/**
 * Every query of payments: products as checkout sees them, orders (created pending, moved to
 * paid/refunded/failed/expired by guarded updates so concurrent completions change a row
 * once), the webhook event log with parked events, payout accounts, subscriptions, and the
 * buyer's, creator's and admin's order lists. Functions take `db` or a transaction first.
 * Orders are never deleted here or anywhere.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/db/schema';
import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  type OrderStatus,
  type PaymentEventStatus,
  type PaymentProviderName,
  type PurchaseKind,
  type SubscriptionStatus,
} from '@/src/shared/domain';
import { publishedProducts } from '../catalogue/catalogue.repository';
import type { OrderTax } from './tax.service';
import { NO_SOURCE, sourceLabel, type TrafficSource } from '@/src/shared/traffic';

type Q = Kysely<Database> | Transaction<Database>;

/** A published product as the product page's buy button and a new checkout see it. */
export async function findPublishedProductForSale(db: Q, productId: string) {
  return publishedProducts(db)
    .select(['p.id', 'p.title', 'p.price', 'p.pricing_model', 'p.pay_what_you_want', 'p.suggested_price', 'p.creator_id', 'p.image_url', 'p.refund_policy'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
}

/** A product in any status, for an order's pages and notices (its buyer keeps seeing what they bought). */
export async function findProductForCheckout(db: Q, productId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'title', 'price', 'pricing_model', 'pay_what_you_want', 'suggested_price', 'creator_id', 'status', 'image_url', 'refund_policy'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

export async function findUserEmail(db: Q, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'name', 'full_name']).where('id', '=', userId).executeTakeFirst();
}

/**
 * A paid one-time order, a paid order of a bundle holding the product (docs/decisions/080: a
 * refunded bundle order no longer counts), or a subscription that is active and inside its paid period.
 */
export async function hasEntitlement(db: Q, buyerId: string, productId: string): Promise<boolean> {
  const row = await sql<{ owned: boolean }>`
    select exists (select 1 from orders where buyer_id = ${buyerId} and product_id = ${productId} and status = 'paid' and kind = 'one_time')
        or exists (select 1 from orders o join bundle_items bi on bi.bundle_id = o.product_id
                   where o.buyer_id = ${buyerId} and bi.product_id = ${productId} and o.status = 'paid' and o.kind = 'one_time')
        or exists (select 1 from subscriptions where buyer_id = ${buyerId} and product_id = ${productId}
                   and status in (${sql.join(ACTIVE_SUBSCRIPTION_STATUSES.map((s) => sql.lit(s)))}) and current_period_end > now()) as owned
  `.execute(db);
  return Boolean(row.rows[0]?.owned);
}

export async function insertOrder(
  db: Q,
  values: {
    id: string;
    buyerId: string;
    productId: string;
    creatorId: string;
    kind: PurchaseKind;
    amountCents: number;
    feeCents: number;
    provider: PaymentProviderName;
    /** Null: a $0 order, written paid (no payment, no session; docs/decisions/075). */
    sessionId: string | null;
    destinationAccountId: string | null;
    discount?: { codeId: string; code: string; discountCents: number } | null;
    /** Where the checkout was started from (docs/decisions/079). */
    source?: TrafficSource;
    /** A partial owner's bundle (docs/decisions/080): what their orders of the owned items paid, taken off. */
    bundleCredit?: { creditCents: number; ownedItems: number } | null;
    /** The affiliate credited and the commission locked in (docs/decisions/081): the order's source is then 'affiliate: CODE'. */
    affiliate?: { linkId: string; code: string; userId: string; percent: number; commissionCents: number } | null;
    /** The cart checkout this order is one product of (docs/decisions/082): Stripe's transfer_group. */
    checkoutGroup?: string | null;
  },
) {
  const source = values.source ?? NO_SOURCE;
  const affiliate = values.affiliate ?? null;
  return db
    .insertInto('orders')
    .values({
      source: affiliate ? `affiliate: ${affiliate.code}` : sourceLabel(source),
      affiliate_link_id: affiliate?.linkId ?? null,
      affiliate_user_id: affiliate?.userId ?? null,
      affiliate_percent: affiliate?.percent ?? null,
      affiliate_commission_cents: affiliate?.commissionCents ?? 0,
      source_referrer: source.referrerHost,
      source_medium: source.utmMedium,
      source_campaign: source.utmCampaign,
      ...(values.sessionId === null ? { status: 'paid' as const, paid_at: sql`now()` } : {}),
      discount_code_id: values.discount?.codeId ?? null,
      discount_code: values.discount?.code ?? null,
      discount_cents: values.discount?.discountCents ?? 0,
      bundle_credit_cents: values.bundleCredit?.creditCents ?? 0,
      bundle_owned_items: values.bundleCredit?.ownedItems ?? 0,
      id: values.id,
      buyer_id: values.buyerId,
      product_id: values.productId,
      creator_id: values.creatorId,
      kind: values.kind,
      amount_cents: values.amountCents,
      fee_cents: values.feeCents,
      provider: values.provider,
      provider_session_id: values.sessionId,
      destination_account_id: values.destinationAccountId,
      checkout_group: values.checkoutGroup ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The orders a checkout session pays: one, or a cart's several (docs/decisions/082), in the cart's order. */
export async function findOrdersBySession(db: Q, sessionId: string) {
  return db.selectFrom('orders').selectAll().where('provider_session_id', '=', sessionId).orderBy('number').execute();
}

/** The orders a payment paid: one, or a cart's several (docs/decisions/082). */
export async function findOrdersByPayment(db: Q, paymentId: string) {
  return db.selectFrom('orders').selectAll().where('provider_payment_id', '=', paymentId).orderBy('number').execute();
}

export async function findOrder(db: Q, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/**
 * pending -> paid, one order of a session. The status condition makes this the one place an
 * order is fulfilled: of any number of concurrent completions exactly one gets the row back.
 */
export async function markOrderPaid(db: Q, orderId: string, payment: { paymentId: string | null; subscriptionId: string | null }, tax?: OrderTax) {
  return db
    .updateTable('orders')
    .set({
      status: 'paid',
      paid_at: sql`now()`,
      provider_payment_id: payment.paymentId,
      provider_subscription_id: payment.subscriptionId,
      ...(tax ? taxColumns(tax) : {}),
    })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** What the session charged in tax, who bought and with which card (docs/decisions/050). */
function taxColumns(tax: OrderTax) {
  return {
    tax_cents: tax.taxCents,
    tax_rate_bps: tax.rateBps,
    tax_country: tax.taxCountry,
    tax_reverse_charge: tax.reverseCharge,
    buyer_country: tax.buyerCountry,
    buyer_company: tax.buyerCompany,
    buyer_vat_id: tax.buyerVatId,
    payment_card_brand: tax.cardBrand,
    payment_card_last4: tax.cardLast4,
  };
}

/**
 * A subscription's first order is paid before Stripe names the payment behind its invoice: it
 * is recorded under the invoice id, and replaced by the payment intent when invoice.paid
 * brings it, so that a refund (which Stripe takes by payment intent) can find it.
 */
/** Whether an order still named by the invoice learnt its payment intent (false: done before, or no such order). */
export async function replaceInvoicePaymentId(db: Q, invoiceId: string, paymentIntentId: string): Promise<boolean> {
  const result = await db.updateTable('orders').set({ provider_payment_id: paymentIntentId }).where('provider_payment_id', '=', invoiceId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Whether the buyer already had another paid one-time order of this product (two checkouts
 * paid in two tabs). Locks the buyer's profile row first, so two fulfilments of the same
 * buyer run one after the other and the second sees the first.
 */
export async function hasOtherPaidOrder(db: Q, order: { id: string; buyer_id: string; product_id: string }): Promise<boolean> {
  await db.selectFrom('profiles').select('id').where('id', '=', order.buyer_id).forUpdate().executeTakeFirst();
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('buyer_id', '=', order.buyer_id)
    .where('product_id', '=', order.product_id)
    .where('kind', '=', 'one_time')
    .where('status', '=', 'paid')
    .where('id', '<>', order.id)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** pending -> failed or expired, once, every order of the session (a cart's several at once): the closed orders; a paid order is never touched. */
export async function closePendingOrders(db: Q, sessionId: string, status: Extract<OrderStatus, 'failed' | 'expired'>) {
  return db
    .updateTable('orders')
    .set({ status })
    .where('provider_session_id', '=', sessionId)
    .where('status', '=', 'pending')
    .returning(['id', 'discount_code_id'])
    .execute();
}

/** A cart order's transfer to its creator, once (docs/decisions/082). */
export async function setOrderTransfer(db: Q, orderId: string, transferId: string): Promise<void> {
  await db.updateTable('orders').set({ provider_transfer_id: transferId }).where('id', '=', orderId).where('provider_transfer_id', 'is', null).execute();
}

/**
 * The local provider's open checkouts holding a discount code started before `before`, oldest
 * first (docs/decisions/075): no provider expires them, so the expiry job does.
 */
export async function findStaleLocalCodeCheckouts(db: Q, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('provider_session_id')
    .where('provider', '=', 'local')
    .where('status', '=', 'pending')
    .where('discount_code_id', 'is not', null)
    .where('created_at', '<', before)
    .where('provider_session_id', 'is not', null)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.provider_session_id!);
}

/** paid -> refunded, once. */
export async function markOrderRefunded(db: Q, orderId: string) {
  return db
    .updateTable('orders')
    .set({ status: 'refunded', refunded_at: sql`now()` })
    .where('id', '=', orderId)
    .where('status', '=', 'paid')
    .returningAll()
    .executeTakeFirst();
}

/** A renewal payment of a subscription: a new paid order (one per invoice, by its id). */
export async function insertRenewalOrder(
  db: Q,
  values: {
    buyerId: string;
    productId: string;
    creatorId: string;
    amountCents: number;
    feeCents: number;
    provider: PaymentProviderName;
    paymentId: string;
    subscriptionId: string;
    /** The renewal's tax; the buyer's country, company and card are the subscription's first order's. */
    tax?: OrderTax;
    /** The first order's affiliate, credited again with this payment's commission (docs/decisions/083). */
    affiliate?: { linkId: string | null; userId: string; percent: number; commissionCents: number } | null;
  },
) {
  return (
    db
      .insertInto('orders')
      .values({
        ...(values.tax ? taxColumns(values.tax) : {}),
        buyer_id: values.buyerId,
        product_id: values.productId,
        creator_id: values.creatorId,
        kind: 'subscription',
        amount_cents: values.amountCents,
        fee_cents: values.feeCents,
        provider: values.provider,
        provider_payment_id: values.paymentId,
        provider_subscription_id: values.subscriptionId,
        ...(values.affiliate
          ? {
              affiliate_link_id: values.affiliate.linkId,
              affiliate_user_id: values.affiliate.userId,
              affiliate_percent: values.affiliate.percent,
              affiliate_commission_cents: values.affiliate.commissionCents,
            }
          : {}),
        status: 'paid',
        paid_at: sql`now()`,
      })
      // One renewal order per invoice payment (unique with the product since a cart's payment pays several orders).
      .onConflict((oc) => oc.columns(['provider_payment_id', 'product_id']).doNothing())
      .returningAll()
      .executeTakeFirst()
  );
}

// Webhook events.

/** Stores an event id once; false when it was already there (a replay or a duplicate). */
export async function insertEvent(db: Q, event: { id: string; provider: PaymentProviderName; type: string; payload: string }): Promise<boolean> {
  const row = await db
    .insertInto('payment_events')
    .values({ id: event.id, provider: event.provider, type: event.type, payload: event.payload, processed_at: sql`now()` })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function setEventStatus(db: Q, eventId: string, status: PaymentEventStatus, waitsFor: string | null = null) {
  await db
    .updateTable('payment_events')
    .set({ status, waits_for: waitsFor, processed_at: status === 'parked' ? null : sql`now()` })
    .where('id', '=', eventId)
    .execute();
}

/** Parked events waiting for any of these references, oldest first, locked for this transaction. */
export async function takeParkedEvents(db: Q, refs: string[]) {
  if (!refs.length) return [];
  return db
    .selectFrom('payment_events')
    .select(['id', 'type', 'payload'])
    .where('status', '=', 'parked')
    .where('waits_for', 'in', refs)
    .orderBy('received_at')
    .forUpdate()
    .execute();
}

// Payout accounts (Stripe Connect).

export async function findPayoutAccount(db: Q, creatorId: string) {
  return db.selectFrom('payout_accounts').selectAll().where('creator_id', '=', creatorId).executeTakeFirst();
}

export async function savePayoutAccount(db: Q, creatorId: string, accountId: string) {
  await db
    .insertInto('payout_accounts')
    .values({ creator_id: creatorId, stripe_account_id: accountId, updated_at: sql`now()` })
    .onConflict((oc) => oc.column('creator_id').doUpdateSet({ stripe_account_id: accountId, updated_at: sql`now()` }))
    .execute();
}

export async function setPayoutAccountReady(db: Q, accountId: string, ready: boolean): Promise<boolean> {
  const result = await db
    .updateTable('payout_accounts')
    .set({ is_ready: ready, updated_at: sql`now()` })
    .where('stripe_account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Subscriptions.

export async function insertSubscription(
  db: Q,
  values: { buyerId: string; productId: string; creatorId: string; provider: PaymentProviderName; subscriptionId: string; priceCents: number; periodEnd: Date },
) {
  return db
    .insertInto('subscriptions')
    .values({
      buyer_id: values.buyerId,
      product_id: values.productId,
      creator_id: values.creatorId,
      provider: values.provider,
      provider_subscription_id: values.subscriptionId,
      price_cents: values.priceCents,
      status: 'active',
      current_period_end: values.periodEnd,
      updated_at: sql`now()`,
    })
    .onConflict((oc) => oc.column('provider_subscription_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findSubscription(db: Q, subscriptionId: string) {
  return db.selectFrom('subscriptions').selectAll().where('provider_subscription_id', '=', subscriptionId).executeTakeFirst();
}

export async function updateSubscription(
  db: Q,
  subscriptionId: string,
  values: { status?: SubscriptionStatus; periodEnd?: Date; cancelAtPeriodEnd?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({
      updated_at: sql`now()`,
      ...(values.status ? { status: values.status } : {}),
      ...(values.periodEnd ? { current_period_end: values.periodEnd } : {}),
      ...(values.cancelAtPeriodEnd !== undefined ? { cancel_at_period_end: values.cancelAtPeriodEnd } : {}),
    })
    .where('provider_subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Lists.

const ORDER_WITH_PRODUCT = [
  'o.id',
  'o.number',
  'o.kind',
  'o.status',
  'o.amount_cents',
  'o.discount_code',
  'o.discount_cents',
  'o.tax_cents',
  'o.fee_cents',
  'o.currency',
  'o.provider',
  'o.created_at',
  'o.paid_at',
  'o.refunded_at',
  'o.buyer_id',
  'o.creator_id',
  'o.product_id',
  'o.provider_subscription_id',
  'p.title as product_title',
  'p.image_url as product_image',
  'p.status as product_status',
] as const;

/** A buyer's paid and refunded orders, newest first. */
export async function listBuyerOrders(db: Q, buyerId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .leftJoin('subscriptions as s', 's.provider_subscription_id', 'o.provider_subscription_id')
    .select([...ORDER_WITH_PRODUCT, 's.status as subscription_status', 's.current_period_end', 's.cancel_at_period_end'])
    .where('o.buyer_id', '=', buyerId)
    .where('o.status', 'in', ['paid', 'refunded'])
    .orderBy('o.paid_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(500)
    .execute();
}

/**
 * A bundle's items for this buyer (docs/decisions/080), in order: whether each is for sale today,
 * whether the buyer owns it (their paid order of it, or of another bundle holding it), and what
 * their own paid orders of it paid (the partial owner's credit). Empty: not a bundle.
 */
export async function listBundleItemsForBuyer(db: Q, buyerId: string, bundleId: string) {
  const paidOrders = sql`select o.amount_cents from orders o where o.buyer_id = ${buyerId} and o.product_id = bi.product_id and o.status = 'paid' and o.kind = 'one_time'`;
  const rows = await sql<{ product_id: string; status: string; price: string; paid_cents: string | number; owned: boolean }>`
    select bi.product_id, p.status, p.price,
           coalesce((select sum(x.amount_cents) from (${paidOrders}) x), 0) as paid_cents,
           (exists (${paidOrders})
            or exists (select 1 from orders o join bundle_items b2 on b2.bundle_id = o.product_id
                       where o.buyer_id = ${buyerId} and b2.product_id = bi.product_id and o.status = 'paid' and o.kind = 'one_time')) as owned
    from bundle_items bi join products p on p.id = bi.product_id
    where bi.bundle_id = ${bundleId}
    order by bi.position
  `.execute(db);
  return rows.rows.map((r) => ({ productId: r.product_id, status: r.status, price: r.price, paidCents: Number(r.paid_cents), owned: Boolean(r.owned) }));
}

/** How many products a bundle holds (0: not a bundle). */
export async function countBundleItems(db: Q, bundleId: string): Promise<number> {
  const row = await db
    .selectFrom('bundle_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('bundle_id', '=', bundleId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The items of the buyer's paid bundle orders, for the library ('from the bundle X'). */
export async function listBuyerBundleItems(db: Q, buyerId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('bundle_items as bi', 'bi.bundle_id', 'o.product_id')
    .innerJoin('products as b', 'b.id', 'o.product_id')
    .innerJoin('products as p', 'p.id', 'bi.product_id')
    .select(['o.id as order_id', 'b.id as bundle_id', 'b.title as bundle_title', 'p.id as product_id', 'p.title', 'p.image_url', 'p.status', 'o.paid_at'])
    .where('o.buyer_id', '=', buyerId)
    .where('o.status', '=', 'paid')
    .where('o.kind', '=', 'one_time')
    .orderBy('o.paid_at', 'desc')
    .orderBy('bi.position')
    .limit(500)
    .execute();
}

/** Free products a user downloaded (their last download each), for the library. */
export async function listDownloadedWithoutOrder(db: Q, userId: string) {
  return db
    .selectFrom('downloads as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .select(['p.id as product_id', 'p.title', 'p.image_url', 'p.status', sql<Date>`max(d.created_at)`.as('last_downloaded_at')])
    .where('d.user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('orders as o')
            .select('o.id')
            .whereRef('o.product_id', '=', 'd.product_id')
            .where('o.buyer_id', '=', userId)
            .where('o.status', 'in', ['paid', 'refunded']),
        ),
      ),
    )
    .groupBy(['p.id', 'p.title', 'p.image_url', 'p.status'])
    .orderBy(sql`max(d.created_at)`, 'desc')
    .limit(500)
    .execute();
}

export async function findOrderWithProduct(db: Q, orderId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select([...ORDER_WITH_PRODUCT])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

/**
 * Orders for the admin list, newest first by order number (unique, so a keyset page never
 * skips or repeats one): search by buyer email (contains) or order number; `beforeNumber` is
 * the last number of the previous page.
 */
export async function listAllOrders(db: Q, filter: { email?: string; number?: number }, page: { beforeNumber: string | null; limit: number }) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .innerJoin('users as u', 'u.id', 'o.buyer_id')
    .select([...ORDER_WITH_PRODUCT, 'u.email as buyer_email'])
    .where('o.status', '<>', 'pending');
  if (filter.number !== undefined) query = query.where('o.number', '=', String(filter.number) as never);
  if (filter.email) query = query.where('u.email', 'ilike', `%${filter.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (page.beforeNumber !== null) query = query.where('o.number', '<', page.beforeNumber as never);
  return query.orderBy('o.number', 'desc').limit(page.limit).execute();
}

/** A subscription's first order (its buyer's country, company and card for the renewals' invoices). */
export async function findFirstSubscriptionOrder(db: Q, subscriptionId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('provider_subscription_id', '=', subscriptionId)
    .where('paid_at', 'is not', null)
    .orderBy('paid_at')
    .limit(1)
    .executeTakeFirst();
}
