/**
 * rebuild_requests: the log of content changes that touched catalogue pages, with the pages
 * each touched (docs/decisions/061: the refresh itself is the 'pages.refresh' job).
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';

export async function insertRebuildRequest(db: Db, reason: string, productId: string | null, paths: string[]): Promise<void> {
  await db.insertInto('rebuild_requests').values({ reason, product_id: productId, paths }).execute();
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
