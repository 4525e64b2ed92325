/**
 * Product versions and the owners' notice of a new one (issue 15, docs/decisions/030).
 * - products.version, products.release_notes: what the creator is editing now (nullable, so
 *   existing products and inserts stay as they were).
 * - product_versions: every version a published product has been released at, once each
 *   (unique (product_id, version): a version string is never used twice), with its notes and
 *   the time it was first published. Deleted with its product (the owners' notices with it).
 * - user_notifications gains the kind 'product_version' with its reference,
 *   product_version_id; the two checks widen (the inline kind check of migration
 *   2026-11-24-0300 is named user_notifications_kind_check by PostgreSQL and PGlite), and
 *   unique (user_id, product_version_id) keeps one notice per owner per version (the NULLs of
 *   other kinds never clash).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column version text, add column release_notes text`.execute(db);
  await sql`
    create table product_versions (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id) on delete cascade,
      version text not null check (char_length(version) between 1 and 32),
      notes text,
      released_at timestamptz not null default now(),
      unique (product_id, version)
    )
  `.execute(db);
  await sql`create index product_versions_product_released_idx on product_versions (product_id, released_at desc, id desc)`.execute(db);
  await sql`
    alter table user_notifications
      drop constraint user_notifications_kind_check,
      drop constraint user_notifications_kind_reference,
      add column product_version_id uuid references product_versions (id) on delete cascade
  `.execute(db);
  await sql`
    alter table user_notifications
      add constraint user_notifications_kind_check check (kind in ('tool_update', 'sale', 'refund', 'product_version')),
      add constraint user_notifications_kind_reference check (
        (kind = 'tool_update' and update_id is not null and order_id is null and product_version_id is null and reason is not null)
        or (kind in ('sale', 'refund') and order_id is not null and update_id is null and product_version_id is null and reason is null)
        or (kind = 'product_version' and product_version_id is not null and update_id is null and order_id is null and reason is null)
      ),
      add constraint user_notifications_user_version_key unique (user_id, product_version_id)
  `.execute(db);
  // Deleting a product's versions (with the product) finds their notices through it.
  await sql`create index user_notifications_version_idx on user_notifications (product_version_id) where product_version_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_notifications where kind = 'product_version'`.execute(db);
  await sql`
    alter table user_notifications
      drop constraint user_notifications_user_version_key,
      drop constraint user_notifications_kind_reference,
      drop constraint user_notifications_kind_check,
      drop column product_version_id
  `.execute(db);
  await sql`
    alter table user_notifications
      add constraint user_notifications_kind_check check (kind in ('tool_update', 'sale', 'refund')),
      add constraint user_notifications_kind_reference check (
        (kind = 'tool_update' and update_id is not null and order_id is null and reason is not null)
        or (kind in ('sale', 'refund') and order_id is not null and update_id is null and reason is null)
      )
  `.execute(db);
  await sql`drop table if exists product_versions`.execute(db);
  await sql`alter table products drop column if exists version, drop column if exists release_notes`.execute(db);
}
