/**
 * Tax and invoices (issue 27, docs/decisions/050), below the browser, on both database
 * drivers (DATABASE_URL for the second): the local checkout's quote and its errors, the tax
 * the order stores and the creator's net on the price, the receipt naming the seller,
 * invoice numbers unique under 50 concurrent payments, credit notes on refund, who may see an
 * invoice, and the administrators' tax report.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { payLocalCheckout, quoteLocalCheckout, startCheckout } from '@/functions/payments/checkout.service';
import { getOrderInvoice, taxReportCsv } from '@/functions/payments/invoices.service';
import { advanceLocalSubscription, refundOrder } from '@/functions/payments/orders.service';
import { POST as quoteRoute } from '@/src/pages/api/checkout/[sessionId]/quote';
import { POST as payRoute } from '@/src/pages/api/checkout/[sessionId]/pay';
import { GET as taxReportRoute } from '@/src/pages/api/admin/tax-report.csv';
import type { SessionUser } from '@/src/shared/session';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { CARD_OK, settleOrders, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-invoices-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  return dir;
});

let t: TestDb;
let creator: { id: string; email: string };
let deps: ReturnType<typeof testDeps>;

const asUser = (u: { id: string; email: string }) => ({ id: u.id, email: u.email, userType: 'buyer' }) as unknown as SessionUser;
const orderOf = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const documentsOf = (orderId: string) => t.db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).orderBy('kind', 'desc').execute();

async function paidProduct(price: string | number = '79.00') {
  return createProduct(t.db, creator.id, {
    title: 'Lead Enrichment Workflow',
    price,
    pricing_model: 'one_time',
    content_delivery_type: 'text',
    content_text: 'x',
  });
}

async function checkout(buyer: { id: string; email: string }, productId: string) {
  const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId });
  return { sessionId: url.split('/checkout/')[1]!, orderId };
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  creator = await createUser(t.db, { fullName: 'Cora Creator' });
  deps = testDeps();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the local checkout’s quote', () => {
  let session: TestSession;
  let sessionId: string;
  beforeAll(async () => {
    session = await signUp('buyer', 'Quinn Quote');
    const p = await paidProduct();
    ({ sessionId } = await checkout({ id: session.userId, email: session.email }, p.id));
  });

  const quote = (json: unknown, as: TestSession | undefined = session) =>
    call(quoteRoute, `/api/checkout/${sessionId}/quote`, { method: 'POST', session: as, params: { sessionId }, json });

  it('Germany: the price, VAT 19% (Germany) and the total, in cents, before paying', async () => {
    const answer = await quote({ country: 'DE' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      priceCents: 7900,
      taxCents: 1501,
      totalCents: 9401,
      rateBps: 1900,
      country: 'DE',
      reverseCharge: false,
      label: 'VAT 19% (Germany)',
    });
  });

  it('a business with a VAT ID of its member state: the reverse charge, no VAT', async () => {
    const answer = await quote({ country: 'DE', company: 'Acme GmbH', vatId: 'de 123 456 789' });
    expect(answer.body).toMatchObject({ taxCents: 0, totalCents: 7900, reverseCharge: true, label: 'VAT reverse charge (Germany)' });
  });

  it('a country outside the table: no tax line', async () => {
    expect((await quote({ country: 'US' })).body).toMatchObject({ taxCents: 0, totalCents: 7900, label: null });
  });

  it('a country that is not one, or a malformed VAT ID: 400 with the field’s message, never a 500', async () => {
    const noCountry = await quote({ country: 'XX' });
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { country: 'Choose your country' } });
    expect((await quote({})).body.error.fields).toEqual({ country: 'Choose your country' });
    const badVat = await quote({ country: 'DE', vatId: 'FR12345678901' });
    expect(badVat.status).toBe(400);
    expect(badVat.body.error.fields).toEqual({ vatId: 'A VAT ID from Germany starts with DE (for example DE123456789).' });
    const shortVat = await quote({ country: 'AT', vatId: 'ATU1234' });
    expect(shortVat.body.error.fields).toEqual({ vatId: 'This is not a valid VAT ID for Austria (for example ATU12345678).' });
  });

  it('another user’s checkout answers 404', async () => {
    const other = await signUp('buyer', 'Otto Other');
    const answer = await quote({ country: 'DE' }, other);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('CHECKOUT_NOT_FOUND');
  });

  it('paying with a malformed VAT ID is refused before the card, and the checkout stays open', async () => {
    const response = await call(payRoute, `/api/checkout/${sessionId}/pay`, {
      method: 'POST',
      session,
      params: { sessionId },
      json: { ...CARD_OK, country: 'DE', vatId: 'DE1' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ vatId: 'This is not a valid VAT ID for Germany (for example DE123456789).' });
    const order = await t.db.selectFrom('orders').select('status').where('provider_session_id', '=', sessionId).executeTakeFirstOrThrow();
    expect(order.status).toBe('pending');
  });
});

describe('paying with tax', () => {
  it('stores the tax, the buyer and the card; the creator’s net is on the price; the receipt names the seller', async () => {
    const buyer = await createUser(t.db, { userType: 'buyer', fullName: 'Berta Buyer' });
    const p = await paidProduct();
    const { sessionId, orderId } = await checkout(buyer, p.id);
    await payLocalCheckout(t.db, deps, buyer.id, sessionId, { ...CARD_OK, country: 'DE' });
    expect(await orderOf(orderId)).toMatchObject({
      status: 'paid',
      amount_cents: 7900,
      fee_cents: 1185,
      tax_cents: 1501,
      tax_rate_bps: 1900,
      tax_country: 'DE',
      tax_reverse_charge: false,
      buyer_country: 'DE',
      buyer_company: null,
      buyer_vat_id: null,
      payment_card_brand: 'visa',
      payment_card_last4: '4242',
    });
    const sale = await t.db.selectFrom('creator_ledger_entries').select('amount_cents').where('order_id', '=', orderId).execute();
    expect(sale).toEqual([{ amount_cents: 6715 }]);

    const [invoice] = await documentsOf(orderId);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      seller_id: creator.id,
      seller_name: 'Cora Creator',
      buyer_name: 'Berta Buyer',
      buyer_email: buyer.email,
      buyer_country: 'DE',
      description: 'Lead Enrichment Workflow',
      price_cents: 7900,
      tax_cents: 1501,
      total_cents: 9401,
      tax_rate_bps: 1900,
      tax_country: 'DE',
      reverse_charge: false,
      payment_card_brand: 'visa',
      payment_card_last4: '4242',
    });

    await settleOrders(t.db);
    const receipt = deps.mailer.lastTo(buyer.email, /receipt/);
    expect(receipt?.text).toContain('Sold by Cora Creator through toolmint.');
    expect(receipt?.text).toContain('Price: $79.00');
    expect(receipt?.text).toContain('VAT 19% (Germany): $15.01');
    expect(receipt?.text).toContain('Total: $94.01');
    expect(receipt?.text).toContain('Paid with: Visa ending in 4242');
    expect(receipt?.text).toContain(`${deps.siteUrl}/orders/${orderId}/invoice`);
    expect(receipt?.text).not.toContain('Pay toolmint');
  });

  it('a business under the reverse charge: no tax, its company and VAT ID on the invoice', async () => {
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const p = await paidProduct();
    const { sessionId, orderId } = await checkout(buyer, p.id);
    expect(await quoteLocalCheckout(t.db, deps, buyer.id, sessionId, { country: 'NL', company: 'Bedrijf BV', vatId: 'NL123456789B01' })).toMatchObject({
      reverseCharge: true,
      totalCents: 7900,
    });
    await payLocalCheckout(t.db, deps, buyer.id, sessionId, { ...CARD_OK, country: 'NL', company: 'Bedrijf BV', vatId: 'nl 123456789 b01' });
    const [invoice] = await documentsOf(orderId);
    expect(invoice).toMatchObject({
      buyer_company: 'Bedrijf BV',
      buyer_vat_id: 'NL123456789B01',
      tax_cents: 0,
      total_cents: 7900,
      reverse_charge: true,
      tax_country: 'NL',
    });
  });

  it('in the platform’s own member state (TAX_ORIGIN_COUNTRY) a business pays VAT', async () => {
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const p = await paidProduct();
    const { sessionId, orderId } = await checkout(buyer, p.id);
    await payLocalCheckout(t.db, { ...deps, taxOriginCountry: 'IE' }, buyer.id, sessionId, { ...CARD_OK, country: 'IE', vatId: 'IE1234567WA' });
    expect(await orderOf(orderId)).toMatchObject({ tax_cents: 1817, tax_rate_bps: 2300, tax_reverse_charge: false, buyer_vat_id: 'IE1234567WA' });
  });
});

describe('subscriptions', () => {
  it('a renewal is taxed like the first payment and gets its own invoice; the creator’s net stays on the price', async () => {
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const p = await createProduct(t.db, creator.id, {
      title: 'Sref Codes',
      price: '9.99',
      pricing_model: 'subscription',
      content_delivery_type: 'text',
      content_text: 'x',
    });
    const { sessionId, orderId } = await checkout(buyer, p.id);
    await payLocalCheckout(t.db, deps, buyer.id, sessionId, { ...CARD_OK, country: 'SE' });
    const first = await orderOf(orderId);
    // 9.99 x 25% = 2.4975 -> 2.50
    expect(first).toMatchObject({ kind: 'subscription', amount_cents: 999, tax_cents: 250, tax_rate_bps: 2500, tax_country: 'SE', payment_card_last4: '4242' });
    await advanceLocalSubscription(t.db, deps, first.provider_subscription_id!);
    const renewal = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('provider_subscription_id', '=', first.provider_subscription_id)
      .where('id', '<>', orderId)
      .executeTakeFirstOrThrow();
    expect(renewal).toMatchObject({
      amount_cents: 999,
      fee_cents: 150,
      tax_cents: 250,
      tax_rate_bps: 2500,
      tax_country: 'SE',
      buyer_country: 'SE',
      payment_card_last4: '4242',
    });
    const [invoice] = await documentsOf(renewal.id);
    expect(invoice).toMatchObject({ kind: 'invoice', description: 'Sref Codes (monthly subscription)', price_cents: 999, tax_cents: 250, total_cents: 1249 });
    const sale = await t.db.selectFrom('creator_ledger_entries').select('amount_cents').where('order_id', '=', renewal.id).execute();
    expect(sale).toEqual([{ amount_cents: 849 }]);
  });
});

describe('invoice numbers', () => {
  it('50 concurrent paid orders get 50 distinct, consecutive invoice numbers', async () => {
    const p = await paidProduct('12.34');
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createUser(t.db, { userType: 'buyer' })));
    const checkouts = await Promise.all(buyers.map((b) => checkout(b, p.id)));
    const before = await t.db.selectFrom('invoices').select('number').where('kind', '=', 'invoice').execute();
    await Promise.all(checkouts.map((c, i) => payLocalCheckout(t.db, deps, buyers[i]!.id, c.sessionId, { ...CARD_OK, country: 'FR' })));
    const issued = await t.db
      .selectFrom('invoices')
      .select(['number', 'order_id', 'tax_cents'])
      .where(
        'order_id',
        'in',
        checkouts.map((c) => c.orderId),
      )
      .where('kind', '=', 'invoice')
      .execute();
    expect(issued).toHaveLength(50);
    expect(new Set(issued.map((i) => i.number)).size).toBe(50);
    expect(new Set(issued.map((i) => i.order_id)).size).toBe(50);
    // 12.34 x 20% = 2.468 -> 2.47
    expect(new Set(issued.map((i) => i.tax_cents))).toEqual(new Set([247]));
    // The series has no gaps: these 50 follow the ones issued before.
    const seq = (n: string) => Number(n.split('-')[2]);
    const sorted = issued.map((i) => seq(i.number)).sort((a, b) => a - b);
    expect(sorted[0]).toBe(before.length + 1);
    expect(sorted.at(-1)).toBe(before.length + 50);
  });
});

describe('credit notes, who sees an invoice, and the tax report', () => {
  it('a refund issues a credit note referring to the invoice; the page is the buyer’s, the creator’s and admins’; the report sums both', async () => {
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const p = await paidProduct();
    const { sessionId, orderId } = await checkout(buyer, p.id);
    await payLocalCheckout(t.db, deps, buyer.id, sessionId, { ...CARD_OK, country: 'AT' });

    // The page: buyer, creator and admins; anyone else and unknown orders are not found.
    const view = await getOrderInvoice(t.db, buyer.id, orderId);
    expect(view.invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(view.creditNote).toBeNull();
    expect((await getOrderInvoice(t.db, creator.id, orderId)).invoice.id).toBe(view.invoice.id);
    const admin = await signUp('buyer', 'Ada Admin');
    await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    expect((await getOrderInvoice(t.db, admin.userId, orderId)).invoice.id).toBe(view.invoice.id);
    const stranger = await createUser(t.db, { userType: 'buyer' });
    await expect(getOrderInvoice(t.db, stranger.id, orderId)).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
    await expect(getOrderInvoice(t.db, buyer.id, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
    const pending = await checkout(buyer, (await paidProduct()).id);
    await expect(getOrderInvoice(t.db, buyer.id, pending.orderId)).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });

    await refundOrder(t.db, deps, creator.id, orderId);
    const refunded = await getOrderInvoice(t.db, buyer.id, orderId);
    expect(refunded.invoice.id).toBe(view.invoice.id);
    expect(refunded.creditNote).toMatchObject({ kind: 'credit_note', price_cents: 7900, tax_cents: 1580, total_cents: 9480, tax_country: 'AT' });
    expect(refunded.creditNote!.number).toMatch(/^CN-\d{4}-\d{6}$/);
    await settleOrders(t.db);
    expect(deps.mailer.lastTo(buyer.email, /refund/)?.text).toContain('We refunded $94.80');

    // The tax report: administrators only.
    const month = new Date().toISOString().slice(0, 7);
    await expect(taxReportCsv(t.db, buyer.id, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const csv = await taxReportCsv(t.db, admin.userId, { from: month, to: month });
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header).toBe('month,country,currency,invoices,credit_notes,net_sales,tax_collected,refunded_net_sales,tax_refunded,tax_due,reverse_charge_invoices');
    expect(rows).toContain(`${month},AT,usd,1,1,79.00,15.80,79.00,15.80,0.00,0`);
    expect(rows).toContain(`${month},FR,usd,50,0,617.00,123.50,0.00,0.00,123.50,0`);

    const route = await call(taxReportRoute, `/api/admin/tax-report.csv?from=${month}&to=${month}`, { session: admin });
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(route.headers.get('cache-control')).toBe('private, no-store');
    expect(route.bytes.toString('utf8')).toBe(csv);
    const buyerSession = await signUp('buyer', 'Nosy Buyer');
    expect((await call(taxReportRoute, `/api/admin/tax-report.csv`, { session: buyerSession })).status).toBe(403);
    const badMonth = await call(taxReportRoute, `/api/admin/tax-report.csv?from=2026-13`, { session: admin });
    expect(badMonth.status).toBe(400);
  });

  it('an order paid without an invoice (demo data) gets the next number when its page is opened, once', async () => {
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const p = await paidProduct();
    const order = await t.db
      .insertInto('orders')
      .values({
        buyer_id: buyer.id,
        product_id: p.id,
        creator_id: creator.id,
        amount_cents: 7900,
        fee_cents: 1185,
        provider: 'local',
        status: 'paid',
        paid_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const [first, second] = await Promise.all([getOrderInvoice(t.db, buyer.id, order.id), getOrderInvoice(t.db, creator.id, order.id)]);
    expect(first.invoice.number).toBe(second.invoice.number);
    expect(await documentsOf(order.id)).toHaveLength(1);
  });
});
