/**
 * rebuild_requests: page refreshes asked for by content changes, with the pages each touches.
 * Claiming every pending request at once is what coalesces a burst into one refresh.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';

export async function insertRebuildRequest(db: Db, reason: string, productId: string | null, paths: string[]): Promise<void> {
  await db.insertInto('rebuild_requests').values({ reason, product_id: productId, paths }).execute();
}

/** Marks every pending request as started and returns them. */
export async function claimPendingRequests(db: Db): Promise<{ id: string; paths: string[] }[]> {
  const rows = await db
    .updateTable('rebuild_requests')
    .set({ started_at: sql`now()` })
    .where('started_at', 'is', null)
    .returning(['id', 'paths'])
    .execute();
  return rows.map((r) => ({ id: String(r.id), paths: r.paths ?? [] }));
}

export async function finishRequests(db: Db, ids: string[], error: string | null): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('rebuild_requests')
    .set({ finished_at: sql`now()`, error })
    .where('id', 'in', ids)
    .execute();
}

export async function countPendingRequests(db: Db): Promise<number> {
  const row = await db
    .selectFrom('rebuild_requests')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('started_at', 'is', null)
    .executeTakeFirst();
  return row?.n ?? 0;
}
