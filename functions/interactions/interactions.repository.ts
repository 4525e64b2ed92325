/**
 * Queries of product views: the one-view-per-visitor-per-day rows (product_view_days), the
 * counter and the raw event. A view counts only when its (product, visitor, day) row is new;
 * the primary key decides, so concurrent duplicates count once.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { InteractionType } from '../../src/shared/domain';

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

/** 'counted', 'duplicate' (this visitor's view today was counted already) or 'missing' (not a published product). */
export async function countView(db: Db, row: ViewRow): Promise<'counted' | 'duplicate' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    const inserted = await sql<{ product_id: string }>`
      insert into product_view_days (product_id, visitor_key, day)
      select id, ${row.visitorKey}, ${row.day}::date from products where id = ${row.productId} and status = 'published'
      on conflict do nothing
      returning product_id
    `.execute(trx);
    if (row.alias) {
      await sql`
        insert into product_view_days (product_id, visitor_key, day)
        select id, ${row.alias}, ${row.day}::date from products where id = ${row.productId} and status = 'published'
        on conflict do nothing
      `.execute(trx);
    }
    if (!inserted.rows.length) {
      const exists = await trx.selectFrom('products').select('id').where('id', '=', row.productId).where('status', '=', 'published').executeTakeFirst();
      return exists ? 'duplicate' : 'missing';
    }
    await trx.updateTable('products').set({ views_count: sql`views_count + 1` }).where('id', '=', row.productId).execute();
    await trx
      .insertInto('product_interactions')
      .values({ product_id: row.productId, user_id: row.userId, interaction_type: row.type, session_id: row.sessionId, interaction_context: JSON.stringify(row.context) })
      .execute();
    return 'counted';
  });
}

/** Days before `keepFrom` decide nothing any more. */
export async function deleteViewDaysBefore(db: Db, keepFrom: string): Promise<number> {
  const result = await db.deleteFrom('product_view_days').where('day', '<', sql<Date>`${keepFrom}::date`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
