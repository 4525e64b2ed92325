/**
 * Licence keys for the items of a bundle (issue 31, docs/decisions/080, 'Later').
 * - licenses: a paid order of a bundle issues one key for each of its items that issues keys,
 *   besides the bundle's own if it does, so an order can now hold several keys: one per product.
 *   The unique order_id becomes unique (order_id, product_id): a fulfilment processed twice or
 *   concurrently still issues each key once. Keys of a free product (no order) are unaffected
 *   (their own partial index). The new index also serves every lookup by order_id.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index licenses_order_product_idx on licenses (order_id, product_id)`.execute(db);
  // The inline `unique` of 2026-11-26-0200 got PostgreSQL's default name.
  await sql`alter table licenses drop constraint licenses_order_id_key`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Fails while an order holds several keys, as it should: there is no single key to keep.
  await sql`alter table licenses add constraint licenses_order_id_key unique (order_id)`.execute(db);
  await sql`drop index if exists licenses_order_product_idx`.execute(db);
}
