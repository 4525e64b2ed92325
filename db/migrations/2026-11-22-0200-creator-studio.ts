/**
 * Creator studio: payout requests, and indexes for the dashboard and creator pages.
 * - payout_requests: a creator asks for their balance. Status moves pending -> processing ->
 *   paid (or cancelled) outside the app (no payment provider yet).
 * - payout_items: the paid downloads a request pays; a download is in at most one request
 *   (primary key), so no sale is ever paid out twice.
 * - The dashboard reads a user's own interactions and the reviews they wrote.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payout_requests (
      id uuid primary key default gen_random_uuid(),
      seller_id text not null references profiles (id) on delete cascade,
      amount numeric(12, 2) not null check (amount > 0),
      status text not null default 'pending' check (status in ('pending', 'processing', 'paid', 'cancelled')),
      requested_at timestamptz not null default now(),
      paid_at timestamptz
    )
  `.execute(db);
  await sql`create index payout_requests_seller_requested_idx on payout_requests (seller_id, requested_at desc)`.execute(db);
  await sql`
    create table payout_items (
      download_id uuid primary key references downloads (id) on delete cascade,
      payout_id uuid not null references payout_requests (id) on delete cascade,
      amount numeric(12, 2) not null check (amount >= 0)
    )
  `.execute(db);
  await sql`create index payout_items_payout_idx on payout_items (payout_id)`.execute(db);
  await sql`create index product_interactions_user_idx on product_interactions (user_id, created_at desc) where user_id is not null`.execute(db);
  await sql`create index seller_reviews_reviewer_idx on seller_reviews (reviewer_id, created_at desc)`.execute(db);
  // Sales and analytics read a creator's paid downloads over time.
  await sql`create index downloads_paid_product_created_idx on downloads (product_id, created_at) where download_type = 'paid'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists downloads_paid_product_created_idx`.execute(db);
  await sql`drop index if exists seller_reviews_reviewer_idx`.execute(db);
  await sql`drop index if exists product_interactions_user_idx`.execute(db);
  await sql`drop table if exists payout_items`.execute(db);
  await sql`drop table if exists payout_requests`.execute(db);
}
