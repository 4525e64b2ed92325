/**
 * Where buyers come from (issue 31, docs/decisions/079).
 * - product_visits: one row per (product, UTC day, visitor hash), with the source of that
 *   visitor's first visit of the day: the referrer's host (only the host) and utm_source,
 *   utm_medium, utm_campaign. The primary key makes a visitor count once per product per day
 *   (insert ... on conflict do nothing). The hash is sha256 of the day's salt, the address, the
 *   user agent and the product id; the address and the user agent are never stored.
 * - visit_salts: the random salt of the current UTC day. A new day's salt replaces the older ones
 *   (they are deleted in the transaction that creates it), so nobody, not even with the database,
 *   can link one day's hashes to another's or recompute a past day's.
 * - orders: the source the checkout was started from (its label: utm_source, else the referrer's
 *   host, else 'direct'), the referrer host, medium and campaign. Null where it was not recorded:
 *   orders made before this migration, and subscription renewals (no checkout starts them).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table product_visits (
      product_id uuid not null references products (id) on delete cascade,
      day date not null,
      visitor_hash text not null check (length(visitor_hash) <= 64),
      referrer_host text check (length(referrer_host) <= 253),
      utm_source text check (length(utm_source) <= 100),
      utm_medium text check (length(utm_medium) <= 100),
      utm_campaign text check (length(utm_campaign) <= 100),
      primary key (product_id, day, visitor_hash)
    )
  `.execute(db);
  await sql`
    create table visit_salts (
      day date primary key,
      salt text not null
    )
  `.execute(db);
  await sql`
    alter table orders
      add column source text check (length(source) <= 253),
      add column source_referrer text check (length(source_referrer) <= 253),
      add column source_medium text check (length(source_medium) <= 100),
      add column source_campaign text check (length(source_campaign) <= 100)
  `.execute(db);
  // The per-creator, per-day reads of the funnel (orders by creator and the day the checkout started).
  await sql`create index orders_creator_created_idx on orders (creator_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_creator_created_idx`.execute(db);
  await sql`alter table orders drop column source_campaign, drop column source_medium, drop column source_referrer, drop column source`.execute(db);
  await sql`drop table if exists visit_salts`.execute(db);
  await sql`drop table if exists product_visits`.execute(db);
}
