/**
 * Every query of affiliates (docs/decisions/081): a product's percent, affiliate links and their
 * clicks, the affiliate on an order and the commission's ledger entries (each once per order and
 * kind, through a unique index). Functions take `db` or a transaction first; the rules are
 * affiliates.service.ts's.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/db/schema';
import { publishedProducts } from '../catalogue/catalogue.repository';

type Q = Kysely<Database> | Transaction<Database>;

type AffiliateLedgerKind = 'affiliate_commission' | 'affiliate_commission_reversal' | 'affiliate_earning' | 'affiliate_earning_reversal';

/** Sets the percent of one of the creator's products; undefined when it is not theirs. */
export async function updateAffiliatePercent(db: Q, creatorId: string, productId: string, percent: number | null) {
  return db
    .updateTable('products')
    .set({ affiliate_percent: percent })
    .where('id', '=', productId)
    .where('creator_id', '=', creatorId)
    .returning(['id', 'status', 'affiliate_percent'])
    .executeTakeFirst();
}

/** A published product with its creator and percent. */
export async function findAffiliateProduct(db: Q, productId: string) {
  return publishedProducts(db).select(['p.id', 'p.title', 'p.creator_id', 'p.affiliate_percent']).where('p.id', '=', productId).executeTakeFirst();
}

/** The user's link to the product, made once (a second request returns the first). */
export async function insertAffiliateLink(db: Q, values: { code: string; productId: string; userId: string }) {
  await db
    .insertInto('affiliate_links')
    .values({ code: values.code, product_id: values.productId, user_id: values.userId })
    .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
    .execute();
  return db.selectFrom('affiliate_links').selectAll().where('product_id', '=', values.productId).where('user_id', '=', values.userId).executeTakeFirstOrThrow();
}

/** A link by its code, with its product's creator, status and current percent. */
export async function findLinkByCode(db: Q, code: string) {
  return db
    .selectFrom('affiliate_links as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.id', 'l.code', 'l.user_id', 'l.product_id', 'p.creator_id', 'p.status', 'p.affiliate_percent'])
    .where('l.code', '=', code)
    .executeTakeFirst();
}

export async function countClick(db: Q, linkId: string): Promise<void> {
  await db
    .updateTable('affiliate_links')
    .set({ clicks: sql`clicks + 1` })
    .where('id', '=', linkId)
    .execute();
}

/** The user's links with their product, paid sales and earnings (their ledger entries of the link's orders). */
export async function listLinksOfUser(db: Q, userId: string) {
  return db
    .selectFrom('affiliate_links as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.code',
      'l.product_id',
      'p.title',
      'p.affiliate_percent',
      'l.clicks',
      'l.created_at',
      sql<string>`(select count(*) from orders o where o.affiliate_link_id = l.id and o.affiliate_user_id = l.user_id and o.status = 'paid')`.as('sales'),
      sql<string>`(select coalesce(sum(e.amount_cents), 0) from creator_ledger_entries e join orders o on o.id = e.order_id
        where o.affiliate_link_id = l.id and e.creator_id = l.user_id and e.kind in ('affiliate_earning', 'affiliate_earning_reversal'))`.as('earnings'),
    ])
    .where('l.user_id', '=', userId)
    .orderBy('l.created_at', 'desc')
    .execute();
}

/** One of an order's commission entries, once per order and kind. */
export async function insertAffiliateEntry(
  db: Q,
  values: { userId: string; orderId: string; kind: AffiliateLedgerKind; amountCents: number; availableAt: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('creator_ledger_entries')
    .values({ creator_id: values.userId, kind: values.kind, amount_cents: values.amountCents, order_id: values.orderId, available_at: values.availableAt })
    .onConflict((oc) =>
      oc
        .columns(['order_id', 'kind'])
        .where('kind', 'in', ['affiliate_commission', 'affiliate_commission_reversal', 'affiliate_earning', 'affiliate_earning_reversal'])
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

type AffiliateTransferKind = 'affiliate_transfer' | 'affiliate_transfer_reversal';

/** With Stripe Connect (docs/decisions/083): the commission's transfer to the affiliate or its reversal, once per order and kind. */
export async function insertAffiliateTransferEntry(
  db: Q,
  values: { userId: string; orderId: string; kind: AffiliateTransferKind; amountCents: number; providerRef: string; availableAt: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('creator_ledger_entries')
    .values({
      creator_id: values.userId,
      kind: values.kind,
      amount_cents: values.amountCents,
      order_id: values.orderId,
      provider_ref: values.providerRef,
      available_at: values.availableAt,
    })
    .onConflict((oc) => oc.columns(['order_id', 'kind']).where('kind', 'in', ['affiliate_transfer', 'affiliate_transfer_reversal']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** An order's commission entry of one kind (its transfer, its reversal, the earning), if written. */
export async function findAffiliateEntry(db: Q, orderId: string, kind: AffiliateLedgerKind | AffiliateTransferKind) {
  return db
    .selectFrom('creator_ledger_entries')
    .select(['creator_id', 'amount_cents', 'provider_ref', 'available_at'])
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The order's status, its row locked until the transaction ends (a refund updating it waits, or is seen). */
export async function lockOrderStatus(db: Q, orderId: string) {
  return (await db.selectFrom('orders').select('status').where('id', '=', orderId).forUpdate().executeTakeFirst())?.status;
}

/** Paid Stripe orders whose commission was not transferred yet, of affiliates with a ready connected account (or of one of them). */
export async function listHeldCommissions(db: Q, options: { accountId?: string; limit: number }): Promise<string[]> {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('payout_accounts as a', 'a.creator_id', 'o.affiliate_user_id')
    .select('o.id')
    .where('o.status', '=', 'paid')
    .where('o.provider', '=', 'stripe')
    .where('o.affiliate_commission_cents', '>', 0)
    .where('a.is_ready', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('creator_ledger_entries as e').select('e.id').whereRef('e.order_id', '=', 'o.id').where('e.kind', '=', 'affiliate_transfer'))),
    );
  if (options.accountId) query = query.where('a.stripe_account_id', '=', options.accountId);
  return (await query.orderBy('o.paid_at').limit(options.limit).execute()).map((r) => r.id);
}
