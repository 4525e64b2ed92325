/**
 * rebuild_requests: content rebuilds asked for by publishing changes. A rebuild claims
 * every pending request at once, which is what coalesces a burst into one build.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export async function insertRebuildRequest(db: Db, reason: string, productId: string | null): Promise<void> {
  await db.insertInto('rebuild_requests').values({ reason, product_id: productId }).execute();
}

/** Marks every pending request as started and returns how many there were. */
export async function claimPendingRequests(db: Db): Promise<string[]> {
  const rows = await db
    .updateTable('rebuild_requests')
    .set({ started_at: sql`now()` })
    .where('started_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => String(r.id));
}

export async function finishRequests(db: Db, ids: string[], error: string | null): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('rebuild_requests').set({ finished_at: sql`now()`, error }).where('id', 'in', ids).execute();
}

export async function countPendingRequests(db: Db): Promise<number> {
  const row = await db.selectFrom('rebuild_requests').select(sql<number>`count(*)::int`.as('n')).where('started_at', 'is', null).executeTakeFirst();
  return row?.n ?? 0;
}

export async function lastHookCallAt(db: Db): Promise<Date | null> {
  const row = await db.selectFrom('rebuild_requests').select(sql<Date | null>`max(started_at)`.as('at')).executeTakeFirst();
  return row?.at ?? null;
}
