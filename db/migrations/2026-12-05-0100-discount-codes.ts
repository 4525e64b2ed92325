/**
 * Discount codes (issue 31, docs/decisions/075).
 * - discount_codes: a creator's codes. `code` is stored upper-case and unique per creator, so a
 *   code is case-insensitive. Percent (1-100) or a fixed amount off in cents, for all the
 *   creator's products (product_ids null) or the ones listed; optional start and end; an optional
 *   maximum of uses; a minimum price after the discount (cents, never below 0).
 * - `uses` counts the checkouts holding the code (pending) and the orders that paid with it: a
 *   checkout takes a use by a conditional UPDATE in the transaction that writes its order, and a
 *   checkout that expires or fails gives it back. The check constraint makes 'max uses' a fact of
 *   the database, whatever a caller does.
 * - orders: which code (its id and the code as the buyer typed it, upper-cased), and the discount
 *   in cents; amount_cents is the price after the discount, the one the fee and net are computed
 *   on. A 100% code gives a $0 order, so amount_cents may now be 0.
 * - invoices: the code and the discount, copied when the invoice is issued, like its other lines.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table discount_codes (
      id uuid primary key default gen_random_uuid(),
      creator_id text not null references profiles (id),
      code text not null check (code ~ '^[A-Z0-9_-]{3,32}$'),
      kind text not null check (kind in ('percent', 'fixed')),
      percent_off integer check (percent_off between 1 and 100),
      amount_off_cents integer check (amount_off_cents > 0),
      product_ids uuid[],
      starts_at timestamptz,
      ends_at timestamptz,
      max_uses integer check (max_uses > 0),
      min_price_cents integer not null default 0 check (min_price_cents >= 0),
      uses integer not null default 0 check (uses >= 0),
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint discount_codes_amount check (
        (kind = 'percent' and percent_off is not null and amount_off_cents is null)
        or (kind = 'fixed' and amount_off_cents is not null and percent_off is null)
      ),
      constraint discount_codes_window check (starts_at is null or ends_at is null or starts_at < ends_at),
      constraint discount_codes_max_uses check (max_uses is null or uses <= max_uses)
    )
  `.execute(db);
  await sql`create unique index discount_codes_creator_code_key on discount_codes (creator_id, code)`.execute(db);
  await sql`
    alter table orders
      add column discount_code_id uuid references discount_codes (id),
      add column discount_code text,
      add column discount_cents integer not null default 0 check (discount_cents >= 0)
  `.execute(db);
  // An invoice prints what it was issued with: the code and the discount are copied into it.
  await sql`alter table invoices add column discount_code text, add column discount_cents integer not null default 0 check (discount_cents >= 0)`.execute(db);
  await sql`create index orders_discount_code_idx on orders (discount_code_id) where discount_code_id is not null`.execute(db);
  await sql`alter table orders drop constraint orders_amount_cents_check`.execute(db);
  await sql`alter table orders add constraint orders_amount_cents_check check (amount_cents >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_amount_cents_check`.execute(db);
  await sql`alter table orders add constraint orders_amount_cents_check check (amount_cents > 0)`.execute(db);
  await sql`drop index if exists orders_discount_code_idx`.execute(db);
  await sql`alter table invoices drop column discount_cents, drop column discount_code`.execute(db);
  await sql`alter table orders drop column discount_cents, drop column discount_code, drop column discount_code_id`.execute(db);
  await sql`drop table if exists discount_codes`.execute(db);
}
