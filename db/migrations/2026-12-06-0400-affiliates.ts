/**
 * Affiliates (issue 31, docs/decisions/081).
 * - products.affiliate_percent: the commission a creator offers affiliates, 1-75 % of their net;
 *   null: affiliates are off for the product.
 * - affiliate_links: one per (product, affiliate user), with its short code (/a/{code}) and the
 *   clicks counted by the product page's visit beacon.
 * - orders: the link a checkout was attributed to, the affiliate, the percent and the commission
 *   in cents locked in at checkout (0: none).
 * - creator_ledger_entries: four kinds, one of each per order: the creator's 'affiliate_commission'
 *   (- the commission) and the affiliate's 'affiliate_earning' (+ it), written with the sale; on a
 *   refund the creator's 'affiliate_commission_reversal' (+) and the affiliate's
 *   'affiliate_earning_reversal' (-).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const KINDS_BEFORE = `'sale', 'refund', 'payout', 'payout_reversal', 'adjustment', 'transfer', 'transfer_reversal'`;
const AFFILIATE_KINDS = `'affiliate_commission', 'affiliate_commission_reversal', 'affiliate_earning', 'affiliate_earning_reversal'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column affiliate_percent integer check (affiliate_percent between 1 and 75)`.execute(db);
  await sql`
    create table affiliate_links (
      id uuid primary key default gen_random_uuid(),
      code text not null unique check (code ~ '^[a-z0-9]{6,16}$'),
      product_id uuid not null references products (id) on delete cascade,
      user_id text not null references profiles (id) on delete cascade,
      clicks integer not null default 0 check (clicks >= 0),
      created_at timestamptz not null default now(),
      unique (product_id, user_id)
    )
  `.execute(db);
  await sql`create index affiliate_links_user_idx on affiliate_links (user_id, created_at desc)`.execute(db);
  await sql`
    alter table orders
      add column affiliate_link_id uuid references affiliate_links (id) on delete set null,
      add column affiliate_user_id text references profiles (id),
      add column affiliate_percent integer check (affiliate_percent between 1 and 75),
      add column affiliate_commission_cents integer not null default 0 check (affiliate_commission_cents >= 0)
  `.execute(db);
  await sql`create index orders_affiliate_link_idx on orders (affiliate_link_id) where affiliate_link_id is not null`.execute(db);
  await sql
    .raw(
      `alter table creator_ledger_entries
        drop constraint creator_ledger_entries_kind_check,
        add constraint creator_ledger_entries_kind_check check (kind in (${KINDS_BEFORE}, ${AFFILIATE_KINDS})),
        add constraint creator_ledger_entries_affiliate_shape check (
          kind not in (${AFFILIATE_KINDS})
          or (order_id is not null and payout_id is null and (
            (kind in ('affiliate_commission', 'affiliate_earning_reversal') and amount_cents < 0)
            or (kind in ('affiliate_earning', 'affiliate_commission_reversal') and amount_cents > 0))))`,
    )
    .execute(db);
  // The existing shape check lists the older kinds only: a row of a new kind must pass it too.
  await sql
    .raw(
      `alter table creator_ledger_entries
        drop constraint creator_ledger_entries_shape,
        add constraint creator_ledger_entries_shape check (
          kind in (${AFFILIATE_KINDS})
          or (kind = 'sale' and amount_cents >= 0 and order_id is not null and payout_id is null)
          or (kind = 'refund' and amount_cents <= 0 and order_id is not null and payout_id is null)
          or (kind = 'payout' and amount_cents < 0 and payout_id is not null and order_id is null)
          or (kind = 'payout_reversal' and amount_cents > 0 and payout_id is not null)
          or (kind = 'adjustment' and amount_cents <> 0 and reason is not null and created_by is not null and order_id is null and payout_id is null)
          or (kind = 'transfer' and amount_cents <= 0 and order_id is not null and payout_id is null and provider_ref is not null)
          or (kind = 'transfer_reversal' and amount_cents >= 0 and order_id is not null and payout_id is null and provider_ref is not null))`,
    )
    .execute(db);
  await sql
    .raw(`create unique index creator_ledger_affiliate_order_key on creator_ledger_entries (order_id, kind) where kind in (${AFFILIATE_KINDS})`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table creator_ledger_entries disable trigger creator_ledger_entries_append_only`.execute(db);
  await sql.raw(`delete from creator_ledger_entries where kind in (${AFFILIATE_KINDS})`).execute(db);
  await sql`alter table creator_ledger_entries enable trigger creator_ledger_entries_append_only`.execute(db);
  await sql`drop index if exists creator_ledger_affiliate_order_key`.execute(db);
  await sql
    .raw(
      `alter table creator_ledger_entries
        drop constraint creator_ledger_entries_affiliate_shape,
        drop constraint creator_ledger_entries_shape,
        drop constraint creator_ledger_entries_kind_check,
        add constraint creator_ledger_entries_kind_check check (kind in (${KINDS_BEFORE})),
        add constraint creator_ledger_entries_shape check (
          (kind = 'sale' and amount_cents >= 0 and order_id is not null and payout_id is null)
          or (kind = 'refund' and amount_cents <= 0 and order_id is not null and payout_id is null)
          or (kind = 'payout' and amount_cents < 0 and payout_id is not null and order_id is null)
          or (kind = 'payout_reversal' and amount_cents > 0 and payout_id is not null)
          or (kind = 'adjustment' and amount_cents <> 0 and reason is not null and created_by is not null and order_id is null and payout_id is null)
          or (kind = 'transfer' and amount_cents <= 0 and order_id is not null and payout_id is null and provider_ref is not null)
          or (kind = 'transfer_reversal' and amount_cents >= 0 and order_id is not null and payout_id is null and provider_ref is not null))`,
    )
    .execute(db);
  await sql`drop index if exists orders_affiliate_link_idx`.execute(db);
  await sql`alter table orders drop column affiliate_commission_cents, drop column affiliate_percent, drop column affiliate_user_id, drop column affiliate_link_id`.execute(
    db,
  );
  await sql`drop table if exists affiliate_links`.execute(db);
  await sql`alter table products drop column affiliate_percent`.execute(db);
}
