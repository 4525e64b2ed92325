/**
 * Invoices and credit notes (docs/decisions/050): numbering from invoice_counters, issuing a
 * document with what it says copied from the order, reading them back, and the tax report's
 * sums. Functions take `db` or a transaction first.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/db/schema';
import type { InvoiceKind } from '@/src/shared/domain';

type Q = Kysely<Database> | Transaction<Database>;

const INVOICE_SERIES: Record<InvoiceKind, 'INV' | 'CN'> = { invoice: 'INV', credit_note: 'CN' };

/**
 * The next number of a series in the current year (the database's clock, UTC). One statement
 * that takes the counter's row lock: concurrent issuers wait for each other, and a
 * transaction that rolls back gives its number back, so numbers are consecutive and unique.
 */
async function nextNumber(db: Q, series: 'INV' | 'CN'): Promise<string> {
  const row = await sql<{ year: number; last: number }>`
    insert into invoice_counters (series, year, last)
    values (${series}, extract(year from now() at time zone 'UTC')::int, 1)
    on conflict (series, year) do update set last = invoice_counters.last + 1
    returning year, last
  `.execute(db);
  const { year, last } = row.rows[0]!;
  return `${series}-${year}-${String(last).padStart(6, '0')}`;
}

async function findInvoice(db: Q, orderId: string, kind: InvoiceKind) {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).where('kind', '=', kind).executeTakeFirst();
}

/**
 * Issues the order's invoice or credit note once, in the caller's transaction (the one that
 * moved the order to paid or refunded, or a page's for an order paid without one): a second call for the same order
 * and kind answers the document already issued and takes no number.
 */
export async function issueDocument(db: Q, orderId: string, kind: InvoiceKind) {
  // The order's row lock: two issuers of the same order (a page issuing an older order's
  // invoice while its refund runs) take turns, and the second finds the first's document.
  await db.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().executeTakeFirst();
  const existing = await findInvoice(db, orderId, kind);
  if (existing) return existing;
  const number = await nextNumber(db, INVOICE_SERIES[kind]);
  return db
    .insertInto('invoices')
    .columns([
      'order_id',
      'kind',
      'number',
      'seller_id',
      'seller_name',
      'buyer_id',
      'buyer_name',
      'buyer_email',
      'buyer_country',
      'buyer_company',
      'buyer_vat_id',
      'description',
      'price_cents',
      'tax_cents',
      'total_cents',
      'currency',
      'tax_rate_bps',
      'tax_country',
      'reverse_charge',
      'payment_card_brand',
      'payment_card_last4',
      'discount_code',
      'discount_cents',
    ])
    .expression((eb) =>
      eb
        .selectFrom('orders as o')
        .innerJoin('users as s', 's.id', 'o.creator_id')
        .innerJoin('users as b', 'b.id', 'o.buyer_id')
        .leftJoin('products as p', 'p.id', 'o.product_id')
        .select([
          'o.id',
          sql.lit(kind).as('kind'),
          sql.val(number).as('number'),
          'o.creator_id',
          sql<string>`coalesce(nullif(btrim(s.name), ''), 'Creator')`.as('seller_name'),
          'o.buyer_id',
          sql<string>`coalesce(nullif(btrim(b.name), ''), b.email)`.as('buyer_name'),
          'b.email',
          'o.buyer_country',
          'o.buyer_company',
          'o.buyer_vat_id',
          sql<string>`coalesce(p.title, 'Product') || case when o.kind = 'subscription' then ' (monthly subscription)' else '' end`.as('description'),
          'o.amount_cents',
          'o.tax_cents',
          sql<number>`o.amount_cents + o.tax_cents`.as('total_cents'),
          'o.currency',
          'o.tax_rate_bps',
          'o.tax_country',
          'o.tax_reverse_charge',
          'o.payment_card_brand',
          'o.payment_card_last4',
          'o.discount_code',
          'o.discount_cents',
        ])
        .where('o.id', '=', orderId),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listOrderDocuments(db: Q, orderId: string) {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).orderBy('issued_at').orderBy('kind').execute();
}

/**
 * The tax report: per month of issue (UTC) and tax country, the tax on invoices (collected)
 * and on credit notes (refunded), with the net sales they were charged on. `from`/`to`: a
 * half-open range of issue dates.
 */
export async function taxReportRows(db: Q, range: { from: Date; to: Date }) {
  return db
    .selectFrom('invoices')
    .select([
      sql<string>`to_char(issued_at at time zone 'UTC', 'YYYY-MM')`.as('month'),
      sql<string>`coalesce(tax_country, '')`.as('country'),
      'currency',
      sql<number>`count(*) filter (where kind = 'invoice')::int`.as('invoices'),
      sql<number>`count(*) filter (where kind = 'credit_note')::int`.as('credit_notes'),
      sql<number>`coalesce(sum(price_cents) filter (where kind = 'invoice'), 0)::bigint`.as('sales_cents'),
      sql<number>`coalesce(sum(tax_cents) filter (where kind = 'invoice'), 0)::bigint`.as('tax_collected_cents'),
      sql<number>`coalesce(sum(price_cents) filter (where kind = 'credit_note'), 0)::bigint`.as('refunded_sales_cents'),
      sql<number>`coalesce(sum(tax_cents) filter (where kind = 'credit_note'), 0)::bigint`.as('tax_refunded_cents'),
      sql<number>`count(*) filter (where reverse_charge and kind = 'invoice')::int`.as('reverse_charge_invoices'),
    ])
    .where('issued_at', '>=', range.from)
    .where('issued_at', '<', range.to)
    .groupBy([sql`to_char(issued_at at time zone 'UTC', 'YYYY-MM')`, sql`coalesce(tax_country, '')`, 'currency'])
    .orderBy(sql`1`)
    .orderBy(sql`2`)
    .execute();
}
