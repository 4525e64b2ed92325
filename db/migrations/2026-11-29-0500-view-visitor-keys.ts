/**
 * Conversion is paid orders (or a free product's downloads) per unique visitor of the product
 * page (issue 27, docs/decisions/047). A counted view (product_interactions, once per visitor
 * per product per UTC day) kept the account or the tab's session id, but not the visitor it was
 * counted for, and product_view_days keeps only two days. Each counted view now keeps its
 * visitor's key: the same HMAC product_view_days holds (no address or cookie in the clear).
 * Rows from before stay null; the analytics fall back to the account, then the tab's session.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table product_interactions add column if not exists visitor_key text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table product_interactions drop column if exists visitor_key`.execute(db);
}
