/**
 * Visits kept for a bounded time (issue 31, docs/decisions/079, 'Later').
 * - product_visits_day_idx: the daily retention job deletes the visits older than 400 days
 *   (`where day < …`); the primary key (product_id, day, visitor_hash) cannot serve a range on
 *   its second column, so without this index each day's delete would read the whole table. One
 *   more index entry per counted visit (at most one per visitor, product and day) is its cost.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index product_visits_day_idx on product_visits (day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists product_visits_day_idx`.execute(db);
}
