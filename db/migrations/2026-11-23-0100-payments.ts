/**
 * Payments (issue 11): orders, the webhook event log, creators' payout accounts and
 * subscriptions.
 * - orders: one row per checkout. Money is integer cents (amount_cents, fee_cents), locked
 *   from the product row when the checkout starts. Financial records: nothing references them
 *   with a cascade and products/profiles cannot be deleted from under them (no action), so
 *   a product with orders is archived instead of deleted (functions/products).
 *   provider_session_id is unique: two completions of one session find one row.
 * - payment_events: every webhook event id once (primary key), so a replay has no effect;
 *   an event that cannot apply yet (a refund before its completion) is kept as 'parked' with
 *   the reference it waits for.
 * - payout_accounts: a creator's Stripe Connect (Express) account and whether it can take
 *   charges and payouts.
 * - subscriptions: a buyer's subscription to a subscription-priced product; access while
 *   active and the period has not ended.
 * - order_payout_items: the paid orders a payout request pays (the local provider's payouts),
 *   each order in at most one request.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table orders (
      id uuid primary key default gen_random_uuid(),
      number bigint generated always as identity unique,
      buyer_id text not null references profiles (id),
      product_id uuid not null references products (id),
      creator_id text not null references profiles (id),
      kind text not null default 'one_time' check (kind in ('one_time', 'subscription')),
      amount_cents integer not null check (amount_cents > 0),
      fee_cents integer not null check (fee_cents >= 0 and fee_cents <= amount_cents),
      currency text not null default 'usd',
      status text not null default 'pending' check (status in ('pending', 'paid', 'refunded', 'failed', 'expired')),
      provider text not null check (provider in ('local', 'stripe')),
      provider_session_id text unique,
      provider_payment_id text unique,
      provider_subscription_id text,
      destination_account_id text,
      created_at timestamptz not null default now(),
      paid_at timestamptz,
      refunded_at timestamptz
    )
  `.execute(db);
  await sql`create index orders_buyer_product_idx on orders (buyer_id, product_id) where status = 'paid'`.execute(db);
  await sql`create index orders_buyer_created_idx on orders (buyer_id, created_at desc)`.execute(db);
  await sql`create index orders_creator_paid_idx on orders (creator_id, paid_at desc) where status in ('paid', 'refunded')`.execute(db);
  await sql`create index orders_product_idx on orders (product_id)`.execute(db);
  await sql`create index orders_subscription_idx on orders (provider_subscription_id) where provider_subscription_id is not null`.execute(db);

  await sql`
    create table payment_events (
      id text primary key,
      provider text not null,
      type text not null,
      payload jsonb not null,
      status text not null default 'processed' check (status in ('processed', 'parked', 'ignored')),
      waits_for text,
      received_at timestamptz not null default now(),
      processed_at timestamptz
    )
  `.execute(db);
  await sql`create index payment_events_parked_idx on payment_events (waits_for) where status = 'parked'`.execute(db);

  await sql`
    create table payout_accounts (
      creator_id text primary key references profiles (id),
      stripe_account_id text not null unique,
      is_ready boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);

  await sql`
    create table subscriptions (
      id uuid primary key default gen_random_uuid(),
      buyer_id text not null references profiles (id),
      product_id uuid not null references products (id),
      creator_id text not null references profiles (id),
      provider text not null check (provider in ('local', 'stripe')),
      provider_subscription_id text not null unique,
      price_cents integer not null check (price_cents > 0),
      status text not null check (status in ('active', 'past_due', 'canceled', 'incomplete')),
      current_period_end timestamptz not null,
      cancel_at_period_end boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index subscriptions_buyer_product_idx on subscriptions (buyer_id, product_id)`.execute(db);

  await sql`
    create table order_payout_items (
      order_id uuid primary key references orders (id),
      payout_id uuid not null references payout_requests (id) on delete cascade,
      amount_cents integer not null check (amount_cents >= 0)
    )
  `.execute(db);
  await sql`create index order_payout_items_payout_idx on order_payout_items (payout_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists order_payout_items`.execute(db);
  await sql`drop table if exists subscriptions`.execute(db);
  await sql`drop table if exists payout_accounts`.execute(db);
  await sql`drop table if exists payment_events`.execute(db);
  await sql`drop table if exists orders`.execute(db);
}
