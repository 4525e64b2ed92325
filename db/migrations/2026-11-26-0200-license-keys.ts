/**
 * Licence keys (issue 14, docs/decisions/026).
 * - products.issues_license_keys: the creator's switch; off for every existing product (a
 *   constant default, so adding it rewrites no rows).
 * - licenses: one key per paid order (order_id unique, so a fulfilment processed twice or
 *   concurrently issues one) or, for a free product, one per buyer (product_id + buyer_id
 *   unique among the keys without an order). The key is unique per product, which is what
 *   verification looks up. `uses` is only ever changed by `uses = uses + 1`, so concurrent
 *   verifications all count. disabled_at: null while the key is valid; a refund or the
 *   creator sets it. Like orders, licences are records a buyer relies on: nothing deletes them
 *   and a product or profile cannot be deleted from under them (no action), so a product with
 *   licences is archived instead (functions/products).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column issues_license_keys boolean not null default false`.execute(db);
  await sql`
    create table licenses (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id),
      buyer_id text not null references profiles (id),
      order_id uuid unique references orders (id),
      key text not null check (key ~ '^[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}$'),
      uses integer not null default 0 check (uses >= 0),
      disabled_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create unique index licenses_product_key_idx on licenses (product_id, key)`.execute(db);
  await sql`create unique index licenses_free_claim_idx on licenses (product_id, buyer_id) where order_id is null`.execute(db);
  await sql`create index licenses_buyer_idx on licenses (buyer_id)`.execute(db);
  // The creator's list on /sales: their products' keys, newest first.
  await sql`create index licenses_product_created_idx on licenses (product_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists licenses`.execute(db);
  await sql`alter table products drop column if exists issues_license_keys`.execute(db);
}
