/**
 * Every query of discount codes (docs/decisions/075): a creator's codes with their figures, the
 * code a checkout names, and the use count. `uses` moves only here, by guarded updates:
 * - takeDiscountUse: uses + 1 only while uses < max_uses (and the code is still usable), so of
 *   any number of concurrent checkouts at most max_uses get a row back (PostgreSQL re-checks the
 *   WHERE on the latest row version after waiting for a concurrent update of it);
 * - giveDiscountUseBack: uses - 1 when a checkout holding the code expires or fails.
 * Functions take `db` or a transaction first. Codes are never deleted: orders name them.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, DiscountCode } from '@/db/schema';
import type { DiscountKind } from '@/src/shared/domain';

type Q = Kysely<Database> | Transaction<Database>;

export async function findCodeForCheckout(db: Q, creatorId: string, code: string): Promise<DiscountCode | undefined> {
  return db.selectFrom('discount_codes').selectAll().where('creator_id', '=', creatorId).where('code', '=', code).executeTakeFirst();
}

export async function findOwnCode(db: Q, creatorId: string, id: string): Promise<DiscountCode | undefined> {
  return db.selectFrom('discount_codes').selectAll().where('creator_id', '=', creatorId).where('id', '=', id).executeTakeFirst();
}

/**
 * Takes one use of the code for a checkout that starts now: true when it was taken. The
 * conditions repeat the checkout's own checks so that a code turned off, ended or used up
 * between that check and this update is refused here.
 */
export async function takeDiscountUse(db: Q, codeId: string): Promise<boolean> {
  const result = await db
    .updateTable('discount_codes')
    .set({ uses: sql`uses + 1` })
    .where('id', '=', codeId)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A checkout holding a use of the code closed without paying: the use comes back. */
export async function giveDiscountUseBack(db: Q, codeId: string): Promise<void> {
  await db
    .updateTable('discount_codes')
    .set({ uses: sql`greatest(uses - 1, 0)` })
    .where('id', '=', codeId)
    .execute();
}

export async function countCodes(db: Q, creatorId: string): Promise<number> {
  const row = await db
    .selectFrom('discount_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Serialises a creator's code creations (the per-creator limit) on their profile row. */
export async function lockCodeOwner(db: Q, creatorId: string): Promise<void> {
  await db.selectFrom('profiles').select('id').where('id', '=', creatorId).forUpdate().executeTakeFirst();
}

export interface CodeValues {
  kind: DiscountKind;
  percentOff: number | null;
  amountOffCents: number | null;
  productIds: string[] | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  minPriceCents: number;
}

/** A code's terms as its columns (the amount of the kind not chosen is null). */
function termColumns(values: CodeValues) {
  return {
    kind: values.kind,
    percent_off: values.kind === 'percent' ? values.percentOff : null,
    amount_off_cents: values.kind === 'fixed' ? values.amountOffCents : null,
    product_ids: values.productIds,
    starts_at: values.startsAt,
    ends_at: values.endsAt,
    max_uses: values.maxUses,
    min_price_cents: values.minPriceCents,
  };
}

/** Inserts a code; undefined when the creator already has one with this name (the unique index decides, under concurrency too). */
export async function insertCode(db: Q, creatorId: string, code: string, values: CodeValues): Promise<DiscountCode | undefined> {
  return db
    .insertInto('discount_codes')
    .values({
      creator_id: creatorId,
      code,
      ...termColumns(values),
    })
    .onConflict((oc) => oc.columns(['creator_id', 'code']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Changes a code's terms. `maxUses` is guarded against the uses taken meanwhile: a maximum
 * below them leaves the row unchanged (undefined), so 'max uses' is never under the count.
 */
export async function updateOwnCode(db: Q, creatorId: string, id: string, values: CodeValues & { isActive: boolean }): Promise<DiscountCode | undefined> {
  return db
    .updateTable('discount_codes')
    .set({
      ...termColumns(values),
      is_active: values.isActive,
      updated_at: sql`now()`,
    })
    .where('creator_id', '=', creatorId)
    .where('id', '=', id)
    .where((eb) => (values.maxUses === null ? eb.val(true) : eb('uses', '<=', values.maxUses)))
    .returningAll()
    .executeTakeFirst();
}

/** Which of these ids are products of this creator (any status). */
export async function ownProductIds(db: Q, creatorId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('products').select('id').where('creator_id', '=', creatorId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/**
 * A creator's codes, newest first, each with its figures: paid orders with it, their revenue
 * (what buyers paid, before tax) and the discount given; refunded orders are not revenue.
 */
export async function listCodesWithFigures(db: Q, creatorId: string) {
  return db
    .selectFrom('discount_codes as d')
    .leftJoin('orders as o', (join) => join.onRef('o.discount_code_id', '=', 'd.id').on('o.status', '=', 'paid'))
    .selectAll('d')
    .select((eb) => [
      eb.fn.count<string>('o.id').as('paid_orders'),
      sql<string>`coalesce(sum(o.amount_cents), 0)`.as('revenue_cents'),
      sql<string>`coalesce(sum(o.discount_cents), 0)`.as('discount_given_cents'),
    ])
    .where('d.creator_id', '=', creatorId)
    .groupBy('d.id')
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}

/** A creator's products to choose from in the form: id and title, newest first. */
export async function listCreatorProductChoices(db: Q, creatorId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'title', 'price', 'pricing_model'])
    .where('creator_id', '=', creatorId)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
}
