/**
 * Discount codes end to end below the browser (issue 31, docs/decisions/075): creating and
 * changing codes through the API (case-insensitive and unique per creator, another creator's
 * code a 404), a checkout with a code (the discounted price locked in, the fee and the net on
 * it, the discount on the order, receipt, invoice and sales), the refusals (expired, another
 * creator's, another product's, unknown, used up), 'max uses' under 50 concurrent checkouts, a
 * use given back when a checkout expires (a local one after 24 hours) but not when an order is
 * refunded, a code changed
 * after a checkout started, and a 100% code giving a paid $0 order. Both database drivers
 * (DATABASE_URL for the second).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { payLocalCheckout, startCheckout, getLocalCheckout } from '@/functions/payments/checkout.service';
import { createDiscountCode, listDiscountCodes, updateDiscountCode } from '@/functions/payments/discounts.service';
import { getLibrary, getReceipt, refundThroughProvider } from '@/functions/payments/orders.service';
import { handleWebhook } from '@/functions/payments/webhook.service';
import { expireStaleLocalCheckouts } from '@/functions/payments/checkout-expiry.job';
import { hasPaidAccess } from '@/functions/payments/checkout.service';
import { getSalesPage } from '@/functions/studio/studio.service';
import { AppError } from '@/functions/_shared/errors';
import { POST as checkoutRoute } from '@/src/pages/api/checkout/index';
import { GET as listRoute, POST as createRoute } from '@/src/pages/api/studio/discounts/index';
import { PATCH as patchRoute } from '@/src/pages/api/studio/discounts/[id]';
import type { DiscountCodeInput } from '@/src/shared/discounts';
import type { SessionUser } from '@/src/shared/session';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { CARD_OK, settleOrders, signedEvent, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

// Routes send their emails through the default mailer: into this run's own outbox.
const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-discounts-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  // Fifty checkouts in a burst: the write limits (rate-limits.test.ts) are scaled out of the way.
  process.env['RATE_LIMIT_SCALE'] = '1000';
  return dir;
});

let t: TestDb;
let deps: ReturnType<typeof testDeps>;
let creator: TestSession;

const asUser = (u: { id: string; email: string }) => ({ id: u.id, email: u.email, userType: 'buyer' }) as unknown as SessionUser;
const orderOf = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const codeRow = (id: string) => t.db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sessionOf = (url: string) => url.split('/checkout/')[1]!;

function terms(code: string, over: Partial<DiscountCodeInput> = {}): DiscountCodeInput {
  return {
    code,
    kind: 'percent',
    percentOff: 20,
    amountOffCents: null,
    productIds: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    minPriceCents: 0,
    ...over,
  };
}

async function paidProduct(creatorId: string, price = '79.00') {
  return createProduct(t.db, creatorId, { title: 'Prompt Pack', price, pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'THE PACK' });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  deps = testDeps();
  creator = await signUp('creator', 'Dana Discounts');
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('/api/studio/discounts', () => {
  it('creates a code, case-insensitive and unique per creator; another creator may use the same name', async () => {
    const created = await call(createRoute, '/api/studio/discounts', { method: 'POST', session: creator, json: terms('Launch', { maxUses: 100 }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'LAUNCH',
      kind: 'percent',
      percentOff: 20,
      maxUses: 100,
      uses: 0,
      state: 'active',
      paidOrders: 0,
      revenueCents: 0,
    });
    const again = await call(createRoute, '/api/studio/discounts', { method: 'POST', session: creator, json: terms('launch') });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('DISCOUNT_CODE_TAKEN');
    const other = await signUp('creator', 'Otto Other');
    expect((await call(createRoute, '/api/studio/discounts', { method: 'POST', session: other, json: terms('LAUNCH') })).status).toBe(201);
  });

  it('refuses bad terms with field messages: no amount for its kind, an end before the start, another creator’s product', async () => {
    const noAmount = await call(createRoute, '/api/studio/discounts', { method: 'POST', session: creator, json: terms('NOAMOUNT', { kind: 'fixed' }) });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.error.fields).toEqual({ amountOffCents: 'Enter an amount from $0.01 to $100,000' });
    const backwards = await call(createRoute, '/api/studio/discounts', {
      method: 'POST',
      session: creator,
      json: terms('BACKWARDS', { startsAt: '2026-12-10', endsAt: '2026-12-01' }),
    });
    expect(backwards.body.error.fields).toEqual({ endsAt: 'The end must be after the start' });
    const stranger = await createUser(t.db);
    const theirs = await paidProduct(stranger.id);
    const foreign = await call(createRoute, '/api/studio/discounts', { method: 'POST', session: creator, json: terms('FOREIGN', { productIds: [theirs.id] }) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual({ productIds: 'Choose among your own products' });
    expect(await t.db.selectFrom('discount_codes').select('id').where('code', 'in', ['NOAMOUNT', 'BACKWARDS', 'FOREIGN']).execute()).toEqual([]);
  });

  it('shows a creator only their own codes; another creator’s code answers 404 and is not changed', async () => {
    const mine = await createDiscountCode(t.db, creator.userId, terms('MINEONLY'));
    const other = await signUp('creator', 'Nosy Neighbour');
    const list = await call(listRoute, '/api/studio/discounts', { session: other });
    expect(list.status).toBe(200);
    expect(list.body.items.map((c: { code: string }) => c.code)).not.toContain('MINEONLY');
    const patched = await call(patchRoute, `/api/studio/discounts/${mine.id}`, {
      method: 'PATCH',
      session: other,
      params: { id: mine.id },
      json: { isActive: false },
    });
    expect(patched.status).toBe(404);
    expect(patched.body.error.code).toBe('DISCOUNT_NOT_FOUND');
    expect((await codeRow(mine.id)).is_active).toBe(true);
    const own = await call(patchRoute, `/api/studio/discounts/${mine.id}`, {
      method: 'PATCH',
      session: creator,
      params: { id: mine.id },
      json: { isActive: false },
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ isActive: false, state: 'inactive' });
  });
});

describe('a checkout with a code', () => {
  it('charges the discounted price: 20% off $79.00 is $63.20, the fee and net on it, the discount on the order, receipt, invoice and sales', async () => {
    const product = await paidProduct(creator.userId);
    const code = await createDiscountCode(t.db, creator.userId, terms('SAVE20', { productIds: [product.id] }));
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id, code: ' save20 ' });
    expect(await orderOf(orderId)).toMatchObject({
      amount_cents: 6320,
      fee_cents: 948,
      discount_code: 'SAVE20',
      discount_cents: 1580,
      discount_code_id: code.id,
    });
    expect((await getLocalCheckout(t.db, deps, buyer.id, sessionOf(url))).discount).toEqual({ code: 'SAVE20', listCents: 7900, discountCents: 1580 });
    await payLocalCheckout(t.db, deps, buyer.id, sessionOf(url), CARD_OK);
    await settleOrders(t.db);
    const entry = await t.db
      .selectFrom('creator_ledger_entries')
      .select('amount_cents')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'sale')
      .executeTakeFirstOrThrow();
    expect(entry.amount_cents).toBe(6320 - 948);
    expect(await getReceipt(t.db, buyer.id, orderId)).toMatchObject({ amountCents: 6320, discountCode: 'SAVE20', discountCents: 1580, totalCents: 6320 });
    const library = await getLibrary(t.db, buyer.id);
    expect(library.find((item) => item.order?.id === orderId)?.order).toMatchObject({ amountCents: 6320, discountCode: 'SAVE20', discountCents: 1580 });
    const invoice = await t.db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ price_cents: 6320, discount_code: 'SAVE20', discount_cents: 1580, total_cents: 6320 });
    const sales = await getSalesPage(t.db, { id: creator.userId } as SessionUser, { limit: 50 });
    expect(sales.items.find((s) => s.id === orderId)).toMatchObject({
      amountCents: 6320,
      discountCode: 'SAVE20',
      discountCents: 1580,
      feeCents: 948,
      netCents: 5372,
    });
    const figures = (await listDiscountCodes(t.db, creator.userId)).items.find((c) => c.id === code.id);
    expect(figures).toMatchObject({ uses: 1, paidOrders: 1, revenueCents: 6320, discountCents: 1580 });
  });

  it('keeps the price it started with when the code changes afterwards', async () => {
    const product = await paidProduct(creator.userId, '50.00');
    const code = await createDiscountCode(t.db, creator.userId, terms('CHANGES', { percentOff: 10 }));
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id, code: 'CHANGES' });
    await updateDiscountCode(t.db, creator.userId, code.id, { percentOff: 90 });
    await payLocalCheckout(t.db, deps, buyer.id, sessionOf(url), CARD_OK);
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid', amount_cents: 4500, discount_cents: 500 });
  });

  it('refuses an expired code, one not started, one turned off, another creator’s, another product’s and an unknown one, with the reason', async () => {
    const product = await paidProduct(creator.userId);
    const otherProduct = await paidProduct(creator.userId);
    const buyer = await signUp('buyer', 'Bo Buyer');
    const past = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const older = new Date(Date.now() - 9 * 86_400_000).toISOString().slice(0, 10);
    await createDiscountCode(t.db, creator.userId, terms('EXPIRED', { startsAt: older, endsAt: past }));
    await createDiscountCode(t.db, creator.userId, terms('LATER', { startsAt: future }));
    const off = await createDiscountCode(t.db, creator.userId, terms('SWITCHEDOFF'));
    await updateDiscountCode(t.db, creator.userId, off.id, { isActive: false });
    await createDiscountCode(t.db, creator.userId, terms('ONLYOTHER', { productIds: [otherProduct.id] }));
    const stranger = await createUser(t.db);
    await createDiscountCode(t.db, stranger.id, terms('STRANGERS'));
    const attempt = (code: string) => call(checkoutRoute, '/api/checkout', { method: 'POST', session: buyer, json: { productId: product.id, code } });
    const expired = await attempt('expired');
    expect(expired.status).toBe(422);
    expect(expired.body.error).toEqual({ code: 'DISCOUNT_CODE_EXPIRED', message: 'This code has expired.' });
    expect((await attempt('LATER')).body.error).toEqual({ code: 'DISCOUNT_CODE_NOT_STARTED', message: 'This code is not active yet.' });
    expect((await attempt('SWITCHEDOFF')).body.error).toEqual({ code: 'DISCOUNT_CODE_INACTIVE', message: 'This code is no longer active.' });
    expect((await attempt('ONLYOTHER')).body.error).toEqual({ code: 'DISCOUNT_CODE_NOT_FOR_PRODUCT', message: 'This code does not apply to this product.' });
    const foreign = await attempt('STRANGERS');
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.code).toBe('DISCOUNT_CODE_NOT_FOUND');
    expect(foreign.body.error.message).toBe('This code does not exist. Check it and try again.');
    expect((await attempt('NO-SUCH-CODE')).body.error.code).toBe('DISCOUNT_CODE_NOT_FOUND');
    expect((await attempt('not a code at all!')).body.error.code).toBe('DISCOUNT_CODE_NOT_FOUND');
    expect(await t.db.selectFrom('orders').select('id').where('buyer_id', '=', buyer.userId).execute()).toEqual([]);
  });

  it('never exceeds max uses: of 50 concurrent checkouts with a 10-use code, exactly 10 start', async () => {
    const product = await paidProduct(creator.userId, '20.00');
    const code = await createDiscountCode(t.db, creator.userId, terms('TENONLY', { maxUses: 10 }));
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createUser(t.db, { userType: 'buyer' })));
    const outcomes = await Promise.allSettled(buyers.map((b) => startCheckout(t.db, deps, asUser(b), { productId: product.id, code: 'tenonly' })));
    const started = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(started).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect((r.reason as AppError).code).toBe('DISCOUNT_CODE_USED_UP');
    expect((await codeRow(code.id)).uses).toBe(10);
    const orders = await t.db.selectFrom('orders').select(['amount_cents', 'discount_cents']).where('discount_code_id', '=', code.id).execute();
    expect(orders).toHaveLength(10);
    expect(orders.every((o) => o.amount_cents === 1600 && o.discount_cents === 400)).toBe(true);
  });

  it('gives the use back when a checkout expires, not when a paid order is refunded', async () => {
    const product = await paidProduct(creator.userId, '30.00');
    const code = await createDiscountCode(t.db, creator.userId, terms('ONEUSE', { maxUses: 1 }));
    const first = await createUser(t.db, { userType: 'buyer' });
    const second = await createUser(t.db, { userType: 'buyer' });
    const { url } = await startCheckout(t.db, deps, asUser(first), { productId: product.id, code: 'ONEUSE' });
    expect(await refusal(startCheckout(t.db, deps, asUser(second), { productId: product.id, code: 'ONEUSE' }))).toBe('DISCOUNT_CODE_USED_UP');
    // The provider expires the first checkout: its use comes back, once (a replay changes nothing).
    const expired = signedEvent('checkout.session.expired', { id: sessionOf(url), object: 'checkout.session', status: 'expired' });
    await handleWebhook(t.db, deps, expired.payload, expired.signature);
    await handleWebhook(t.db, deps, expired.payload, expired.signature);
    expect((await codeRow(code.id)).uses).toBe(0);
    const again = await startCheckout(t.db, deps, asUser(second), { productId: product.id, code: 'ONEUSE' });
    await payLocalCheckout(t.db, deps, second.id, sessionOf(again.url), CARD_OK);
    await settleOrders(t.db);
    await refundThroughProvider(t.db, deps, await orderOf(again.orderId));
    expect((await orderOf(again.orderId)).status).toBe('refunded');
    // Refunded: the use stays taken (docs/decisions/075), so the code stays used up.
    expect((await codeRow(code.id)).uses).toBe(1);
    expect(await refusal(startCheckout(t.db, deps, asUser(first), { productId: product.id, code: 'ONEUSE' }))).toBe('DISCOUNT_CODE_USED_UP');
  });

  it('a local checkout holding a code expires after 24 hours and gives its use back; paying it then is refused', async () => {
    const product = await paidProduct(creator.userId, '15.00');
    const code = await createDiscountCode(t.db, creator.userId, terms('ABANDONED', { maxUses: 1 }));
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const fresh = await createUser(t.db, { userType: 'buyer' });
    const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id, code: 'ABANDONED' });
    // A day old but a minute: still open.
    await sql`update orders set created_at = now() - interval '23 hours' where id = ${orderId}`.execute(t.db);
    expect(await expireStaleLocalCheckouts(t.db)).toBe(0);
    await sql`update orders set created_at = now() - interval '25 hours' where id = ${orderId}`.execute(t.db);
    expect(await expireStaleLocalCheckouts(t.db)).toBe(1);
    expect(await expireStaleLocalCheckouts(t.db)).toBe(0);
    expect((await orderOf(orderId)).status).toBe('expired');
    expect((await codeRow(code.id)).uses).toBe(0);
    expect(await refusal(payLocalCheckout(t.db, deps, buyer.id, sessionOf(url), CARD_OK))).toBe('CHECKOUT_CLOSED');
    await startCheckout(t.db, deps, asUser(fresh), { productId: product.id, code: 'ABANDONED' });
    expect((await codeRow(code.id)).uses).toBe(1);
  });

  it('a 100% code gives a paid $0 order at once: access, an invoice of $0, a $0 sale, the use counted', async () => {
    const product = await paidProduct(creator.userId, '49.00');
    const code = await createDiscountCode(t.db, creator.userId, terms('FREEBIE', { percentOff: 100, maxUses: 5 }));
    const buyer = await signUp('buyer', 'Fay Free');
    const response = await call(checkoutRoute, '/api/checkout', { method: 'POST', session: buyer, json: { productId: product.id, code: 'freebie' } });
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(new RegExp(`/product/${product.id}\\?checkout=success&order=`));
    await settleOrders(t.db);
    const [order] = await t.db.selectFrom('orders').selectAll().where('buyer_id', '=', buyer.userId).execute();
    expect(order).toMatchObject({ status: 'paid', amount_cents: 0, fee_cents: 0, discount_cents: 4900, discount_code: 'FREEBIE', provider_session_id: null });
    expect(await hasPaidAccess(t.db, buyer.userId, product.id)).toBe(true);
    const invoice = await t.db.selectFrom('invoices').selectAll().where('order_id', '=', order!.id).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ price_cents: 0, total_cents: 0, discount_cents: 4900 });
    const sale = await t.db.selectFrom('creator_ledger_entries').select('amount_cents').where('order_id', '=', order!.id).executeTakeFirstOrThrow();
    expect(sale.amount_cents).toBe(0);
    expect((await codeRow(code.id)).uses).toBe(1);
    // Owned now: a second checkout is refused before the code is looked at.
    expect(
      (await call(checkoutRoute, '/api/checkout', { method: 'POST', session: buyer, json: { productId: product.id, code: 'freebie' } })).body.error.code,
    ).toBe('ALREADY_OWNED');
  });

  it('applies to one-time purchases only', async () => {
    const product = await createProduct(t.db, creator.userId, { title: 'Monthly Pack', price: '9.00', pricing_model: 'subscription' });
    await createDiscountCode(t.db, creator.userId, terms('MONTHLY'));
    const buyer = await createUser(t.db, { userType: 'buyer' });
    expect(await refusal(startCheckout(t.db, deps, asUser(buyer), { productId: product.id, code: 'MONTHLY' }))).toBe('DISCOUNT_CODE_NOT_FOR_SUBSCRIPTIONS');
  });
});
