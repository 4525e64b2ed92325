/**
 * Every query of creators' ledgers and payouts (docs/decisions/048): entries are only ever
 * inserted (a trigger refuses update and delete), each through a unique key so a replayed event
 * or a retried job writes it once; payouts move by guarded updates (`where status in (...)`), so
 * of two concurrent transitions exactly one gets the row back. Functions take `db` or a
 * transaction first; the rules are ledger.service.ts's.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/db/schema';
import { OPEN_PAYOUT_STATUSES, type PayoutStatus } from '@/src/shared/domain';
import { EARNING_KINDS } from '@/src/shared/ledger';

type Q = Kysely<Database> | Transaction<Database>;

const int = (value: unknown) => Number(value ?? 0);

/** Serializes a creator's payout request against refunds of their sales (the profile row). */
export async function lockCreator(db: Q, creatorId: string): Promise<void> {
  await db.selectFrom('profiles').select('id').where('id', '=', creatorId).forUpdate().executeTakeFirst();
}

export async function findProfileId(db: Q, userId: string): Promise<string | null> {
  return (await db.selectFrom('profiles').select('id').where('id', '=', userId).executeTakeFirst())?.id ?? null;
}

// Entries.

/** A sale's entry, once per order; `createdAt` (default now) is for demo data written after the fact. */
export async function insertSaleEntry(
  db: Q,
  values: { creatorId: string; orderId: string; amountCents: number; availableAt: Date; createdAt?: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('creator_ledger_entries')
    .values({
      creator_id: values.creatorId,
      kind: 'sale',
      amount_cents: values.amountCents,
      order_id: values.orderId,
      available_at: values.availableAt,
      ...(values.createdAt ? { created_at: values.createdAt } : {}),
    })
    .onConflict((oc) => oc.columns(['order_id', 'kind']).where('kind', 'in', ['sale', 'refund']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** When an order's sale entry is available (its refund is due then too). */
export async function findSaleAvailableAt(db: Q, orderId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('creator_ledger_entries')
    .select('available_at')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'sale')
    .executeTakeFirst();
  return row ? new Date(row.available_at) : null;
}

/** A refund's entry, once per order; due when its sale is. */
export async function insertRefundEntry(db: Q, values: { creatorId: string; orderId: string; amountCents: number; availableAt: Date }): Promise<boolean> {
  const row = await db
    .insertInto('creator_ledger_entries')
    .values({ creator_id: values.creatorId, kind: 'refund', amount_cents: values.amountCents, order_id: values.orderId, available_at: values.availableAt })
    .onConflict((oc) => oc.columns(['order_id', 'kind']).where('kind', 'in', ['sale', 'refund']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** A payout's entry (its amount out) or its full reversal (back in), once per payout. */
export async function insertPayoutEntry(
  db: Q,
  values: { creatorId: string; payoutId: string; kind: 'payout' | 'payout_reversal'; amountCents: number },
): Promise<void> {
  await db
    .insertInto('creator_ledger_entries')
    .values({ creator_id: values.creatorId, kind: values.kind, amount_cents: values.amountCents, payout_id: values.payoutId, available_at: sql`now()` })
    .onConflict((oc) => oc.columns(['payout_id', 'kind']).where('order_id', 'is', null).where('kind', 'in', ['payout', 'payout_reversal']).doNothing())
    .execute();
}

/** A refunded sale taken out of an open payout: its share of the payout back in, once. */
export async function insertSaleReversal(db: Q, values: { creatorId: string; payoutId: string; orderId: string; amountCents: number }): Promise<boolean> {
  const row = await db
    .insertInto('creator_ledger_entries')
    .values({
      creator_id: values.creatorId,
      kind: 'payout_reversal',
      amount_cents: values.amountCents,
      payout_id: values.payoutId,
      order_id: values.orderId,
      available_at: sql`now()`,
    })
    .onConflict((oc) => oc.columns(['payout_id', 'order_id']).where('kind', '=', 'payout_reversal').where('order_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** An administrator's adjustment, with its reason. */
/**
 * An administrator's adjustment, once per (administrator, key): undefined when that key was
 * used already (a double submit, a retry), whose entry findAdjustmentByKey reads.
 */
export async function insertAdjustment(db: Q, values: { creatorId: string; amountCents: number; reason: string; adminId: string; idempotencyKey: string }) {
  return db
    .insertInto('creator_ledger_entries')
    .values({
      creator_id: values.creatorId,
      kind: 'adjustment',
      amount_cents: values.amountCents,
      reason: values.reason,
      created_by: values.adminId,
      idempotency_key: values.idempotencyKey,
    })
    .onConflict((oc) => oc.columns(['created_by', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findAdjustmentByKey(db: Q, adminId: string, idempotencyKey: string) {
  return db.selectFrom('creator_ledger_entries').selectAll().where('created_by', '=', adminId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** A creator's entries as the arithmetic reads them (src/shared/ledger.ts summarize). */
export async function listLedgerLines(db: Q, creatorId: string) {
  const rows = await db
    .selectFrom('creator_ledger_entries')
    .select(['kind', 'amount_cents', 'order_id', 'available_at', 'created_at'])
    .where('creator_id', '=', creatorId)
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    amountCents: r.amount_cents,
    orderId: r.order_id,
    availableAt: new Date(r.available_at),
    createdAt: new Date(r.created_at),
  }));
}

/** The creator's entries for /earnings, newest first, with what each refers to. */
export async function listLedgerEntries(db: Q, creatorId: string, limit = 200) {
  return db
    .selectFrom('creator_ledger_entries as e')
    .leftJoin('orders as o', 'o.id', 'e.order_id')
    .leftJoin('products as p', 'p.id', 'o.product_id')
    .select([
      'e.id',
      'e.kind',
      'e.amount_cents',
      'e.order_id',
      'e.payout_id',
      'e.reason',
      'e.available_at',
      'e.created_at',
      'o.number as order_number',
      'p.id as product_id',
      'p.title as product_title',
    ])
    .where('e.creator_id', '=', creatorId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}

/** Sales less refunds, since `since` (by when each entry was written): the figures' 'earnings'. */
export async function earnedSince(db: Q, creatorId: string, since?: Date): Promise<number> {
  let query = db
    .selectFrom('creator_ledger_entries')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
    .where('creator_id', '=', creatorId)
    .where('kind', 'in', [...EARNING_KINDS]);
  if (since) query = query.where('created_at', '>=', since);
  return int((await query.executeTakeFirstOrThrow()).cents);
}

/** Creators whose entries due by `now` add up to at least `minimumCents` and who have no open payout (the scheduled job). */
export async function listCreatorsDueAPayout(db: Q, now: Date, minimumCents: number): Promise<string[]> {
  const rows = await db
    .selectFrom('creator_ledger_entries as e')
    .select('e.creator_id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payout_requests as p')
            .select('p.id')
            .whereRef('p.seller_id', '=', 'e.creator_id')
            .where('p.status', 'in', [...OPEN_PAYOUT_STATUSES]),
        ),
      ),
    )
    .groupBy('e.creator_id')
    .having(sql<boolean>`least(coalesce(sum(e.amount_cents) filter (where e.available_at <= ${now}), 0), sum(e.amount_cents)) >= ${minimumCents}`)
    .orderBy('e.creator_id')
    .execute();
  return rows.map((r) => r.creator_id);
}

// Payouts.

/** The paid sales a new payout of this creator covers: due by `now`, not refunded, in no open or paid payout. */
export async function listSalesForPayout(db: Q, creatorId: string, now: Date) {
  return db
    .selectFrom('creator_ledger_entries as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .leftJoin('order_payout_items as item', 'item.order_id', 'e.order_id')
    .leftJoin('payout_requests as payout', 'payout.id', 'item.payout_id')
    .select(['e.order_id', 'e.amount_cents'])
    .where('e.creator_id', '=', creatorId)
    .where('e.kind', '=', 'sale')
    .where('e.available_at', '<=', now)
    .where('o.status', '=', 'paid')
    .where((eb) => eb.or([eb('item.order_id', 'is', null), eb('payout.status', 'in', ['failed', 'cancelled'])]))
    .execute();
}

export async function findOpenPayout(db: Q, creatorId: string) {
  return db
    .selectFrom('payout_requests')
    .selectAll()
    .where('seller_id', '=', creatorId)
    .where('status', 'in', [...OPEN_PAYOUT_STATUSES])
    .executeTakeFirst();
}

export async function findPayout(db: Q, payoutId: string) {
  return db.selectFrom('payout_requests').selectAll().where('id', '=', payoutId).executeTakeFirst();
}

/** A new requested payout and the sales it covers (a sale freed by a failed or cancelled payout moves to it). */
export async function insertPayout(db: Q, values: { creatorId: string; amountCents: number; sales: { orderId: string; amountCents: number }[] }) {
  const payout = await db
    .insertInto('payout_requests')
    .values({ seller_id: values.creatorId, amount_cents: values.amountCents })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (values.sales.length) {
    const ids = values.sales.map((s) => s.orderId);
    await db.deleteFrom('order_payout_items').where('order_id', 'in', ids).execute();
    await db
      .insertInto('order_payout_items')
      .values(values.sales.map((s) => ({ order_id: s.orderId, amount_cents: s.amountCents, payout_id: payout.id })))
      .execute();
  }
  return payout;
}

/** The open payout holding this order, locked for the refund's transaction. */
export async function findOpenPayoutOfOrder(db: Q, orderId: string) {
  return db
    .selectFrom('order_payout_items as item')
    .innerJoin('payout_requests as p', 'p.id', 'item.payout_id')
    .select(['p.id', 'p.seller_id', 'p.amount_cents', 'item.amount_cents as item_cents'])
    .where('item.order_id', '=', orderId)
    .where('p.status', 'in', [...OPEN_PAYOUT_STATUSES])
    .forUpdate('p')
    .executeTakeFirst();
}

/** An open payout's amount after a refund took a sale out; at 0 it is cancelled. */
export async function lowerOpenPayout(db: Q, payoutId: string, amountCents: number): Promise<boolean> {
  const result = await db
    .updateTable('payout_requests')
    .set({ amount_cents: amountCents, ...(amountCents === 0 ? { status: 'cancelled' as const, closed_at: sql<Date>`now()` } : {}) })
    .where('id', '=', payoutId)
    .where('status', 'in', [...OPEN_PAYOUT_STATUSES])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An open payout to `status`, once: the row when this call moved it, undefined when it was not open (or does not exist). */
export async function closePayout(
  db: Q,
  payoutId: string,
  change: {
    status: Extract<PayoutStatus, 'processing' | 'paid' | 'failed' | 'cancelled'>;
    adminId: string | null;
    reference?: string;
    reason?: string;
    /** A creator cancelling their own: only theirs, and only while requested (docs/decisions/051). */
    creatorId?: string;
  },
) {
  const from = change.status === 'processing' || change.creatorId ? ['requested' as const] : [...OPEN_PAYOUT_STATUSES];
  let query = db
    .updateTable('payout_requests')
    .set({
      status: change.status,
      decided_by: change.adminId,
      ...(change.status === 'processing' ? { processing_at: sql<Date>`now()` } : {}),
      ...(change.status === 'paid' ? { paid_at: sql<Date>`now()`, reference: change.reference ?? null } : {}),
      ...(change.status === 'failed' || change.status === 'cancelled' ? { closed_at: sql<Date>`now()`, failure_reason: change.reason ?? null } : {}),
    })
    .where('id', '=', payoutId)
    .where('status', 'in', from);
  if (change.creatorId) query = query.where('seller_id', '=', change.creatorId);
  return query.returningAll().executeTakeFirst();
}

/** A creator's payouts, newest first. */
export async function listCreatorPayouts(db: Q, creatorId: string) {
  return db
    .selectFrom('payout_requests')
    .selectAll()
    .where('seller_id', '=', creatorId)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** Sums of a creator's payouts by status group: open and paid. */
export async function payoutTotals(db: Q, creatorId: string) {
  const row = await db
    .selectFrom('payout_requests')
    .select([
      sql<string>`coalesce(sum(amount_cents) filter (where status in ('requested', 'processing')), 0)`.as('open'),
      sql<string>`coalesce(sum(amount_cents) filter (where status = 'paid'), 0)`.as('paid'),
    ])
    .where('seller_id', '=', creatorId)
    .executeTakeFirstOrThrow();
  return { openCents: int(row.open), paidCents: int(row.paid) };
}

/** The administrators' list: open payouts first (oldest first: they wait longest), then the latest finished ones. */
export async function listPayoutsForAdmin(db: Q, limit = 100) {
  return db
    .selectFrom('payout_requests as p')
    .innerJoin('users as u', 'u.id', 'p.seller_id')
    .leftJoin('profiles as c', 'c.id', 'p.seller_id')
    .select([
      'p.id',
      'p.seller_id',
      'p.amount_cents',
      'p.status',
      'p.requested_at',
      'p.paid_at',
      'p.closed_at',
      'p.reference',
      'p.failure_reason',
      'u.email as creator_email',
      'c.full_name as creator_name',
    ])
    .orderBy(sql`case when p.status in ('requested', 'processing') then 0 else 1 end`)
    .orderBy(sql`case when p.status in ('requested', 'processing') then p.requested_at end`, 'asc')
    .orderBy('p.requested_at', 'desc')
    .limit(limit)
    .execute();
}

/** A payout with its creator's address and name, for the email that tells them. */
export async function findPayoutWithCreator(db: Q, payoutId: string) {
  return db
    .selectFrom('payout_requests as p')
    .innerJoin('users as u', 'u.id', 'p.seller_id')
    .leftJoin('profiles as c', 'c.id', 'p.seller_id')
    .select(['p.id', 'p.seller_id', 'p.amount_cents', 'p.status', 'p.reference', 'p.failure_reason', 'u.email', 'c.full_name'])
    .where('p.id', '=', payoutId)
    .executeTakeFirst();
}

/** The creator's bell notice of a paid or failed payout, once per payout (unique user, payout). */
export async function insertPayoutNotice(db: Q, values: { userId: string; payoutId: string }): Promise<void> {
  await db
    .insertInto('user_notifications')
    .values({ user_id: values.userId, kind: 'payout', payout_id: values.payoutId, reason: null, update_id: null, order_id: null })
    .onConflict((oc) => oc.columns(['user_id', 'payout_id']).where('payout_id', 'is not', null).doNothing())
    .execute();
}

/** A creator's name and address for the administrators' ledger view (docs/decisions/051). */
export async function findCreatorForAdmin(db: Q, userId: string) {
  return db
    .selectFrom('profiles as c')
    .innerJoin('users as u', 'u.id', 'c.id')
    .select(['c.id', 'c.full_name', 'u.email'])
    .where('c.id', '=', userId)
    .executeTakeFirst();
}

/**
 * With Stripe Connect: the mirror of a sale's transfer to the connected account (−) or of its
 * reversal by a refund (+), once per order and per Stripe payment (docs/decisions/051).
 */
export async function insertTransferEntry(
  db: Q,
  values: { creatorId: string; orderId: string; kind: 'transfer' | 'transfer_reversal'; amountCents: number; providerRef: string; availableAt: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('creator_ledger_entries')
    .values({
      creator_id: values.creatorId,
      kind: values.kind,
      amount_cents: values.amountCents,
      order_id: values.orderId,
      provider_ref: values.providerRef,
      available_at: values.availableAt,
    })
    .onConflict((oc) => oc.columns(['order_id', 'kind']).where('kind', 'in', ['transfer', 'transfer_reversal']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** The transfer mirrored for an order, if any. */
export async function findTransferOfOrder(db: Q, orderId: string) {
  return db
    .selectFrom('creator_ledger_entries')
    .select(['amount_cents', 'provider_ref', 'available_at'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'transfer')
    .executeTakeFirst();
}
