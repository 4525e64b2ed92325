/**
 * Queries of product views: the one-view-per-visitor-per-day rows (product_view_days), the
 * counter and the raw event. A view counts only when its (product, visitor, day) row is new;
 * the primary key decides, so concurrent duplicates count once.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { InteractionType } from '@/src/shared/domain';
import { isPublishedProduct, publishedProducts } from '../catalogue/catalogue.repository';

export interface ViewRow {
  productId: string;
  userId: string | null;
  visitorKey: string;
  /** Another key the same visitor is known by (see interactions.service.ts); never counts on its own. */
  alias: string | null;
  day: string;
  sessionId: string | null;
  type: InteractionType;
  context: Record<string, unknown>;
}

/** Marks (product, visitor, day) as seen when the product is published; true when the row is new. */
async function insertViewDay(db: Db, productId: string, visitorKey: string, day: string): Promise<boolean> {
  const inserted = await db
    .insertInto('product_view_days')
    .columns(['product_id', 'visitor_key', 'day'])
    .expression(
      publishedProducts(db)
        .select(['p.id', sql<string>`${visitorKey}`.as('visitor_key'), sql<string>`${day}::date`.as('day')])
        .where('p.id', '=', productId),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('product_id')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** 'counted', 'duplicate' (this visitor's view today was counted already) or 'missing' (not a published product). */
export async function countView(db: Db, row: ViewRow): Promise<'counted' | 'duplicate' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    const inserted = await insertViewDay(trx, row.productId, row.visitorKey, row.day);
    if (row.alias) await insertViewDay(trx, row.productId, row.alias, row.day);
    if (!inserted) return (await isPublishedProduct(trx, row.productId)) ? 'duplicate' : 'missing';
    await trx
      .updateTable('products')
      .set({ views_count: sql`views_count + 1` })
      .where('id', '=', row.productId)
      .execute();
    await trx
      .insertInto('product_interactions')
      .values({
        product_id: row.productId,
        user_id: row.userId,
        interaction_type: row.type,
        session_id: row.sessionId,
        // The key this visitor's later views count under: a first cookieless view counts by
        // address, but the browser carries the new cookie (the alias) from then on.
        visitor_key: row.alias ?? row.visitorKey,
        interaction_context: JSON.stringify(row.context),
      })
      .execute();
    return 'counted';
  });
}

/** Days before `keepFrom` decide nothing any more. */
export async function deleteViewDaysBefore(db: Db, keepFrom: string): Promise<number> {
  const result = await db
    .deleteFrom('product_view_days')
    .where('day', '<', sql<Date>`${keepFrom}::date`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The predicate of product_interactions_identifying_idx: a row that still says whose it was. */
const IDENTIFYING = sql<boolean>`(user_id is not null or session_id is not null or visitor_key is not null or interaction_context <> '{}'::jsonb)`;

/**
 * Clears the account, session, visitor key and context of up to `limit` interactions made before
 * `before` (oldest first): the row stays for the figures, nothing in it says whose it was.
 */
export async function anonymiseInteractionsBefore(db: Db, before: Date, limit: number): Promise<number> {
  const result = await db
    .updateTable('product_interactions')
    .set({ user_id: null, session_id: null, visitor_key: null, interaction_context: '{}' })
    .where('id', 'in', (eb) =>
      eb.selectFrom('product_interactions').select('id').where('created_at', '<', before).where(IDENTIFYING).orderBy('created_at').limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
