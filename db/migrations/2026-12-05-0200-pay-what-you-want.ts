/**
 * Pay what you want (issue 31, docs/decisions/077).
 * - products.pay_what_you_want: the buyer names the price; `price` is then the minimum (may be 0).
 * - products.suggested_price: the amount offered first ('Name a fair price'), numeric(12, 2)
 *   like `price`; null leaves the minimum as the suggestion.
 * - Only one-time products: a subscription's renewals are priced by the provider.
 * The order's amount_cents is the amount paid, as for every order (0 allowed since 2026-12-05-0100).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      add column pay_what_you_want boolean not null default false,
      add column suggested_price numeric(12, 2) check (suggested_price >= 0),
      add constraint products_pay_what_you_want_one_time check (not pay_what_you_want or pricing_model = 'one_time')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      drop constraint products_pay_what_you_want_one_time,
      drop column suggested_price,
      drop column pay_what_you_want
  `.execute(db);
}
