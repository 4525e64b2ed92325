/**
 * The cart below the browser (issue 31, docs/decisions/082): adding (once), removing, the
 * refusals and their messages, a visitor's browser cart shown and merged after sign-in, an
 * empty cart and a price changed since the buyer looked refused, and a cart of two creators'
 * products paid once through the local provider: two paid orders on one session, each creator's
 * own sale, fee and net in the ledger, the session's tax split over them, the cart emptied only
 * by the payment, and a refund of one order leaving the other paid. (The same with Stripe:
 * tests/integration/payments-stripe.test.ts.) Both database drivers (DATABASE_URL for the second).
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { getLocalCheckout, payLocalCheckout, quoteLocalCheckout } from '@/functions/payments/checkout.service';
import { refundOrder } from '@/functions/payments/orders.service';
import { closeCheckout } from '@/functions/payments/webhook.service';
import { GET as getCartRoute } from '@/src/pages/api/cart/index';
import { POST as addRoute } from '@/src/pages/api/cart/items/index';
import { DELETE as removeRoute } from '@/src/pages/api/cart/items/[productId]';
import { POST as mergeRoute } from '@/src/pages/api/cart/merge';
import { POST as checkoutRoute } from '@/src/pages/api/checkout/cart';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct } from '../support/factories';
import { CARD_OK, settleOrders, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-cart-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  return dir;
});

let t: TestDb;
let deps: ReturnType<typeof testDeps>;
let ada: TestSession;
let bo: TestSession;
let buyer: TestSession;
const p: Record<'ada19' | 'ada29' | 'bo15' | 'sub' | 'pwyw' | 'free' | 'draft', string> = {} as never;

const paid = (creatorId: string, title: string, price: string, extra: Record<string, unknown> = {}) =>
  createProduct(t.db, creatorId, { title, price, pricing_model: 'one_time', content_delivery_type: 'text', content_text: title, ...extra }).then((r) => r.id);
const add = (session: TestSession | null, productId: string) => call(addRoute, '/api/cart/items', { method: 'POST', session, json: { productId } });
const remove = (session: TestSession, productId: string) =>
  call(removeRoute, `/api/cart/items/${productId}`, { method: 'DELETE', session, params: { productId } });
const cartOf = (session: TestSession | null, items?: string) => call(getCartRoute, `/api/cart${items ? `?items=${items}` : ''}`, { session });
const checkout = (session: TestSession, expectedTotalCents: number) =>
  call(checkoutRoute, '/api/checkout/cart', { method: 'POST', session, json: { expectedTotalCents } });
const ledgerOf = async (creatorId: string) =>
  (
    await t.db
      .selectFrom('creator_ledger_entries')
      .select(['kind', 'amount_cents', 'order_id'])
      .where('creator_id', '=', creatorId)
      .orderBy('created_at')
      .orderBy('kind', 'desc')
      .execute()
  ).map((e) => [e.kind, e.amount_cents, e.order_id]);

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  deps = testDeps();
  ada = await signUp('creator', 'Ada Prompts');
  bo = await signUp('creator', 'Bo Agents');
  buyer = await signUp('buyer', 'Cy Buyer');
  p.ada19 = await paid(ada.userId, 'Cold email kit', '19.00');
  p.ada29 = await paid(ada.userId, 'Sales agent', '29.00');
  p.bo15 = await paid(bo.userId, 'Support bot', '15.00');
  p.sub = await createProduct(t.db, bo.userId, {
    title: 'Monthly prompts',
    price: '9.00',
    pricing_model: 'subscription',
    content_delivery_type: 'text',
    content_text: 'x',
  }).then((r) => r.id);
  p.pwyw = await paid(bo.userId, 'Fair price pack', '2.00', { pay_what_you_want: true, suggested_price: 8 });
  p.free = await createProduct(t.db, bo.userId, { title: 'Free pack', price: 0, pricing_model: 'free', content_delivery_type: 'text', content_text: 'x' }).then(
    (r) => r.id,
  );
  p.draft = await createProduct(t.db, bo.userId, { title: 'Draft pack', price: '5.00', pricing_model: 'one_time', status: 'draft' }).then((r) => r.id);
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the cart', () => {
  it('adds a product once, removes it (twice is fine), and refuses what a cart cannot hold with a message saying why', async () => {
    const first = await add(buyer, p.ada19);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      items: [
        {
          productId: p.ada19,
          title: 'Cold email kit',
          url: `/product/${p.ada19}`,
          creatorId: ada.userId,
          creatorName: 'Ada Prompts',
          thumbnailUrl: null,
          priceCents: 1900,
          available: true,
          reason: null,
        },
      ],
      totalCents: 1900,
      count: 1,
    });
    expect((await add(buyer, p.ada19)).body).toMatchObject({ count: 1, totalCents: 1900 });

    const refusals = {
      own: await add(ada, p.ada29),
      sub: await add(buyer, p.sub),
      pwyw: await add(buyer, p.pwyw),
      free: await add(buyer, p.free),
      draft: await add(buyer, p.draft),
      unknown: await add(buyer, randomUUID()),
    };
    expect(refusals.own).toMatchObject({ status: 403, body: { error: { code: 'CANNOT_BUY_OWN_PRODUCT', message: 'You cannot buy your own product.' } } });
    for (const r of [refusals.sub, refusals.pwyw])
      expect(r).toMatchObject({ status: 422, body: { error: { code: 'NOT_CARTABLE', message: expect.stringContaining('buy them on their own page') } } });
    expect(refusals.free).toMatchObject({ status: 409, body: { error: { code: 'NOT_FOR_SALE' } } });
    expect(refusals.draft).toMatchObject({ status: 404, body: { error: { code: 'PRODUCT_NOT_FOUND' } } });
    expect(refusals.unknown).toMatchObject({ status: 404, body: { error: { code: 'PRODUCT_NOT_FOUND' } } });
    expect((await add(null, p.ada19)).status).toBe(401);

    expect((await remove(buyer, p.ada19)).body).toEqual({ items: [], totalCents: 0, count: 0 });
    expect((await remove(buyer, p.ada19)).status).toBe(200);
  });

  it("shows a visitor's browser cart from public data without saving it, and merges it after sign-in, skipping what it cannot add with the reason", async () => {
    const visitor = await cartOf(null, `${p.bo15},${randomUUID()},${p.draft},${p.ada19}`);
    expect(visitor.status).toBe(200);
    // Unknown and unpublished ids are left out; the browser cart's order is kept.
    expect(visitor.body.items.map((i: { productId: string }) => i.productId)).toEqual([p.bo15, p.ada19]);
    expect(visitor.body).toMatchObject({ totalCents: 3400, count: 2 });
    expect(await t.db.selectFrom('cart_items').select('product_id').where('user_id', '=', buyer.userId).execute()).toEqual([]);
    expect((await cartOf(null, 'not-an-id')).status).toBe(400);

    const merged = await call(mergeRoute, '/api/cart/merge', { method: 'POST', session: buyer, json: { productIds: [p.bo15, p.ada19, p.sub, p.bo15] } });
    expect(merged.status).toBe(200);
    expect(merged.body.cart).toMatchObject({ totalCents: 3400, count: 2 });
    expect(merged.body.skipped).toEqual([{ productId: p.sub, reason: expect.stringContaining('cannot go in the cart') }]);
    // The creator's own product in a cart merged from the browser: skipped with its reason.
    const own = await call(mergeRoute, '/api/cart/merge', { method: 'POST', session: ada, json: { productIds: [p.ada19] } });
    expect(own.body).toEqual({ cart: { items: [], totalCents: 0, count: 0 }, skipped: [{ productId: p.ada19, reason: 'You cannot buy your own product.' }] });
  });

  it('refuses an empty cart, and a total that changed since the buyer looked (CART_CHANGED) until they look again', async () => {
    const empty = await checkout(ada, 0);
    expect(empty).toMatchObject({ status: 409, body: { error: { code: 'CART_EMPTY', message: 'Your cart is empty.' } } });

    // The buyer saw $34.00; the creator raises a price before they pay.
    await t.db.updateTable('products').set({ price: '21.00' }).where('id', '=', p.ada19).execute();
    const changed = await checkout(buyer, 3400);
    expect(changed).toMatchObject({
      status: 409,
      body: { error: { code: 'CART_CHANGED', message: 'Your cart changed: check the prices and items, then pay.' } },
    });
    expect(await t.db.selectFrom('orders').select('id').where('buyer_id', '=', buyer.userId).execute()).toEqual([]);
    expect((await cartOf(buyer)).body).toMatchObject({ totalCents: 3600, items: [{ priceCents: 1500 }, { priceCents: 2100 }] });

    // An item that can no longer be bought is shown with why, left out of the total, and refused at checkout.
    await t.db.updateTable('products').set({ status: 'archived' }).where('id', '=', p.bo15).execute();
    const gone = await cartOf(buyer);
    expect(gone.body).toMatchObject({ totalCents: 2100, items: [{ available: false, reason: 'This product is no longer for sale.' }, { available: true }] });
    expect((await checkout(buyer, 2100)).body).toMatchObject({ error: { code: 'CART_CHANGED' } });
    await t.db.updateTable('products').set({ status: 'published' }).where('id', '=', p.bo15).execute();
  });

  it("pays a cart of two creators' products once: an order each on one session, each creator's own sale, fee and net, the tax split, the cart emptied by the payment", async () => {
    const started = await checkout(buyer, 3600);
    expect(started.status).toBe(201);
    expect(started.body.orderIds).toHaveLength(2);
    const sessionId = (started.body.url as string).split('/checkout/')[1]!;
    // Locked in: a price changed now does not change what this checkout charges.
    await t.db.updateTable('products').set({ price: '99.00' }).where('id', '=', p.ada19).execute();
    const orders = await t.db.selectFrom('orders').selectAll().where('id', 'in', started.body.orderIds).orderBy('number').execute();
    expect(orders.map((o) => [o.product_id, o.creator_id, o.amount_cents, o.fee_cents, o.status, o.provider_session_id])).toEqual([
      [p.bo15, bo.userId, 1500, 225, 'pending', sessionId],
      [p.ada19, ada.userId, 2100, 315, 'pending', sessionId],
    ]);
    expect(new Set(orders.map((o) => o.checkout_group)).size).toBe(1);
    expect(orders[0]!.checkout_group).toMatch(/^cart_/);
    // Not removed before paying: a cancelled checkout keeps the cart.
    expect((await cartOf(buyer)).body.count).toBe(2);

    const page = await getLocalCheckout(t.db, deps, buyer.userId, sessionId);
    expect(page).toMatchObject({ status: 'pending', amountCents: 3600, successUrl: expect.stringContaining('/cart?checkout=success') });
    expect(page.items.map((i) => [i.title, i.seller, i.amountCents])).toEqual([
      ['Support bot', 'Bo Agents', 1500],
      ['Cold email kit', 'Ada Prompts', 2100],
    ]);
    await expect(getLocalCheckout(t.db, deps, ada.userId, sessionId)).rejects.toMatchObject({ code: 'CHECKOUT_NOT_FOUND' });
    const card = { ...CARD_OK, country: 'DE' };
    const quote = await quoteLocalCheckout(t.db, deps, buyer.userId, sessionId, card);
    expect(quote.priceCents).toBe(3600);
    expect(quote.taxCents).toBeGreaterThan(0);

    await payLocalCheckout(t.db, deps, buyer.userId, sessionId, card);
    await settleOrders(t.db);
    const after = await t.db.selectFrom('orders').selectAll().where('id', 'in', started.body.orderIds).orderBy('number').execute();
    expect(after.map((o) => o.status)).toEqual(['paid', 'paid']);
    expect(after[0]!.provider_payment_id).toBeTruthy();
    expect(after[0]!.provider_payment_id).toBe(after[1]!.provider_payment_id);
    // The session's tax, split by amount, adds up to what the buyer paid; each order's invoice carries its share.
    expect(after[0]!.tax_cents + after[1]!.tax_cents).toBe(quote.taxCents);
    expect(after[0]!.tax_cents).toBe(Math.round((quote.taxCents * 1500) / 3600));
    const invoices = await t.db.selectFrom('invoices').select(['order_id', 'tax_cents']).where('order_id', 'in', started.body.orderIds).execute();
    expect(invoices).toHaveLength(2);
    // Each creator: their own sale (the net: amount less the 15% fee) and nothing of the other's.
    expect(await ledgerOf(bo.userId)).toEqual([['sale', 1275, after[0]!.id]]);
    expect(await ledgerOf(ada.userId)).toEqual([['sale', 1785, after[1]!.id]]);
    expect((await cartOf(buyer)).body).toEqual({ items: [], totalCents: 0, count: 0 });
    // Owned now: adding it again says so.
    expect((await add(buyer, p.bo15)).body).toMatchObject({ error: { code: 'ALREADY_OWNED' } });

    // A refund of one order of the cart refunds only that one.
    await refundOrder(t.db, deps, buyer.userId, after[0]!.id);
    await settleOrders(t.db);
    const refunded = await t.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', started.body.orderIds).orderBy('number').execute();
    expect(refunded.map((o) => o.status)).toEqual(['refunded', 'paid']);
    expect(await ledgerOf(bo.userId)).toEqual([
      ['sale', 1275, after[0]!.id],
      ['refund', -1275, after[0]!.id],
    ]);
    expect(await ledgerOf(ada.userId)).toEqual([['sale', 1785, after[1]!.id]]);
  });

  it('keeps the cart when its checkout expires unpaid, and refuses a 51st product', async () => {
    await t.db.updateTable('products').set({ price: '29.00' }).where('id', '=', p.ada29).execute();
    await add(buyer, p.ada29);
    const started = await checkout(buyer, 2900);
    expect(started.status).toBe(201);
    const sessionId = (started.body.url as string).split('/checkout/')[1]!;
    expect(await t.db.transaction().execute((trx) => closeCheckout(trx, sessionId, 'expired'))).toBe(true);
    expect((await t.db.selectFrom('orders').select('status').where('id', 'in', started.body.orderIds).execute()).map((o) => o.status)).toEqual(['expired']);
    expect((await cartOf(buyer)).body).toMatchObject({ count: 1, totalCents: 2900 });

    const many = await Promise.all(Array.from({ length: 49 }, (_, i) => paid(bo.userId, `Filler ${i}`, '1.00')));
    await t.db
      .insertInto('cart_items')
      .values(many.map((id) => ({ user_id: buyer.userId, product_id: id })))
      .execute();
    const full = await add(buyer, p.bo15);
    expect(full).toMatchObject({ status: 409, body: { error: { code: 'CART_FULL' } } });
    // One already in the full cart is still fine.
    expect((await add(buyer, p.ada29)).body).toMatchObject({ count: 50 });
  });
});
