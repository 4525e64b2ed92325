/**
 * Tax and invoices (issue 27, docs/decisions/050):
 * - orders learn the buyer's country, company and VAT ID, the tax charged on top of the price
 *   (tax_cents at tax_rate_bps for tax_country, or the EU reverse charge) and the card used
 *   (brand, last four). amount_cents stays the price without tax: the creator's net and the
 *   platform fee are computed on it; the buyer paid amount_cents + tax_cents.
 * - invoices: one invoice per paid order, one credit note per refunded order (unique order_id,
 *   kind), each numbered from its own series per year, INV-2026-000001 / CN-2026-000001. The
 *   numbers come from invoice_counters, incremented in the transaction that issues the
 *   document: concurrent issues wait on the counter's row, a rolled-back one gives its number
 *   back, so a series has no gaps and no number is used twice (unique number). What the
 *   document says (seller, buyer, amounts, tax) is copied in when it is issued: an invoice
 *   never changes afterwards. Never deleted.
 * - Orders already paid or refunded get their invoices (and credit notes) now, in the order
 *   they were paid, so every paid order has one.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders
      add column tax_cents integer not null default 0 check (tax_cents >= 0),
      add column tax_rate_bps integer not null default 0 check (tax_rate_bps between 0 and 10000),
      add column tax_country text check (tax_country ~ '^[A-Z]{2}$'),
      add column tax_reverse_charge boolean not null default false,
      add column buyer_country text check (buyer_country ~ '^[A-Z]{2}$'),
      add column buyer_company text check (char_length(buyer_company) <= 200),
      add column buyer_vat_id text check (buyer_vat_id ~ '^[A-Z0-9+*]{4,20}$'),
      add column payment_card_brand text check (char_length(payment_card_brand) <= 30),
      add column payment_card_last4 text check (payment_card_last4 ~ '^[0-9]{4}$')
  `.execute(db);
  await sql`
    create table invoice_counters (
      series text not null check (series in ('INV', 'CN')),
      year integer not null check (year between 2000 and 9999),
      last integer not null check (last > 0),
      primary key (series, year)
    )
  `.execute(db);
  await sql`
    create table invoices (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders (id),
      kind text not null check (kind in ('invoice', 'credit_note')),
      number text not null unique check (number ~ '^(INV|CN)-[0-9]{4}-[0-9]{6,}$'),
      issued_at timestamptz not null default now(),
      seller_id text not null references profiles (id),
      seller_name text not null,
      buyer_id text not null references profiles (id),
      buyer_name text not null,
      buyer_email text not null,
      buyer_country text check (buyer_country ~ '^[A-Z]{2}$'),
      buyer_company text,
      buyer_vat_id text,
      description text not null,
      price_cents integer not null check (price_cents >= 0),
      tax_cents integer not null check (tax_cents >= 0),
      total_cents integer not null check (total_cents = price_cents + tax_cents),
      currency text not null,
      tax_rate_bps integer not null check (tax_rate_bps between 0 and 10000),
      tax_country text check (tax_country ~ '^[A-Z]{2}$'),
      reverse_charge boolean not null,
      payment_card_brand text,
      payment_card_last4 text,
      unique (order_id, kind)
    )
  `.execute(db);
  // The tax report reads documents by month of issue.
  await sql`create index invoices_issued_at on invoices (issued_at)`.execute(db);

  // Orders paid before this migration: their invoices, numbered in the order they were paid.
  for (const [kind, series, at, statuses] of [
    ['invoice', 'INV', 'paid_at', `'paid', 'refunded'`],
    ['credit_note', 'CN', 'refunded_at', `'refunded'`],
  ] as const) {
    await sql`
      insert into invoices (order_id, kind, number, issued_at, seller_id, seller_name, buyer_id, buyer_name, buyer_email,
                            description, price_cents, tax_cents, total_cents, currency, tax_rate_bps, reverse_charge)
      select o.id, ${kind},
             ${series} || '-' || extract(year from o.${sql.raw(at)} at time zone 'UTC')::int || '-' ||
               lpad((row_number() over (partition by extract(year from o.${sql.raw(at)} at time zone 'UTC') order by o.${sql.raw(at)}, o.number))::text, 6, '0'),
             o.${sql.raw(at)}, o.creator_id, coalesce(nullif(btrim(s.name), ''), 'Creator'), o.buyer_id, coalesce(nullif(btrim(b.name), ''), b.email), b.email,
             coalesce(p.title, 'Product') || case when o.kind = 'subscription' then ' (monthly subscription)' else '' end,
             o.amount_cents, 0, o.amount_cents, o.currency, 0, false
      from orders o
      join users s on s.id = o.creator_id
      join users b on b.id = o.buyer_id
      left join products p on p.id = o.product_id
      where o.status in (${sql.raw(statuses)}) and o.${sql.raw(at)} is not null
    `.execute(db);
    await sql`
      insert into invoice_counters (series, year, last)
      select ${series}, extract(year from issued_at at time zone 'UTC')::int, count(*)
      from invoices where kind = ${kind}
      group by extract(year from issued_at at time zone 'UTC')::int
    `.execute(db);
  }
}
