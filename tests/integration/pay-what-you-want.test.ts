/**
 * Pay what you want end to end below the browser (issue 31, docs/decisions/077): the editor's
 * pricing option through the products API (one-time only, a suggestion at least the minimum),
 * the checkout route refusing bad amounts with clear messages (not a number, negative, over the
 * maximum, below the minimum with the minimum named, missing, on a fixed-price product, with a
 * discount code), the amount paid locked in as the order's amount with the fee and net on it,
 * and $0 giving a paid $0 order in the buyer's library. Both database drivers (DATABASE_URL for
 * the second).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { getLocalCheckout, hasPaidAccess, payLocalCheckout } from '@/functions/payments/checkout.service';
import { getLibrary } from '@/functions/payments/orders.service';
import { getSales, getSalesPage } from '@/functions/studio/studio.service';
import { getPublicPortfolio } from '@/functions/profiles/profile-page.service';
import { formatPrice } from '@/src/shared/format';
import { POST as checkoutRoute } from '@/src/pages/api/checkout/index';
import { POST as createMyProduct } from '@/src/pages/api/me/products/index';
import { PATCH as patchMyProduct } from '@/src/pages/api/me/products/[id]';
import type { SessionUser } from '@/src/shared/session';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, ensureCategories, freeProductBody } from '../support/factories';
import { CARD_OK, settleOrders, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-pwyw-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  process.env['RATE_LIMIT_SCALE'] = '1000';
  return dir;
});

let t: TestDb;
let deps: ReturnType<typeof testDeps>;
let creator: TestSession;

const orderOf = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sessionOf = (url: string) => url.split('/checkout/')[1]!;
const ordersOf = (buyerId: string) => t.db.selectFrom('orders').selectAll().where('buyer_id', '=', buyerId).execute();

async function pwywProduct(min: number, suggested: number | null = null) {
  return createProduct(t.db, creator.userId, {
    title: `Name your price ${min}`,
    price: min,
    pricing_model: 'one_time',
    pay_what_you_want: true,
    suggested_price: suggested,
    content_delivery_type: 'text',
    content_text: 'THE PACK',
  });
}

const checkout = (buyer: TestSession, json: Record<string, unknown>) => call(checkoutRoute, '/api/checkout', { method: 'POST', session: buyer, json });

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  deps = testDeps();
  await ensureCategories(t.db);
  creator = await signUp('creator', 'Pia Pwyw');
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the pricing option in the editor (the products API)', () => {
  it('saves a minimum and a suggested price on a one-time product, and refuses a subscription or a suggestion below the minimum', async () => {
    const body = freeProductBody('Launch prompts pwyw', {
      status: 'draft',
      pricing_model: 'one_time',
      price: 3,
      pay_what_you_want: true,
      suggested_price: '9.50',
    });
    const created = await call(createMyProduct, '/api/me/products', { method: 'POST', session: creator, json: body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ price: 3, pay_what_you_want: true, suggested_price: 9.5 });

    const subscription = await call(createMyProduct, '/api/me/products', {
      method: 'POST',
      session: creator,
      json: { ...body, title: 'Monthly prompts pwyw', pricing_model: 'subscription' },
    });
    expect(subscription.status).toBe(400);
    expect(subscription.body.error.fields).toEqual({ pay_what_you_want: 'Pay what you want is for one-time purchases: choose the one-time pricing model' });

    // A PATCH is checked on the product as it would be saved: raising the minimum above the suggestion is refused.
    const id = created.body.id as string;
    const raised = await call(patchMyProduct, `/api/me/products/${id}`, { method: 'PATCH', session: creator, params: { id }, json: { price: 12 } });
    expect(raised.status).toBe(400);
    expect(raised.body.error.fields).toEqual({ suggested_price: 'The suggested price must be at least the minimum price' });
    const row = await t.db.selectFrom('products').select(['price', 'suggested_price']).where('id', '=', id).executeTakeFirstOrThrow();
    expect({ price: Number(row.price), suggested: Number(row.suggested_price) }).toEqual({ price: 3, suggested: 9.5 });
  });

  it("shows on the creator's profile as the minimum named, not as a fixed price or 'Free'", async () => {
    const [from5, from0] = [await pwywProduct(5), await pwywProduct(0)];
    const { items } = await getPublicPortfolio(t.db, creator.userId, { limit: 50 });
    const shown = (id: string) => {
      const item = items.find((i) => i.id === id)!;
      return formatPrice(item.price, item.pricingModel, item.payWhatYouWant);
    };
    expect([shown(from5.id), shown(from0.id)]).toEqual(['From $5.00', '$0+']);
    // /sales's product table: the same, and a $0-minimum product is a paid one (its $0 is an order).
    const { products } = await getSales(t.db, { id: creator.userId } as SessionUser);
    const row = products.find((p) => p.id === from0.id)!;
    expect(formatPrice(row.price, row.pricingModel, row.payWhatYouWant)).toBe('$0+');
  });
});

describe('a checkout of a PWYW product', () => {
  it('refuses bad amounts with clear messages, and writes no order', async () => {
    const product = await pwywProduct(5, 12);
    const buyer = await signUp('buyer', 'Bea Bad Amounts');
    const cases: [unknown, number, string, Record<string, string> | undefined][] = [
      ['ten dollars', 400, 'VALIDATION_FAILED', { amount: 'Enter an amount in dollars, like 12.50' }],
      ['-5', 400, 'VALIDATION_FAILED', { amount: 'The amount cannot be negative' }],
      [20_000, 400, 'VALIDATION_FAILED', { amount: 'The amount can be at most $10,000.00' }],
      ['4.99', 422, 'PWYW_BELOW_MINIMUM', { amount: 'The minimum price is $5.00. Enter $5.00 or more.' }],
      [undefined, 400, 'PWYW_AMOUNT_REQUIRED', { amount: 'Enter the amount you want to pay' }],
    ];
    for (const [amount, status, code, fields] of cases) {
      const response = await checkout(buyer, { productId: product.id, ...(amount === undefined ? {} : { amount }) });
      expect(response.status, String(amount)).toBe(status);
      expect(response.body.error.code).toBe(code);
      expect(response.body.error.fields).toEqual(fields);
    }
    const below = await checkout(buyer, { productId: product.id, amount: '4.99' });
    expect(below.body.error.message).toBe('The minimum price is $5.00. Enter $5.00 or more.');

    const withCode = await checkout(buyer, { productId: product.id, amount: '6', code: 'LAUNCH' });
    expect(withCode.status).toBe(422);
    expect(withCode.body.error.code).toBe('PWYW_NO_DISCOUNT_CODES');

    const fixed = await createProduct(t.db, creator.userId, {
      title: 'Fixed price pack',
      price: 10,
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'X',
    });
    const named = await checkout(buyer, { productId: fixed.id, amount: '1' });
    expect(named.status).toBe(422);
    expect(named.body.error.code).toBe('PWYW_AMOUNT_NOT_ACCEPTED');

    expect(await ordersOf(buyer.userId)).toEqual([]);
  });

  it('charges the amount named: the order, the fee and the net on it, locked in when the minimum changes afterwards', async () => {
    const product = await pwywProduct(5, 12);
    const buyer = await signUp('buyer', 'Paul Payer');
    const started = await checkout(buyer, { productId: product.id, amount: '17.25' });
    expect(started.status).toBe(201);
    const [pending] = await ordersOf(buyer.userId);
    expect(pending).toMatchObject({ status: 'pending', amount_cents: 1725, fee_cents: 259, discount_cents: 0, discount_code: null });
    // The creator raises the minimum after the checkout started: what it charges does not change.
    await t.db.updateTable('products').set({ price: 20, suggested_price: 25 }).where('id', '=', product.id).execute();
    const sessionId = sessionOf(started.body.url as string);
    expect((await getLocalCheckout(t.db, deps, buyer.userId, sessionId)).amountCents).toBe(1725);
    await payLocalCheckout(t.db, deps, buyer.userId, sessionId, CARD_OK);
    await settleOrders(t.db);
    const order = await orderOf(pending!.id);
    expect(order).toMatchObject({ status: 'paid', amount_cents: 1725, fee_cents: 259 });
    const sale = await t.db
      .selectFrom('creator_ledger_entries')
      .select('amount_cents')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'sale')
      .executeTakeFirstOrThrow();
    expect(sale.amount_cents).toBe(1725 - 259);
    const sales = await getSalesPage(t.db, { id: creator.userId } as SessionUser, { limit: 50 });
    expect(sales.items.find((s) => s.id === order.id)).toMatchObject({ amountCents: 1725, feeCents: 259, netCents: 1466 });
    expect(await hasPaidAccess(t.db, buyer.userId, product.id)).toBe(true);
  });

  it('at $0 gives a paid $0 order at once, with no card: a free download in the buyer’s library', async () => {
    const product = await pwywProduct(0, 4);
    const buyer = await signUp('buyer', 'Zed Zero');
    expect(await hasPaidAccess(t.db, buyer.userId, product.id)).toBe(false);
    const response = await checkout(buyer, { productId: product.id, amount: '0' });
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(new RegExp(`/product/${product.id}\\?checkout=success&order=`));
    await settleOrders(t.db);
    const [order] = await ordersOf(buyer.userId);
    expect(order).toMatchObject({ status: 'paid', amount_cents: 0, fee_cents: 0, provider_session_id: null });
    expect(await hasPaidAccess(t.db, buyer.userId, product.id)).toBe(true);
    const library = await getLibrary(t.db, buyer.userId);
    expect(library.find((item) => item.order?.id === order!.id)?.order).toMatchObject({ amountCents: 0 });
    // Owned now: a second checkout is refused.
    const again = await checkout(buyer, { productId: product.id, amount: '3' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_OWNED');
  });
});
