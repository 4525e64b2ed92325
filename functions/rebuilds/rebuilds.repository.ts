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

/**
 * What the catalogue's stored pages were rendered from, cheaply (scripts/lib/page-publisher.ts):
 * the published count, the newest product, the last recorded change and the newest tool
 * update, as one string. Indexed reads, no export and no hashing.
 */
export async function readContentMark(db: Db): Promise<string> {
  const row = await sql<{ n: number; newest: Date | null; change: string | null; update: Date | null }>`
    select
      (select count(*)::int from products where status = 'published') as n,
      (select max(created_at) from products where status = 'published') as newest,
      (select max(id)::text from rebuild_requests) as change,
      (select max(created_at) from ai_tool_updates) as update
  `.execute(db);
  const r = row.rows[0];
  return [r?.n, r?.newest ? new Date(r.newest).toISOString() : '', r?.change ?? '', r?.update ? new Date(r.update).toISOString() : ''].join('|');
}
