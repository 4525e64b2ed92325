/**
 * Tax (issue 27, docs/decisions/050): the local checkout's quote before paying, and the
 * administrators' tax report. Invoices are pages (/orders/{orderId}/invoice), not API routes.
 */
import * as z from 'zod/mini';
import { CHECKOUT_SESSION_ID_PATTERN } from '../../ids';
import { defineRoute, file, json } from '../contract';
import { BuyerTaxSchema, TaxQuoteSchema } from '../schemas/payments';

const month = () => z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Months are written YYYY-MM')));

export const quoteCheckout = defineRoute({
  method: 'POST',
  path: '/api/checkout/{sessionId}/quote',
  operationId: 'quoteCheckout',
  tag: 'Checkout',
  summary: 'What a local test-mode checkout will charge, with its tax, before paying',
  description:
    'Only with the local payment provider. The buyer’s country (ISO 3166-1 alpha-2, required) and, for a business, its company and EU VAT ID. Answers the price, the tax at the country’s rate for digital services rounded half up to the cent (the EU member states, the UK, Norway, Switzerland, Australia and New Zealand; 0 elsewhere), its label (‘VAT 19% (Germany)’) and the total. An EU business with a well-formed VAT ID of its own member state pays no VAT (reverse charge) unless it is in the platform’s own member state (TAX_ORIGIN_COUNTRY). A VAT ID that is not well formed for the country: 400 with a message under `vatId`. Only the buyer who started the checkout may ask. Changes nothing.',
  auth: 'verified',
  params: z.strictObject({ sessionId: z.string().check(z.regex(CHECKOUT_SESSION_ID_PATTERN, 'Not a valid id')) }),
  body: json(BuyerTaxSchema),
  response: json(TaxQuoteSchema),
  errors: ['CHECKOUT_NOT_FOUND'],
  example: { params: { sessionId: 'cs_test_a1B2c3D4e5F6g7H8' }, body: { country: 'DE', company: null, vatId: null } },
});

export const exportTaxReport = defineRoute({
  method: 'GET',
  path: '/api/admin/tax-report.csv',
  operationId: 'exportTaxReport',
  tag: 'Admin',
  summary: 'Tax collected and refunded per country and month, as CSV (administrators only)',
  description:
    'One line per month of issue (UTC) and tax country: invoices and credit notes issued, net sales, tax collected on invoices, refunded net sales and tax refunded on credit notes, the tax due (collected less refunded) and how many invoices were under the EU reverse charge. Amounts in dollars exact to the cent. `from` and `to` are months (YYYY-MM, inclusive); both default to the current month.',
  auth: 'user',
  query: z.strictObject({ from: month(), to: month() }),
  response: file('text/csv'),
  errors: ['FORBIDDEN'],
  example: { query: { from: '2026-01', to: '2026-12' } },
});

export const taxRoutes = [quoteCheckout, exportTaxReport] as const;
