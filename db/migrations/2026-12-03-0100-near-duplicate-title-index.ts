/**
 * The near-duplicate title check at any catalogue size (issue 30, docs/decisions/067).
 * - btree_gin: GIN operator classes for plain columns, so one GIN index holds both the creator
 *   (an equality) and the title's trigrams. PostgreSQL's contrib ships it; PGlite loads it with
 *   pg_trgm (db/database.ts, db/pglite-worker.mjs).
 * - products_creator_title_trgm_idx: GIN on (creator_id, title gin_trgm_ops). The check's
 *   `creator_id = $1 and title % $2` is answered inside the index: the scan steps through the
 *   creator's entries and the title's trigrams together, so it reads neither the creator's
 *   other titles nor other creators' similar titles. Without fast update, like
 *   products_search_idx (2026-11-25-0300): a pending list would be read in full by every check.
 * Not CONCURRENTLY: migrations run in a transaction, and every earlier index was made the same way.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create index products_creator_title_trgm_idx on products using gin (creator_id, title gin_trgm_ops) with (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index products_creator_title_trgm_idx`.execute(db);
  await sql`drop extension if exists btree_gin`.execute(db);
}
