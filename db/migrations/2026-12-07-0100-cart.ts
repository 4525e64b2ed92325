/**
 * The cart (issue 31, docs/decisions/082).
 * - cart_items: a signed-in buyer's products waiting to be paid, one row per product (the
 *   primary key (user_id, product_id) makes adding twice keep one and serves the reads by
 *   user); a visitor's cart lives in their browser. Gone with the account or the product.
 * - orders: one checkout session now pays one or more orders (a cart writes an order per
 *   product, each with its own creator, amount, fee and net), so provider_session_id and
 *   provider_payment_id are unique per product instead of alone: two completions of one session
 *   still find each of its orders once. checkout_group names the orders of one cart checkout:
 *   Stripe's transfer_group, which the transfers to each creator carry; provider_transfer_id is
 *   the transfer that paid this order's creator (Stripe Connect), which a refund reverses.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cart_items (
      user_id text not null references profiles (id) on delete cascade,
      product_id uuid not null references products (id) on delete cascade,
      added_at timestamptz not null default now(),
      primary key (user_id, product_id)
    )
  `.execute(db);
  await sql`alter table orders drop constraint orders_provider_session_id_key`.execute(db);
  await sql`alter table orders drop constraint orders_provider_payment_id_key`.execute(db);
  await sql`alter table orders add constraint orders_session_product_key unique (provider_session_id, product_id)`.execute(db);
  await sql`alter table orders add constraint orders_payment_product_key unique (provider_payment_id, product_id)`.execute(db);
  await sql`alter table orders add column checkout_group text, add column provider_transfer_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column provider_transfer_id, drop column checkout_group`.execute(db);
  await sql`alter table orders drop constraint orders_payment_product_key`.execute(db);
  await sql`alter table orders drop constraint orders_session_product_key`.execute(db);
  await sql`alter table orders add constraint orders_provider_payment_id_key unique (provider_payment_id)`.execute(db);
  await sql`alter table orders add constraint orders_provider_session_id_key unique (provider_session_id)`.execute(db);
  await sql`drop table if exists cart_items`.execute(db);
}
