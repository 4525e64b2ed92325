/**
 * Payments end to end below the browser (issue 11): checkout, the local test-mode card
 * outcomes, the webhook (signature, duplicates, replays, out-of-order, 50 concurrent
 * completions), entitlements (402 before, 200 after, creators free), refunds revoking access,
 * receipts, authorization (another user's checkout and orders answer 404) and deleting a
 * product with orders archiving it, and the creator's sale and refund notices in the bell
 * (docs/decisions/014). Both database drivers (DATABASE_URL for the second).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { downloadProduct } from '@/functions/downloads/downloads.service';
import { getLocalCheckout, payLocalCheckout, startCheckout } from '@/functions/payments/checkout.service';
import { getLibrary, getReceipt, refundOrder } from '@/functions/payments/orders.service';
import { requestRefund } from '@/functions/payments/refunds.service';
import { handleWebhook } from '@/functions/payments/webhook.service';
import { deleteProduct } from '@/functions/products/products.service';
import { POST as checkoutRoute } from '@/src/pages/api/checkout/index';
import { POST as payRoute } from '@/src/pages/api/checkout/[sessionId]/pay';
import { POST as downloadRoute } from '@/src/pages/api/products/[id]/download';
import { POST as webhookRoute } from '@/src/pages/api/payments/webhook';
import { GET as receiptRoute } from '@/src/pages/api/orders/[id]/index';
import { POST as refundRoute } from '@/src/pages/api/orders/[id]/refund';
import { GET as feedRoute } from '@/src/pages/api/notifications/index';
import { GET as unreadRoute } from '@/src/pages/api/notifications/unread-count';
import { POST as readOneRoute } from '@/src/pages/api/notifications/[id]/read';
import { POST as readAllRoute } from '@/src/pages/api/notifications/read-all';
import { getFeed, notifyCreatorOfOrder } from '@/functions/notifications/notifications.service';
import { noticeText, orderNoticeText, type OrderFeedItem } from '@/src/shared/notifications';
import type { SessionUser } from '@/src/shared/session';
import { call, signUp, testMailer, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { buyLocally, CARD_OK, completedSession, settleOrders, signedEvent, testDeps } from '../support/payments';
import { getPaymentProvider } from '@/functions/payments/provider';
import { createTestDb, type TestDb } from '../support/test-db';

// Routes send their emails through the default mailer: into this run's own outbox.
const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-payments-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  return dir;
});

let t: TestDb;
let creator: { id: string; email: string };
let deps: ReturnType<typeof testDeps>;

const asUser = (u: { id: string; email: string }) => ({ id: u.id, email: u.email, userType: 'buyer' }) as unknown as SessionUser;
const orderOf = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ordersFor = (productId: string) => t.db.selectFrom('orders').selectAll().where('product_id', '=', productId).execute();

async function paidProduct(overrides: Record<string, unknown> = {}) {
  return createProduct(t.db, creator.id, {
    title: 'Lead Enrichment Workflow',
    price: 79,
    pricing_model: 'one_time',
    content_delivery_type: 'text',
    content_text: 'SECRET WORKFLOW',
    ...overrides,
  });
}

async function buyer() {
  return createUser(t.db, { userType: 'buyer' });
}

const buy = (user: { id: string; email: string }, productId: string) => buyLocally(t.db, deps, user, productId);

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

describe('POST /api/checkout', () => {
  let session: TestSession;
  beforeAll(async () => {
    session = await signUp('buyer', 'Bea Buyer');
  });

  it('needs a verified email: 403 EMAIL_NOT_VERIFIED, and no order', async () => {
    const p = await paidProduct();
    const unverified = await signUp('buyer', 'Una Verified', { verified: false });
    const refused = await call(checkoutRoute, '/api/checkout', { method: 'POST', session: unverified, json: { productId: p.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(await t.db.selectFrom('orders').select('id').where('buyer_id', '=', unverified.userId).execute()).toEqual([]);
  });

  it('answers 401 signed out, 404 for an unknown or unpublished product, 400 for a bad id', async () => {
    const p = await paidProduct();
    expect((await call(checkoutRoute, '/api/checkout', { method: 'POST', json: { productId: p.id } })).status).toBe(401);
    const unknown = await call(checkoutRoute, '/api/checkout', { method: 'POST', session, json: { productId: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'PRODUCT_NOT_FOUND', message: 'Product not found' } });
    const draft = await paidProduct({ status: 'draft' });
    expect((await call(checkoutRoute, '/api/checkout', { method: 'POST', session, json: { productId: draft.id } })).status).toBe(404);
    const bad = await call(checkoutRoute, '/api/checkout', { method: 'POST', session, json: { productId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(await t.db.selectFrom('orders').select('id').where('buyer_id', '=', session.userId).execute()).toHaveLength(0);
  });

  it('answers { url } of the local checkout page and locks the price in cents, with the 15% fee', async () => {
    const p = await paidProduct({ price: '79.00' });
    const response = await call(checkoutRoute, '/api/checkout', { method: 'POST', session, json: { productId: p.id } });
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(/^http:\/\/localhost:4321\/checkout\/cs_test_[A-Za-z0-9]+$/);
    const [order] = await ordersFor(p.id);
    expect(order).toMatchObject({
      buyer_id: session.userId,
      creator_id: creator.id,
      amount_cents: 7900,
      fee_cents: 1185,
      currency: 'usd',
      status: 'pending',
      provider: 'local',
      kind: 'one_time',
    });
  });

  it('answers 409 ALREADY_OWNED to the creator and to a buyer who paid', async () => {
    const p = await paidProduct();
    await expect(startCheckout(t.db, deps, asUser(creator), { productId: p.id })).rejects.toMatchObject({ code: 'ALREADY_OWNED', status: 409 });
    const b = await buyer();
    await buy(b, p.id);
    await expect(startCheckout(t.db, deps, asUser(b), { productId: p.id })).rejects.toMatchObject({ code: 'ALREADY_OWNED' });
  });

  it('refuses free and freemium products: they are free downloads', async () => {
    const free = await paidProduct({ price: 0, pricing_model: 'free' });
    const freemium = await paidProduct({ price: 12, pricing_model: 'freemium' });
    const b = await buyer();
    await expect(startCheckout(t.db, deps, asUser(b), { productId: free.id })).rejects.toMatchObject({ code: 'NOT_FOR_SALE' });
    await expect(startCheckout(t.db, deps, asUser(b), { productId: freemium.id })).rejects.toMatchObject({ code: 'NOT_FOR_SALE' });
    expect((await downloadProduct(t.db, b.id, freemium.id)).contentText).toBe('SECRET WORKFLOW');
  });

  it('charges the price of when the checkout started, whatever the product costs later', async () => {
    const p = await paidProduct({ price: 79 });
    const b = await buyer();
    const { url, orderId } = await startCheckout(t.db, deps, asUser(b), { productId: p.id });
    await t.db.updateTable('products').set({ price: 99 }).where('id', '=', p.id).execute();
    await payLocalCheckout(t.db, deps, b.id, url.split('/checkout/')[1]!, CARD_OK);
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid', amount_cents: 7900, fee_cents: 1185 });
  });
});

describe('the local checkout page', () => {
  it('shows only the buyer their checkout; anyone else gets 404', async () => {
    const p = await paidProduct();
    const b = await buyer();
    const other = await buyer();
    const { url } = await startCheckout(t.db, deps, asUser(b), { productId: p.id });
    const sessionId = url.split('/checkout/')[1]!;
    expect(await getLocalCheckout(t.db, deps, b.id, sessionId)).toMatchObject({
      status: 'pending',
      kind: 'one_time',
      amountCents: 7900,
      product: { id: p.id, title: 'Lead Enrichment Workflow' },
    });
    await expect(getLocalCheckout(t.db, deps, other.id, sessionId)).rejects.toMatchObject({ code: 'CHECKOUT_NOT_FOUND', status: 404 });
    await expect(payLocalCheckout(t.db, deps, other.id, sessionId, CARD_OK)).rejects.toMatchObject({ code: 'CHECKOUT_NOT_FOUND' });
    await expect(getLocalCheckout(t.db, deps, b.id, 'cs_test_doesnotexist1')).rejects.toMatchObject({ code: 'CHECKOUT_NOT_FOUND' });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('declines %s with %s and grants nothing', async (cardNumber, message) => {
    const p = await paidProduct();
    const b = await buyer();
    const { url, orderId } = await startCheckout(t.db, deps, asUser(b), { productId: p.id });
    await expect(payLocalCheckout(t.db, deps, b.id, url.split('/checkout/')[1]!, { ...CARD_OK, cardNumber })).rejects.toMatchObject({
      code: 'CARD_DECLINED',
      status: 402,
      message,
    });
    expect((await orderOf(orderId)).status).toBe('pending');
    await expect(downloadProduct(t.db, b.id, p.id)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
  });

  it('validates the card fields (the route schema, before the checkout is looked up)', async () => {
    const session = await signUp('buyer', 'Card Checker');
    const p = await paidProduct();
    const { url, orderId } = await startCheckout(t.db, deps, asUser({ id: session.userId, email: session.email }), { productId: p.id });
    const sessionId = url.split('/checkout/')[1]!;
    const bad = await call(payRoute, `/api/checkout/${sessionId}/pay`, {
      method: 'POST',
      session,
      params: { sessionId },
      json: { cardNumber: '4242', expiry: '01 / 20', cvc: '1' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { expiry: 'Your card’s expiration date is incomplete or in the past.', cvc: 'Your card’s security code is incomplete.' },
    });
    // A number that is not a card number passes the schema and is refused by the card check.
    const invalid = await call(payRoute, `/api/checkout/${sessionId}/pay`, {
      method: 'POST',
      session,
      params: { sessionId },
      json: { ...CARD_OK, cardNumber: '4242' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({ cardNumber: 'Your card number is invalid.' });
    expect((await orderOf(orderId)).status).toBe('pending');
  });

  it('a double submit after success gives one order and one receipt', async () => {
    const p = await paidProduct();
    const b = await buyer();
    const { url } = await startCheckout(t.db, deps, asUser(b), { productId: p.id });
    const sessionId = url.split('/checkout/')[1]!;
    // Earlier tests' sales of the same creator and product are told first: only this one's counts below.
    await settleOrders(t.db);
    const before = deps.mailer.sent.length;
    const [first, second] = await Promise.all([payLocalCheckout(t.db, deps, b.id, sessionId, CARD_OK), payLocalCheckout(t.db, deps, b.id, sessionId, CARD_OK)]);
    expect(first.redirectUrl).toBe(second.redirectUrl);
    expect(first.redirectUrl).toContain(`/product/${p.id}?checkout=success`);
    expect((await ordersFor(p.id)).filter((o) => o.status === 'paid')).toHaveLength(1);
    await settleOrders(t.db);
    const receipts = deps.mailer.sent.slice(before).filter((m) => m.to === b.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toMatch(/^Your receipt for Lead Enrichment Workflow \(TM-\d{6}\)$/);
    expect(receipts[0]!.text).toContain('Amount: $79.00');
    expect(receipts[0]!.text).toContain('http://localhost:4321/library');
    expect(deps.mailer.sent.slice(before).filter((m) => m.to === creator.email && m.subject === 'New sale: Lead Enrichment Workflow')).toHaveLength(1);
  });
});

describe('entitlements: POST /api/products/{id}/download', () => {
  it('answers 402 PAYMENT_REQUIRED before payment, revealing nothing, and delivers after', async () => {
    const session = await signUp('buyer', 'Paying Buyer');
    const p = await paidProduct({ content_delivery_type: 'multiple', download_url: 'https://example.com/secret-link', content_text: 'SECRET TEXT' });
    const before = await call(downloadRoute, `/api/products/${p.id}/download`, { method: 'POST', session, params: { id: p.id } });
    expect(before.status).toBe(402);
    expect(before.body).toEqual({ error: { code: 'PAYMENT_REQUIRED', message: 'Buy this product to download it' } });
    expect(before.bytes.toString()).not.toMatch(/SECRET|example\.com/);
    expect(await t.db.selectFrom('downloads').select('id').where('product_id', '=', p.id).execute()).toHaveLength(0);

    await buy({ id: session.userId, email: session.email }, p.id);
    const after = await call(downloadRoute, `/api/products/${p.id}/download`, { method: 'POST', session, params: { id: p.id } });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      success: true,
      message: 'Purchase successful!',
      contentText: 'SECRET TEXT',
      downloadUrl: 'https://example.com/secret-link',
    });
  });

  it('lets a creator download their own paid product without buying it, and books no sale', async () => {
    const p = await paidProduct();
    expect((await downloadProduct(t.db, creator.id, p.id)).contentText).toBe('SECRET WORKFLOW');
    const record = await t.db.selectFrom('downloads').select('download_type').where('product_id', '=', p.id).executeTakeFirstOrThrow();
    expect(record.download_type).toBe('free');
    expect(await ordersFor(p.id)).toHaveLength(0);
  });

  it('refund revokes access, through the route, and notifies the creator', async () => {
    const session = await signUp('buyer', 'Refund Buyer');
    const b = { id: session.userId, email: session.email };
    const p = await paidProduct();
    const orderId = await buy(b, p.id);
    // Not downloaded yet: refunded at once (after a download it is a request: refund-requests.test.ts).
    expect((await getLibrary(t.db, b.id)).find((i) => i.order?.id === orderId)).toMatchObject({ hasAccess: true, order: { refundOffer: 'instant' } });
    const refund = await call(refundRoute, `/api/orders/${orderId}/refund`, { method: 'POST', session, params: { id: orderId } });
    expect(refund.status).toBe(200);
    expect(refund.body).toEqual({ id: orderId, status: 'refunded' });
    // The notices are the refund's reactions, through the process-wide mailer (the tests' memory
    // mailer, which signUp installs to read verification links): the creator's is there.
    await settleOrders(t.db);
    expect(testMailer().lastTo(creator.email, /^Refund: Lead Enrichment Workflow/)).toBeDefined();
    expect(await orderOf(orderId)).toMatchObject({ status: 'refunded', refunded_at: expect.any(Date) });
    await expect(downloadProduct(t.db, b.id, p.id)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    // A second request changes nothing.
    expect((await call(refundRoute, `/api/orders/${orderId}/refund`, { method: 'POST', session, params: { id: orderId } })).body.error.code).toBe(
      'REFUND_NOT_ALLOWED',
    );
  });

  it("answers 404 for another user's order (receipt and refund), and refuses refunds after 30 days", async () => {
    const owner = await buyer();
    const session = await signUp('buyer', 'Nosy Buyer');
    const p = await paidProduct();
    const orderId = await buy(owner, p.id);
    expect(await getReceipt(t.db, owner.id, orderId)).toMatchObject({
      id: orderId,
      number: expect.stringMatching(/^TM-\d{6}$/),
      status: 'paid',
      amountCents: 7900,
      currency: 'usd',
      productTitle: 'Lead Enrichment Workflow',
    });
    const receipt = await call(receiptRoute, `/api/orders/${orderId}`, { session, params: { id: orderId } });
    expect(receipt.status).toBe(404);
    expect(receipt.body.error.code).toBe('ORDER_NOT_FOUND');
    expect((await call(refundRoute, `/api/orders/${orderId}/refund`, { method: 'POST', session, params: { id: orderId } })).status).toBe(404);
    expect((await orderOf(orderId)).status).toBe('paid');
    await t.db
      .updateTable('orders')
      .set({ paid_at: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where('id', '=', orderId)
      .execute();
    await expect(requestRefund(t.db, deps, owner.id, orderId)).rejects.toMatchObject({ code: 'REFUND_WINDOW_CLOSED' });
    expect((await getLibrary(t.db, owner.id)).find((i) => i.order?.id === orderId)?.order?.canRefund).toBe(false);
  });

  it('lets the creator or an admin refund a sale; another creator gets 404', async () => {
    const p = await paidProduct();
    const b = await buyer();
    const orderId = await buy(b, p.id);
    const otherCreator = await createUser(t.db);
    await expect(refundOrder(t.db, deps, otherCreator.id, orderId)).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
    await refundOrder(t.db, deps, creator.id, orderId);
    expect((await orderOf(orderId)).status).toBe('refunded');
    const admin = await createUser(t.db);
    await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const second = await buyer();
    const secondOrder = await buy(second, p.id);
    await refundOrder(t.db, deps, admin.id, secondOrder);
    expect((await orderOf(secondOrder)).status).toBe('refunded');
  });

  it('deleting a product with orders archives it, keeps the orders, and its buyers keep access', async () => {
    const p = await paidProduct();
    const b = await buyer();
    const orderId = await buy(b, p.id);
    const stranger = await buyer();
    expect(await deleteProduct(t.db, creator.id, p.id)).toEqual({ archived: true });
    expect((await t.db.selectFrom('products').select('status').where('id', '=', p.id).executeTakeFirstOrThrow()).status).toBe('archived');
    expect((await orderOf(orderId)).status).toBe('paid');
    expect((await downloadProduct(t.db, b.id, p.id)).contentText).toBe('SECRET WORKFLOW');
    await expect(downloadProduct(t.db, stranger.id, p.id)).rejects.toMatchObject({ code: 'DOWNLOAD_UNAVAILABLE' });
    // A product nobody ordered is still really deleted.
    const lonely = await paidProduct();
    expect(await deleteProduct(t.db, creator.id, lonely.id)).toEqual({ archived: false });
    expect(await t.db.selectFrom('products').select('id').where('id', '=', lonely.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('POST /api/payments/webhook', () => {
  async function pendingOrder() {
    const p = await paidProduct();
    const b = await buyer();
    const { url, orderId } = await startCheckout(t.db, deps, asUser(b), { productId: p.id });
    return { p, b, orderId, sessionId: url.split('/checkout/')[1]! };
  }

  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const { sessionId, orderId } = await pendingOrder();
    const { payload, signature } = signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_forged'), { secret: 'whsec_wrong' });
    for (const headers of [{ 'stripe-signature': signature }, {}] as Record<string, string>[]) {
      const response = await call(webhookRoute, '/api/payments/webhook', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: payload,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'WEBHOOK_SIGNATURE_INVALID', message: 'Invalid webhook signature' } });
    }
    // A correctly signed body that was altered afterwards.
    const good = signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_x'));
    await expect(handleWebhook(t.db, deps, good.payload.replace('pi_x', 'pi_y'), good.signature)).rejects.toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect((await orderOf(orderId)).status).toBe('pending');
    expect(
      await t.db
        .selectFrom('payment_events')
        .select('id')
        .where('payload', '@>', sql<never>`${JSON.stringify({ data: { object: { id: sessionId } } })}::jsonb`)
        .execute(),
    ).toHaveLength(0);
  });

  it('stores every event id once: a replay has no effect', async () => {
    const { sessionId, orderId } = await pendingOrder();
    const e = signedEvent('checkout.session.completed', completedSession(sessionId, `pi_${orderId.slice(0, 8)}`));
    const before = deps.mailer.sent.length;
    expect(await handleWebhook(t.db, deps, e.payload, e.signature)).toEqual({ received: true, duplicate: false, status: 'processed' });
    expect(await handleWebhook(t.db, deps, e.payload, e.signature)).toEqual({ received: true, duplicate: true });
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid', provider_payment_id: `pi_${orderId.slice(0, 8)}` });
    await settleOrders(t.db);
    expect(deps.mailer.sent.length - before).toBe(2); // one receipt, one sale notice
  });

  it('ignores a completion that is not paid yet, then fulfils on async_payment_succeeded; failures and expiry close pending orders only', async () => {
    const a = await pendingOrder();
    const unpaid = signedEvent('checkout.session.completed', completedSession(a.sessionId, 'pi_async', { payment_status: 'unpaid' }));
    expect((await handleWebhook(t.db, deps, unpaid.payload, unpaid.signature)).status).toBe('ignored');
    expect((await orderOf(a.orderId)).status).toBe('pending');
    const ok = signedEvent('checkout.session.async_payment_succeeded', completedSession(a.sessionId, 'pi_async'));
    await handleWebhook(t.db, deps, ok.payload, ok.signature);
    expect((await orderOf(a.orderId)).status).toBe('paid');
    const expired = signedEvent('checkout.session.expired', { id: a.sessionId, object: 'checkout.session' });
    await handleWebhook(t.db, deps, expired.payload, expired.signature);
    expect((await orderOf(a.orderId)).status).toBe('paid');

    const b = await pendingOrder();
    const failed = signedEvent('checkout.session.async_payment_failed', { id: b.sessionId, object: 'checkout.session' });
    await handleWebhook(t.db, deps, failed.payload, failed.signature);
    expect((await orderOf(b.orderId)).status).toBe('failed');
    const c = await pendingOrder();
    const exp = signedEvent('checkout.session.expired', { id: c.sessionId, object: 'checkout.session' });
    await handleWebhook(t.db, deps, exp.payload, exp.signature);
    expect((await orderOf(c.orderId)).status).toBe('expired');
  });

  it('parks a refund that arrives before its completion and applies it when the completion comes', async () => {
    const { sessionId, orderId, b, p } = await pendingOrder();
    const refund = signedEvent('charge.refunded', { id: 'ch_early', object: 'charge', payment_intent: 'pi_early', refunded: true, amount_refunded: 7900 });
    expect((await handleWebhook(t.db, deps, refund.payload, refund.signature)).status).toBe('parked');
    expect((await orderOf(orderId)).status).toBe('pending');
    const done = signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_early'));
    await handleWebhook(t.db, deps, done.payload, done.signature);
    expect(await orderOf(orderId)).toMatchObject({ status: 'refunded', provider_payment_id: 'pi_early' });
    expect((await t.db.selectFrom('payment_events').select('status').where('id', '=', refund.event.id).executeTakeFirstOrThrow()).status).toBe('processed');
    await expect(downloadProduct(t.db, b.id, p.id)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
  });

  it('a partial refund keeps the purchase', async () => {
    const { sessionId, orderId } = await pendingOrder();
    const done = signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_partial'));
    await handleWebhook(t.db, deps, done.payload, done.signature);
    const partial = signedEvent('charge.refunded', { id: 'ch_p', object: 'charge', payment_intent: 'pi_partial', refunded: false, amount_refunded: 100 });
    expect((await handleWebhook(t.db, deps, partial.payload, partial.signature)).status).toBe('ignored');
    expect((await orderOf(orderId)).status).toBe('paid');
  });

  it('50 concurrent completions of one session give one order', async () => {
    const { sessionId, orderId, p, b } = await pendingOrder();
    const before = deps.mailer.sent.filter((m) => m.to === b.email).length;
    // Half are the same event delivered many times, half are distinct events for the session.
    const same = signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_concurrent'));
    const events = Array.from({ length: 50 }, (_, i) =>
      i % 2 ? same : signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_concurrent')),
    );
    const results = await Promise.all(events.map((e) => handleWebhook(t.db, deps, e.payload, e.signature)));
    expect(results.filter((r) => r.status === 'processed')).toHaveLength(1);
    const orders = await ordersFor(p.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: orderId, status: 'paid' });
    await settleOrders(t.db);
    expect(deps.mailer.sent.filter((m) => m.to === b.email).length - before).toBe(1);
  });

  it('two checkouts of the same product paid at once (two tabs): one order stays, the other is refunded', async () => {
    const p = await paidProduct();
    const b = await buyer();
    const first = await startCheckout(t.db, deps, asUser(b), { productId: p.id });
    const second = await startCheckout(t.db, deps, asUser(b), { productId: p.id });
    const before = deps.mailer.sent.length;
    await Promise.all([first, second].map((c) => payLocalCheckout(t.db, deps, b.id, c.url.split('/checkout/')[1]!, CARD_OK)));
    // The second payment's refund is the reaction to its 'order.refund-due'.
    await settleOrders(t.db);
    const statuses = (await ordersFor(p.id)).map((o) => o.status).sort();
    expect(statuses).toEqual(['paid', 'refunded']);
    const mails = deps.mailer.sent
      .slice(before)
      .filter((m) => m.to === b.email)
      .map((m) => m.subject.split(' ').slice(0, 3).join(' '));
    expect(mails.sort()).toEqual(['Your receipt for', 'Your refund for']);
    expect((await downloadProduct(t.db, b.id, p.id)).contentText).toBe('SECRET WORKFLOW');
  });

  it('marks a creator payout account ready on account.updated', async () => {
    const c = await createUser(t.db);
    await t.db.insertInto('payout_accounts').values({ creator_id: c.id, stripe_account_id: 'acct_test_ready', updated_at: new Date() }).execute();
    const e = signedEvent('account.updated', {
      id: 'acct_test_ready',
      object: 'account',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    await handleWebhook(t.db, deps, e.payload, e.signature);
    expect((await t.db.selectFrom('payout_accounts').select('is_ready').where('creator_id', '=', c.id).executeTakeFirstOrThrow()).is_ready).toBe(true);
  });
});

describe("the creator's sale and refund notices (the bell)", () => {
  let seller: TestSession;

  const noticesOf = (userId: string) =>
    t.db
      .selectFrom('user_notifications')
      .select(['kind', 'order_id', 'update_id', 'reason', 'is_read'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('kind', 'desc')
      .execute();

  async function sellerOrder(title = 'Invoice Parser Agent') {
    const p = await createProduct(t.db, seller.userId, {
      title,
      price: '49.50',
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'PARSER',
    });
    const b = await buyer();
    const { url, orderId } = await startCheckout(t.db, deps, asUser(b), { productId: p.id });
    return { p, b, orderId, sessionId: url.split('/checkout/')[1]! };
  }

  beforeAll(async () => {
    seller = await signUp('creator', 'Sally Seller');
  });

  it('a paid order writes one sale notice for its creator, however often and however concurrently the webhook is replayed', async () => {
    const { orderId, sessionId, b } = await sellerOrder();
    const completed = signedEvent('checkout.session.completed', completedSession(sessionId, `pi_bell_${orderId.slice(0, 8)}`));
    expect((await handleWebhook(t.db, deps, completed.payload, completed.signature)).status).toBe('processed');
    // The same event replayed, and other events completing the same session, at once.
    const replays = Array.from({ length: 10 }, (_, i) =>
      i % 2 ? completed : signedEvent('checkout.session.completed', completedSession(sessionId, `pi_bell_${orderId.slice(0, 8)}`)),
    );
    await Promise.all(replays.map((e) => handleWebhook(t.db, deps, e.payload, e.signature)));
    expect(await noticesOf(seller.userId)).toEqual([{ kind: 'sale', order_id: orderId, update_id: null, reason: null, is_read: false }]);
    // The buyer gets a receipt, not a notice.
    expect(await noticesOf(b.id)).toEqual([]);
    // Written twice on purpose, it is still one.
    await notifyCreatorOfOrder(t.db, { id: orderId, creator_id: seller.userId }, 'sale');
    expect(await noticesOf(seller.userId)).toHaveLength(1);

    const feed = await call(feedRoute, '/api/notifications', { session: seller });
    expect(feed.status).toBe(200);
    expect(feed.body.unreadCount).toBe(1);
    expect(feed.body.items).toEqual([
      expect.objectContaining({
        kind: 'sale',
        orderId,
        productTitle: 'Invoice Parser Agent',
        amountCents: 4950,
        isRead: false,
        notificationId: expect.any(String),
      }),
    ]);
    expect(orderNoticeText(feed.body.items[0] as OrderFeedItem)).toBe('New sale: Invoice Parser Agent — $49.50');
    expect((await call(unreadRoute, '/api/notifications/unread-count', { session: seller })).body).toEqual({ count: 1 });
  });

  it('the notice and the transition commit together: a failed notice leaves the order pending and the retry writes it', async () => {
    const { orderId, sessionId } = await sellerOrder('Rollback Checker');
    const before = (await noticesOf(seller.userId)).length;
    await sql`create function refuse_order_notice() returns trigger language plpgsql as $$ begin if new.kind = 'sale' then raise exception 'no notices today'; end if; return new; end $$`.execute(
      t.db,
    );
    await sql`create trigger refuse_order_notice before insert on user_notifications for each row execute function refuse_order_notice()`.execute(t.db);
    const e = signedEvent('checkout.session.completed', completedSession(sessionId, `pi_rb_${orderId.slice(0, 8)}`));
    try {
      await expect(handleWebhook(t.db, deps, e.payload, e.signature)).rejects.toThrow(/no notices today/);
    } finally {
      await sql`drop trigger refuse_order_notice on user_notifications`.execute(t.db);
      await sql`drop function refuse_order_notice()`.execute(t.db);
    }
    expect((await orderOf(orderId)).status).toBe('pending');
    expect(await noticesOf(seller.userId)).toHaveLength(before);
    // The provider retries the same event: it was not recorded, so it runs now.
    expect((await handleWebhook(t.db, deps, e.payload, e.signature)).status).toBe('processed');
    expect((await orderOf(orderId)).status).toBe('paid');
    expect((await noticesOf(seller.userId)).filter((n) => n.order_id === orderId).map((n) => n.kind)).toEqual(['sale']);
  });

  it('a refund writes one refund notice, by the webhook (replayed) or from /sales', async () => {
    const { orderId, sessionId } = await sellerOrder('Refunded Template');
    const paymentId = `pi_rf_${orderId.slice(0, 8)}`;
    const done = signedEvent('checkout.session.completed', completedSession(sessionId, paymentId));
    await handleWebhook(t.db, deps, done.payload, done.signature);
    const refunded = signedEvent('charge.refunded', {
      id: `ch_${orderId.slice(0, 8)}`,
      object: 'charge',
      payment_intent: paymentId,
      refunded: true,
      amount_refunded: 4950,
    });
    expect((await handleWebhook(t.db, deps, refunded.payload, refunded.signature)).status).toBe('processed');
    expect((await handleWebhook(t.db, deps, refunded.payload, refunded.signature)).duplicate).toBe(true);
    const again = signedEvent('charge.refunded', {
      id: `ch_${orderId.slice(0, 8)}`,
      object: 'charge',
      payment_intent: paymentId,
      refunded: true,
      amount_refunded: 4950,
    });
    await handleWebhook(t.db, deps, again.payload, again.signature);
    expect((await noticesOf(seller.userId)).filter((n) => n.order_id === orderId).map((n) => n.kind)).toEqual(['sale', 'refund']);

    const second = await sellerOrder('Refunded From Sales');
    const pay = signedEvent('checkout.session.completed', completedSession(second.sessionId, `pi_rs_${second.orderId.slice(0, 8)}`));
    await handleWebhook(t.db, deps, pay.payload, pay.signature);
    await refundOrder(t.db, deps, seller.userId, second.orderId);
    await expect(refundOrder(t.db, deps, seller.userId, second.orderId)).rejects.toMatchObject({ code: 'REFUND_NOT_ALLOWED' });
    expect((await noticesOf(seller.userId)).filter((n) => n.order_id === second.orderId).map((n) => n.kind)).toEqual(['sale', 'refund']);

    const feed = await getFeed(t.db, seller.userId);
    const refund = feed.items.find((i) => i.kind === 'refund' && i.orderId === second.orderId) as OrderFeedItem;
    expect(orderNoticeText(refund)).toBe('Refund: Refunded From Sales — $49.50');
    // Newest first: the refund of the second order, then its sale, then the first order's.
    expect(feed.items.slice(0, 4).map((i) => [i.kind, (i as OrderFeedItem).orderId])).toEqual([
      ['refund', second.orderId],
      ['sale', second.orderId],
      ['refund', orderId],
      ['sale', orderId],
    ]);
  });

  it('the unread count, read one, mark all read and the pages cover every kind, interleaved with tool updates', async () => {
    const reader = await signUp('creator', 'Mixed Reader');
    await t.db
      .insertInto('ai_tools')
      .values({ id: 'bell-tool', name: 'Bell Tool' })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // Five sales, and six tool updates posted between and around them.
    const orderIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await createProduct(t.db, reader.userId, {
        title: `Mixed Product ${i}`,
        price: 10 + i,
        pricing_model: 'one_time',
        content_delivery_type: 'text',
        content_text: 'X',
      });
      const b = await buyer();
      orderIds.push(await buy(b, p.id));
    }
    const notices = await t.db
      .selectFrom('user_notifications')
      .select(['id', 'created_at'])
      .where('user_id', '=', reader.userId)
      .orderBy('created_at')
      .execute();
    expect(notices).toHaveLength(5);
    for (let i = 0; i < 6; i++) {
      // Each update a moment before the i-th sale (and the last after all of them).
      const at = i < 5 ? new Date(new Date(notices[i]!.created_at).getTime() - 1) : new Date();
      const u = await t.db
        .insertInto('ai_tool_updates')
        .values({ tool_id: 'bell-tool', title: `Bell update ${i}`, content: 'Something changed in the tool this week.', update_type: 'other', created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.insertInto('user_notifications').values({ user_id: reader.userId, update_id: u.id, reason: 'follow', created_at: at }).execute();
    }
    expect((await call(unreadRoute, '/api/notifications/unread-count', { session: reader })).body).toEqual({ count: 11 });

    // Three at a time, newest first, every notice once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await getFeed(t.db, reader.userId, { cursor, limit: 3 });
      seen.push(...page.items.map((i) => (i.kind === 'tool_update' ? i.title : noticeText(i))));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      'Bell update 5',
      'New sale: Mixed Product 4 — $14.00',
      'Bell update 4',
      'New sale: Mixed Product 3 — $13.00',
      'Bell update 3',
      'New sale: Mixed Product 2 — $12.00',
      'Bell update 2',
      'New sale: Mixed Product 1 — $11.00',
      'Bell update 1',
      'New sale: Mixed Product 0 — $10.00',
      'Bell update 0',
    ]);
    // Filtered by a tool, only its updates.
    expect((await getFeed(t.db, reader.userId, { toolId: 'bell-tool' })).items.every((i) => i.kind === 'tool_update')).toBe(true);

    const sale = (await getFeed(t.db, reader.userId)).items.find((i) => i.kind === 'sale')!;
    const one = await call(readOneRoute, `/api/notifications/${sale.notificationId}/read`, {
      method: 'POST',
      session: reader,
      params: { id: sale.notificationId! },
    });
    expect(one.body).toEqual({ unreadCount: 10 });
    // Nobody else marks them.
    const other = await call(readOneRoute, `/api/notifications/${sale.notificationId}/read`, {
      method: 'POST',
      session: seller,
      params: { id: sale.notificationId! },
    });
    expect(other.status).toBe(404);
    const all = await call(readAllRoute, '/api/notifications/read-all', { method: 'POST', session: reader });
    expect(all.body).toEqual({ marked: 10, unreadCount: 0 });
    const after = await getFeed(t.db, reader.userId, { limit: 50 });
    expect(after.items.every((i) => i.isRead)).toBe(true);
    expect(after.unreadCount).toBe(0);
  });

  it('refuses a notice without the reference of its kind', async () => {
    const { orderId } = await sellerOrder('Constraint Check');
    await expect(t.db.insertInto('user_notifications').values({ user_id: seller.userId, kind: 'sale', reason: null }).execute()).rejects.toThrow(
      /user_notifications_kind_reference/,
    );
    await expect(
      t.db.insertInto('user_notifications').values({ user_id: seller.userId, kind: 'tool_update', order_id: orderId, reason: 'follow' }).execute(),
    ).rejects.toThrow(/user_notifications_kind_reference/);
  });
});

describe('completing a checkout whose product is no longer for sale (issue 29)', () => {
  const setStatus = (id: string, values: { status?: 'archived' | 'draft' | 'published'; price?: number }) =>
    t.db.updateTable('products').set(values).where('id', '=', id).execute();
  const sessionOf = (url: string) => url.split('/checkout/')[1]!;

  it('the local checkout refuses before the card is read, with the message the page shows, and stays open', async () => {
    for (const change of [{ status: 'archived' }, { status: 'draft' }, { price: 0 }] as const) {
      const p = await paidProduct();
      const session = await signUp('buyer', 'Late Buyer');
      const started = await call(checkoutRoute, '/api/checkout', { method: 'POST', session, json: { productId: p.id } });
      expect(started.status).toBe(201);
      await setStatus(p.id, change);
      const before = deps.mailer.sent.length;
      const sessionId = sessionOf(started.body.url);
      const refused = await call(payRoute, `/api/checkout/${sessionId}/pay`, { method: 'POST', session, params: { sessionId }, json: CARD_OK });
      expect(refused.status, JSON.stringify(change)).toBe(409);
      expect(refused.body).toEqual({
        error: {
          code: 'PRODUCT_NO_LONGER_FOR_SALE',
          message: 'This product is no longer for sale, so this checkout cannot be paid. You have not been charged.',
        },
      });
      const [order] = await ordersFor(p.id);
      expect(order).toMatchObject({ status: 'pending', provider_payment_id: null });
      expect(deps.mailer.sent.length).toBe(before);
    }
  });

  it('a checkout refused that way can be paid once the product is for sale again', async () => {
    const p = await paidProduct();
    const b = await buyer();
    const { url, orderId } = await startCheckout(t.db, deps, asUser(b), { productId: p.id });
    await setStatus(p.id, { status: 'draft' });
    await expect(payLocalCheckout(t.db, deps, b.id, sessionOf(url), CARD_OK)).rejects.toMatchObject({ code: 'PRODUCT_NO_LONGER_FOR_SALE' });
    await setStatus(p.id, { status: 'published' });
    await payLocalCheckout(t.db, deps, b.id, sessionOf(url), CARD_OK);
    expect((await orderOf(orderId)).status).toBe('paid');
  });

  it("a provider's completed payment is refunded at once, the buyer told why, and grants nothing", async () => {
    const p = await paidProduct();
    const b = await buyer();
    const { url, orderId } = await startCheckout(t.db, deps, asUser(b), { productId: p.id });
    await setStatus(p.id, { status: 'archived' });
    // The refund is the reaction to 'order.refund-due', on the process's provider.
    const refund = vi.spyOn(getPaymentProvider(), 'refund');
    const before = deps.mailer.sent.length;
    try {
      const e = signedEvent('checkout.session.completed', completedSession(sessionOf(url), 'pi_test_offsale1'));
      expect(await handleWebhook(t.db, deps, e.payload, e.signature)).toEqual({ received: true, duplicate: false, status: 'processed' });
      await settleOrders(t.db);
      expect(refund).toHaveBeenCalledWith({ paymentId: 'pi_test_offsale1', orderId, subscription: false });
    } finally {
      refund.mockRestore();
    }
    expect((await orderOf(orderId)).status).toBe('refunded');
    const mails = deps.mailer.sent.slice(before).filter((m) => m.to === b.email);
    expect(mails.map((m) => m.subject.split(' ').slice(0, 3).join(' '))).toEqual(['Your refund for']);
    expect(mails[0]?.text).toContain('This product was taken off sale before your payment completed, so we refunded it at once.');
    await expect(downloadProduct(t.db, b.id, p.id)).rejects.toBeTruthy();
  });
});
