/**
 * Invoices and credit notes (issue 27, docs/decisions/050).
 * - issueInvoice / issueCreditNote: in the transaction that moves an order to paid or refunded
 *   (webhook.service.ts), so a document exists exactly when its transition does and a replayed
 *   event, which finds no transition, issues nothing. The credit note refers to the invoice.
 * - getOrderInvoice: /orders/{orderId}/invoice for the buyer, the creator (the seller) and
 *   administrators; anyone else, or an order not paid, answers ORDER_NOT_FOUND (the page's 404).
 *   An order paid without an invoice (demo data, an order written outside the payments
 *   services) gets it now, numbered like any other.
 * - taxReport: the administrators' CSV of tax collected and refunded per country and month.
 */
import type { Db } from '@/db/database';
import type { Invoice, Order } from '@/db/schema';
import { centsToDecimal, formatOrderNumber } from '@/src/shared/payments';
import { AppError } from '../_shared/errors';
import { getEnv } from '@/env';
import { isAdmin } from '../_shared/auth-guard';
import { findOrder } from './payments.repository';
import { issueDocument, listOrderDocuments, taxReportRows } from './invoices.repository';

type Trx = Parameters<typeof issueDocument>[0];

export async function issueInvoice(trx: Trx, order: Pick<Order, 'id'>): Promise<Invoice> {
  return issueDocument(trx, order.id, 'invoice');
}

/** The refund's credit note; the invoice it refers to is issued first if the order had none. */
export async function issueCreditNote(trx: Trx, order: Pick<Order, 'id'>): Promise<Invoice> {
  await issueDocument(trx, order.id, 'invoice');
  return issueDocument(trx, order.id, 'credit_note');
}

/** The platform as invoices name it: toolmint, the marketplace operator, with INVOICE_OPERATOR_DETAILS. */
function operatorOnInvoices(): { name: string; details: string | null } {
  return { name: 'toolmint', details: getEnv().INVOICE_OPERATOR_DETAILS ?? null };
}

export interface OrderInvoice {
  orderId: string;
  orderNumber: string;
  invoice: Invoice;
  creditNote: Invoice | null;
  operator: { name: string; details: string | null };
}

export async function getOrderInvoice(db: Db, actorId: string, orderId: string): Promise<OrderInvoice> {
  const order = await findOrder(db, orderId);
  if (!order || (order.status !== 'paid' && order.status !== 'refunded')) throw new AppError('ORDER_NOT_FOUND');
  if (order.buyer_id !== actorId && order.creator_id !== actorId && !(await isAdmin(db, actorId))) throw new AppError('ORDER_NOT_FOUND');
  let documents = await listOrderDocuments(db, order.id);
  const missing = !documents.some((d) => d.kind === 'invoice') || (order.status === 'refunded' && !documents.some((d) => d.kind === 'credit_note'));
  if (missing) {
    await db.transaction().execute((trx) => (order.status === 'refunded' ? issueCreditNote(trx, order) : issueInvoice(trx, order)));
    documents = await listOrderDocuments(db, order.id);
  }
  return {
    orderId: order.id,
    orderNumber: formatOrderNumber(order.number),
    invoice: documents.find((d) => d.kind === 'invoice')!,
    creditNote: documents.find((d) => d.kind === 'credit_note') ?? null,
    operator: operatorOnInvoices(),
  };
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' -> the half-open range of that month in UTC; null when it is not a month. */
function monthRange(month: string): { from: Date; to: Date } | null {
  const match = MONTH.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

const CSV_HEADER = [
  'month',
  'country',
  'currency',
  'invoices',
  'credit_notes',
  'net_sales',
  'tax_collected',
  'refunded_net_sales',
  'tax_refunded',
  'tax_due',
  'reverse_charge_invoices',
];

/**
 * The tax report of administrators: one row per month of issue and tax country (empty when the
 * buyer's country is unknown: orders from before checkout asked it), amounts in decimal units.
 * `from`/`to` are months (YYYY-MM), inclusive; both default to the current month.
 */
export async function taxReportCsv(db: Db, actorId: string, options: { from?: string; to?: string } = {}): Promise<string> {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
  const current = new Date().toISOString().slice(0, 7);
  const first = monthRange(options.from ?? options.to ?? current);
  const last = monthRange(options.to ?? options.from ?? current);
  if (!first || !last) throw new AppError('VALIDATION_FAILED', 'Months are written YYYY-MM');
  if (first.from > last.from) throw new AppError('VALIDATION_FAILED', 'The first month comes after the last');
  const rows = await taxReportRows(db, { from: first.from, to: last.to });
  const money = (cents: number | string) => centsToDecimal(Number(cents));
  const lines = rows.map((r) =>
    [
      r.month,
      r.country,
      r.currency,
      r.invoices,
      r.credit_notes,
      money(r.sales_cents),
      money(r.tax_collected_cents),
      money(r.refunded_sales_cents),
      money(r.tax_refunded_cents),
      money(Number(r.tax_collected_cents) - Number(r.tax_refunded_cents)),
      r.reverse_charge_invoices,
    ].join(','),
  );
  return [CSV_HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}
