/**
 * Search under load (docs/decisions/016).
 * - products_search_idx without GIN's fast update: with it, new and changed products wait in
 *   a pending list (up to gin_pending_list_limit, 4 MB) that every full-text search reads
 *   through in full until a VACUUM merges it; only autovacuum's ANALYZE merges it too, and
 *   PGlite has no autovacuum. At 100k products a 55-page pending list made a one-word search
 *   2.5 times slower (9.1 ms -> 3.5 ms once merged). The PostgreSQL documentation's advice
 *   for consistent response times; each product write updates the index directly instead
 *   (seeding 10k products: 4.5 s -> 7.3 s).
 * - what is pending now is merged.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter index products_search_idx set (fastupdate = off)`.execute(db);
  await sql`select gin_clean_pending_list('products_search_idx'::regclass)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter index products_search_idx reset (fastupdate)`.execute(db);
}
