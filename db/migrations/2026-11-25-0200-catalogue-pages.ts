/**
 * Catalogue pages rendered one at a time (docs/decisions/015):
 * - rebuild_requests.paths: the pages a change touches, decided when the change is made
 *   (an edit that moves a product to another AI tool touches both tools' pages);
 * - partial indexes in the pages' own orders (rating, then downloads, then newest), overall
 *   and per AI tool, category and content type: the landing page's picks, a tool page's
 *   products and 'You might also like' (its three candidate buckets) each read `limit` rows
 *   from one index instead of sorting every published product.
 * Frozen in time: never edit after it has landed, never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rebuild_requests add column paths text[] not null default '{}'`.execute(db);
  await sql`create index products_published_rank_idx on products (rating desc, downloads_count desc, created_at desc) where status = 'published'`.execute(db);
  await sql`create index products_published_tool_rank_idx on products (ai_tool_type, rating desc, downloads_count desc, created_at desc) where status = 'published'`.execute(
    db,
  );
  await sql`create index products_published_category_rank_idx on products (category_id, rating desc, downloads_count desc, created_at desc) where status = 'published'`.execute(
    db,
  );
  await sql`create index products_published_type_rank_idx on products (content_type, rating desc, downloads_count desc, created_at desc) where status = 'published'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'products_published_rank_idx',
    'products_published_tool_rank_idx',
    'products_published_category_rank_idx',
    'products_published_type_rank_idx',
  ]) {
    await sql.raw(`drop index if exists ${index}`).execute(db);
  }
  await sql`alter table rebuild_requests drop column paths`.execute(db);
}
