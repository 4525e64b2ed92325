/**
 * Bundles (issue 31, docs/decisions/080).
 * - bundle_items: a bundle is a product of its creator's with two or more items, each another
 *   product of that creator's (the service checks: published, one-time, fixed price, not itself
 *   a bundle). An order of the bundle (paid, not refunded) gives access to every item; a refund
 *   of that order takes it away, with no row to change here. Items are never deleted with the
 *   bundle's history: a product with orders is archived, not deleted (issue 11).
 * - orders.bundle_credit_cents: what a buyer who already owned some items had already paid for
 *   them, taken off the bundle's price when the checkout was created (locked in, like the
 *   discount); orders.bundle_owned_items: how many items they owned then (the checkout's line).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bundle_items (
      bundle_id uuid not null references products (id) on delete cascade,
      product_id uuid not null references products (id),
      position integer not null default 0,
      primary key (bundle_id, product_id),
      constraint bundle_items_not_itself check (bundle_id <> product_id)
    )
  `.execute(db);
  // 'Also in the bundle X' and the access check read items by product.
  await sql`create index bundle_items_product_idx on bundle_items (product_id)`.execute(db);
  await sql`
    alter table orders
      add column bundle_credit_cents integer not null default 0 check (bundle_credit_cents >= 0),
      add column bundle_owned_items integer not null default 0 check (bundle_owned_items >= 0)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column bundle_owned_items, drop column bundle_credit_cents`.execute(db);
  await sql`drop table if exists bundle_items`.execute(db);
}
