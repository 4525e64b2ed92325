/**
 * Write limits, storage quotas, uploads, and counters nobody can inflate (docs/decisions/011).
 * - rate_limit_counters: one fixed-window counter per (key, window_start), incremented with
 *   `insert ... on conflict do update ... returning`, which is exact under concurrency.
 *   expires_at lets a periodic job delete old windows.
 * - uploads: every stored upload (product images, deliverables, avatars, banners) with its
 *   owner and size: the storage quota sums it, the sweep deletes rows attached to nothing.
 * - product_view_days: a view counts once per (product, visitor, UTC day); the primary key
 *   decides, so concurrent duplicates cannot both count.
 * - product_downloaders: a product's downloads_count counts people, not clicks; backfilled
 *   from the downloads already recorded.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limit_counters (
      key text not null,
      window_start bigint not null,
      count integer not null default 1,
      expires_at timestamptz not null,
      primary key (key, window_start)
    )
  `.execute(db);
  await sql`create index rate_limit_counters_expires_idx on rate_limit_counters (expires_at)`.execute(db);

  await sql`
    create table uploads (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references profiles (id) on delete cascade,
      kind text not null check (kind in ('image', 'file', 'avatar', 'banner')),
      pathname text not null unique,
      url text not null,
      access text not null check (access in ('public', 'private')),
      size_bytes bigint not null check (size_bytes >= 0),
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index uploads_user_idx on uploads (user_id)`.execute(db);
  await sql`create index uploads_created_idx on uploads (created_at)`.execute(db);

  await sql`
    create table product_view_days (
      product_id uuid not null references products (id) on delete cascade,
      visitor_key text not null,
      day date not null,
      primary key (product_id, visitor_key, day)
    )
  `.execute(db);
  await sql`create index product_view_days_day_idx on product_view_days (day)`.execute(db);

  await sql`
    create table product_downloaders (
      product_id uuid not null references products (id) on delete cascade,
      user_id text not null references profiles (id) on delete cascade,
      first_downloaded_at timestamptz not null default now(),
      primary key (product_id, user_id)
    )
  `.execute(db);
  await sql`
    insert into product_downloaders (product_id, user_id, first_downloaded_at)
    select product_id, user_id, min(created_at) from downloads group by product_id, user_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists product_downloaders`.execute(db);
  await sql`drop table if exists product_view_days`.execute(db);
  await sql`drop table if exists uploads`.execute(db);
  await sql`drop table if exists rate_limit_counters`.execute(db);
}
