/**
 * Licence keys (issue 14, docs/decisions/026) on a real database, through the real routes and
 * src/middleware.ts where a route exists:
 * - issuing: one key per paid order however often and however concurrently its payment event
 *   is processed, none for a duplicate payment or a product without keys, in the receipt and
 *   the library; a free product's key on a buyer's first download only; a subscription's key
 *   at its first payment, not at renewals;
 * - POST /api/v1/licenses/verify: Gumroad's answer, uses counted (and not with
 *   increment_uses_count: false), exactly under concurrency; unknown or mismatched keys 404;
 *   disabled, refunded and ended-subscription keys answer success: false; bad input 400;
 *   429 past the per-address limit;
 * - PATCH /api/me/licenses/{id}: the creator disables and re-enables their own keys only.
 * Both database drivers (DATABASE_URL for the second).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { setClock } from '@/functions/_shared/clock';
import { WRITE_LIMITS } from '@/functions/_shared/rate-limit';
import { downloadProduct } from '@/functions/downloads/downloads.service';
import { issueOrderLicense, newLicenseKey } from '@/functions/licenses/licenses.service';
import { startCheckout } from '@/functions/payments/checkout.service';
import { advanceLocalSubscription, cancelSubscription, getLibrary, refundOrder } from '@/functions/payments/orders.service';
import { handleWebhook } from '@/functions/payments/webhook.service';
import { deleteProduct } from '@/functions/products/products.service';
import { LICENSE_KEY_PATTERN } from '@/src/shared/licenses';
import type { SessionUser } from '@/src/shared/session';
import { GET as ownProductRoute, PUT as putOwnProductRoute } from '@/src/pages/api/me/products/[id]';
import { PATCH as licenseRoute } from '@/src/pages/api/me/licenses/[id]';
import { POST as verifyRoute } from '@/src/pages/api/v1/licenses/verify';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser, ensureCategories } from '../support/factories';
import { buyLocally, completedSession, settleOrders, signedEvent, testDeps } from '../support/payments';
import { productExample } from '../support/example-bodies';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let deps: ReturnType<typeof testDeps>;
let creator: TestSession;
let otherCreator: TestSession;

let addressCounter = 0;
/** A fresh client address per request, so the per-address verify limit is not what a test meets. */
const freshAddress = () => `198.18.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const asUser = (u: { id: string; email: string }) => ({ id: u.id, email: u.email, userType: 'buyer' }) as unknown as SessionUser;
const licensesOf = (productId: string) => t.db.selectFrom('licenses').selectAll().where('product_id', '=', productId).execute();
const licenseOfOrder = (orderId: string) => t.db.selectFrom('licenses').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

function licensedProduct(creatorId: string, overrides: Record<string, unknown> = {}) {
  return createProduct(t.db, creatorId, {
    title: 'Invoice OCR desktop app',
    price: 49,
    pricing_model: 'one_time',
    content_delivery_type: 'text',
    content_text: 'Download: https://example.com/app.dmg',
    issues_license_keys: true,
    ...overrides,
  });
}

const verify = (body: unknown, address = freshAddress()) => call(verifyRoute, '/api/v1/licenses/verify', { method: 'POST', json: body, address });
const change = (session: TestSession | null, id: string, body: unknown) =>
  call(licenseRoute, `/api/me/licenses/${id}`, { method: 'PATCH', session, params: { id }, json: body, address: freshAddress() });

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  deps = testDeps();
  await ensureCategories(t.db);
  [creator, otherCreator] = await Promise.all([signUp('creator', 'Lena Licenser'), signUp('creator', 'Otto Other')]);
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('the product switch', () => {
  it('is false by default, comes back from GET and is replaced by PUT on /api/me/products/{id}', async () => {
    const product = await createProduct(t.db, creator.userId, { title: 'Plain product', content_delivery_type: 'text', content_text: 'x' });
    const read = (id: string) => call(ownProductRoute, `/api/me/products/${id}`, { session: creator, params: { id } });
    expect((await read(product.id)).body.issues_license_keys).toBe(false);
    const put = (value: unknown) =>
      call(putOwnProductRoute, `/api/me/products/${product.id}`, {
        method: 'PUT',
        session: creator,
        params: { id: product.id },
        json: { ...productExample(), issues_license_keys: value },
        address: freshAddress(),
      });
    const on = await put(true);
    expect(on.status).toBe(200);
    expect(on.body.issues_license_keys).toBe(true);
    expect((await read(product.id)).body.issues_license_keys).toBe(true);
    const refused = await put('yes');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { issues_license_keys: expect.any(String) } });
    expect((await read(product.id)).body.issues_license_keys).toBe(true);
    expect((await put(false)).body.issues_license_keys).toBe(false);
  });
});

describe('issuing', () => {
  it('gives a paid order one key, however often and however concurrently its payment event is processed', async () => {
    const product = await licensedProduct(creator.userId);
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
    const sessionId = url.split('/checkout/')[1]!;
    const first = signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_license_once'));
    // The same event three times (a replay), then twenty other completions of the session at once.
    for (let i = 0; i < 3; i++) await handleWebhook(t.db, deps, first.payload, first.signature);
    const others = Array.from({ length: 20 }, () => signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_license_once')));
    await Promise.all(others.map((e) => handleWebhook(t.db, deps, e.payload, e.signature)));

    const keys = await licensesOf(product.id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ order_id: orderId, buyer_id: buyer.id, uses: 0, disabled_at: null });
    expect(keys[0]!.key).toMatch(LICENSE_KEY_PATTERN);
    // The unique order id holds even when the issuing itself runs concurrently (the database decides, not a read).
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.transaction().execute((trx) => issueOrderLicense(trx, { id: orderId, product_id: product.id, buyer_id: buyer.id })),
      ),
    );
    expect(await licensesOf(product.id)).toHaveLength(1);

    // The receipt carries the key, once.
    await settleOrders(t.db);
    const receipts = deps.mailer.sent.filter((m) => m.to === buyer.email && m.subject.startsWith('Your receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(`License key: ${keys[0]!.key}`);
  });

  it('gives none to a product that does not issue keys, and none to a duplicate payment', async () => {
    const plain = await licensedProduct(creator.userId, { issues_license_keys: false });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await buyLocally(t.db, deps, buyer, plain.id);
    expect(await licensesOf(plain.id)).toEqual([]);
    expect(deps.mailer.lastTo(buyer.email, /^Your receipt/)!.text).not.toContain('License key');

    // Two checkouts paid at once (two tabs): the second payment is refunded and has no key.
    const product = await licensedProduct(creator.userId);
    const twoTabs = await createUser(t.db, { userType: 'buyer' });
    const [a, b] = await Promise.all([
      startCheckout(t.db, deps, asUser(twoTabs), { productId: product.id }),
      startCheckout(t.db, deps, asUser(twoTabs), { productId: product.id }),
    ]);
    for (const [checkout, pi] of [
      [a, 'pi_tab_a'],
      [b, 'pi_tab_b'],
    ] as const) {
      const event = signedEvent('checkout.session.completed', completedSession(checkout.url.split('/checkout/')[1]!, pi));
      await handleWebhook(t.db, deps, event.payload, event.signature);
    }
    const keys = await licensesOf(product.id);
    expect(keys).toHaveLength(1);
    const paid = await t.db.selectFrom('orders').select('id').where('product_id', '=', product.id).where('status', '=', 'paid').executeTakeFirstOrThrow();
    expect(keys[0]!.order_id).toBe(paid.id);
  });

  it("gives a free product's buyer one key, on their first download only, and the creator none", async () => {
    const product = await licensedProduct(creator.userId, { price: 0, pricing_model: 'free' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await downloadProduct(t.db, buyer.id, product.id);
    const [key] = await licensesOf(product.id);
    expect(key).toMatchObject({ buyer_id: buyer.id, order_id: null, uses: 0, disabled_at: null });
    // Downloading again, and again at once, claims nothing more and keeps the same key.
    await downloadProduct(t.db, buyer.id, product.id);
    await Promise.all(Array.from({ length: 8 }, () => downloadProduct(t.db, buyer.id, product.id)));
    expect(await licensesOf(product.id)).toEqual([key]);
    // Another buyer gets their own; the creator's own download gets none.
    const second = await createUser(t.db, { userType: 'buyer' });
    await Promise.all(Array.from({ length: 5 }, () => downloadProduct(t.db, second.id, product.id)));
    await downloadProduct(t.db, creator.userId, product.id);
    const all = await licensesOf(product.id);
    expect(all.map((l) => l.buyer_id).sort()).toEqual([buyer.id, second.id].sort());
    expect(new Set(all.map((l) => l.key)).size).toBe(2);
    // A free product without keys gives none.
    const plain = await licensedProduct(creator.userId, { price: 0, pricing_model: 'free', issues_license_keys: false });
    await downloadProduct(t.db, buyer.id, plain.id);
    expect(await licensesOf(plain.id)).toEqual([]);

    // The library shows the key with the download.
    const item = (await getLibrary(t.db, buyer.id)).find((i) => i.productId === product.id);
    expect(item?.license).toEqual({ key: key!.key, disabled: false });
    expect((await getLibrary(t.db, buyer.id)).find((i) => i.productId === plain.id)?.license).toBeNull();
  });

  it('gives a subscription one key at its first payment, kept through renewals, that stops verifying when it ends', async () => {
    const product = await licensedProduct(creator.userId, { price: 9, pricing_model: 'subscription' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const orderId = await buyLocally(t.db, deps, buyer, product.id);
    const { key } = await licenseOfOrder(orderId);
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    await advanceLocalSubscription(t.db, deps, order.provider_subscription_id!);
    expect(await t.db.selectFrom('orders').select('id').where('provider_subscription_id', '=', order.provider_subscription_id).execute()).toHaveLength(2);
    expect(await licensesOf(product.id)).toHaveLength(1);
    const active = await verify({ product_id: product.id, license_key: key });
    expect(active.body).toMatchObject({ success: true, uses: 1, purchase: { subscription_ended_at: null, order_id: orderId } });

    // Cancelled at period end, then the period ends (the local provider's clock).
    await cancelSubscription(t.db, deps, buyer.id, orderId);
    expect((await verify({ product_id: product.id, license_key: key })).body).toMatchObject({ success: true, uses: 2 });
    await advanceLocalSubscription(t.db, deps, order.provider_subscription_id!);
    const ended = await verify({ product_id: product.id, license_key: key });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({
      success: false,
      message: 'The subscription for this license key has ended.',
      uses: 2,
      purchase: { disabled: false, refunded: false, subscription_ended_at: expect.any(String) },
    });
  });
});

describe('POST /api/v1/licenses/verify', () => {
  let product: Awaited<ReturnType<typeof licensedProduct>>;
  let buyer: Awaited<ReturnType<typeof createUser>>;
  let orderId: string;
  let key: string;

  beforeAll(async () => {
    product = await licensedProduct(creator.userId, { title: 'Markdown to Slides CLI' });
    buyer = await createUser(t.db, { userType: 'buyer' });
    orderId = await buyLocally(t.db, deps, buyer, product.id);
    key = (await licenseOfOrder(orderId)).key;
  });

  it("answers Gumroad's success with the purchase, and counts a use", async () => {
    const response = await verify({ product_id: product.id, license_key: key });
    expect(response.status).toBe(200);
    const order = await t.db.selectFrom('orders').select(['paid_at', 'number']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(response.body).toEqual({
      success: true,
      uses: 1,
      purchase: {
        email: buyer.email,
        created_at: new Date(order.paid_at!).toISOString(),
        refunded: false,
        disabled: false,
        product_id: product.id,
        product_name: 'Markdown to Slides CLI',
        license_key: key,
        order_id: orderId,
        order_number: `TM-${String(order.number).padStart(6, '0')}`,
        subscription_ended_at: null,
      },
    });
    // Typed by a person: lower case, with spaces around it.
    const typed = await verify({ product_id: product.id, license_key: `  ${key.toLowerCase()} ` });
    expect(typed.body).toMatchObject({ success: true, uses: 2 });
  });

  it('does not count a use with increment_uses_count: false', async () => {
    const before = (await licenseOfOrder(orderId)).uses;
    const check = await verify({ product_id: product.id, license_key: key, increment_uses_count: false });
    expect(check.body).toMatchObject({ success: true, uses: before });
    expect((await licenseOfOrder(orderId)).uses).toBe(before);
    expect((await verify({ product_id: product.id, license_key: key, increment_uses_count: true })).body.uses).toBe(before + 1);
  });

  it('counts every one of 40 concurrent verifications exactly once', async () => {
    const before = (await licenseOfOrder(orderId)).uses;
    const answers = await Promise.all(Array.from({ length: 40 }, () => verify({ product_id: product.id, license_key: key })));
    expect(answers.every((a) => a.status === 200 && a.body.success === true)).toBe(true);
    // Each answer saw its own count: before+1 ... before+40, each once.
    expect(answers.map((a) => a.body.uses as number).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => before + i + 1));
    expect((await licenseOfOrder(orderId)).uses).toBe(before + 40);
  });

  it('answers 404 LICENSE_NOT_FOUND for an unknown key, an unknown product, or a key of another product', async () => {
    const other = await licensedProduct(creator.userId);
    const notFound = { error: { code: 'LICENSE_NOT_FOUND', message: 'That license does not exist for the provided product.' } };
    for (const body of [
      { product_id: product.id, license_key: newLicenseKey() },
      { product_id: '00000000-0000-4000-8000-000000000000', license_key: key },
      { product_id: other.id, license_key: key },
    ]) {
      const response = await verify(body);
      expect(response.status, JSON.stringify(body)).toBe(404);
      expect(response.body).toEqual(notFound);
    }
    expect((await licenseOfOrder(orderId)).uses).toBeGreaterThan(0);
  });

  it('answers 400 VALIDATION_FAILED for bad input, before anything is counted', async () => {
    const before = (await licenseOfOrder(orderId)).uses;
    const cases: [string, unknown, string][] = [
      ['no product_id', { license_key: key }, 'product_id'],
      ['no license_key', { product_id: product.id }, 'license_key'],
      ['a product_id that is not a UUID', { product_id: 'my-product', license_key: key }, 'product_id'],
      ['a number as product_id', { product_id: 42, license_key: key }, 'product_id'],
      ['a number as license_key', { product_id: product.id, license_key: 1234 }, 'license_key'],
      ['a key of the wrong shape', { product_id: product.id, license_key: 'ABC-123' }, 'license_key'],
      ['a key with NUL', { product_id: product.id, license_key: `${key}\u0000` }, 'license_key'],
      ['a string as increment_uses_count', { product_id: product.id, license_key: key, increment_uses_count: 'false' }, 'increment_uses_count'],
      ['null as increment_uses_count', { product_id: product.id, license_key: key, increment_uses_count: null }, 'increment_uses_count'],
      ['an unknown field', { product_id: product.id, license_key: key, product_permalink: 'x' }, '_'],
    ];
    for (const [label, body, field] of cases) {
      const response = await verify(body);
      expect(response.status, label).toBe(400);
      expect(response.body.error.code, label).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.body.error.fields ?? {}), label).toContain(field);
    }
    for (const body of ['not json', '']) {
      const response = await call(verifyRoute, '/api/v1/licenses/verify', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        address: freshAddress(),
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await licenseOfOrder(orderId)).uses).toBe(before);
  });

  it('answers 429 RATE_LIMITED past the per-address limit, while other addresses go on', async () => {
    const limit = WRITE_LIMITS.licenseVerify;
    const windowMs = limit.windowSeconds * 1000;
    // The limiter's clock stands 15 s into a window, so the whole burst lands in that one window
    // (the real clock could cross into the next mid-burst) and Retry-After is exact.
    setClock(() => Math.floor(Date.now() / windowMs) * windowMs + 15_000);
    try {
      const address = freshAddress();
      const body = { product_id: product.id, license_key: key, increment_uses_count: false };
      const statuses = await Promise.all(Array.from({ length: limit.perAddress }, () => verify(body, address).then((r) => r.status)));
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const over = await verify(body, address);
      expect(over.status).toBe(429);
      expect(over.body.error.code).toBe('RATE_LIMITED');
      expect(Number(over.headers.get('retry-after'))).toBe(limit.windowSeconds - 15);
      // Unknown keys count the same: guessing from that address stops too.
      expect((await verify({ product_id: product.id, license_key: newLicenseKey() }, address)).status).toBe(429);
      expect((await verify(body)).status).toBe(200);
    } finally {
      setClock(null);
    }
  });
});

describe('disabling: the creator on /sales, and refunds', () => {
  it('lets the creator disable and re-enable their own key; verify then answers success: false without counting', async () => {
    const product = await licensedProduct(creator.userId);
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const orderId = await buyLocally(t.db, deps, buyer, product.id);
    const license = await licenseOfOrder(orderId);
    expect((await verify({ product_id: product.id, license_key: license.key })).body.uses).toBe(1);

    const disabled = await change(creator, license.id, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({
      id: license.id,
      key: license.key,
      productId: product.id,
      orderId,
      orderNumber: expect.stringMatching(/^TM-\d{6}$/),
      uses: 1,
      disabled: true,
      refunded: false,
    });
    // Disabling twice keeps the first date.
    const at = (await licenseOfOrder(orderId)).disabled_at;
    expect((await change(creator, license.id, { disabled: true })).status).toBe(200);
    expect((await licenseOfOrder(orderId)).disabled_at).toEqual(at);

    const refused = await verify({ product_id: product.id, license_key: license.key });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'This license key has been disabled.',
      uses: 1,
      purchase: { disabled: true, refunded: false, license_key: license.key },
    });
    expect((await licenseOfOrder(orderId)).uses).toBe(1);
    expect((await getLibrary(t.db, buyer.id)).find((i) => i.order?.id === orderId)?.license).toEqual({ key: license.key, disabled: true });

    const enabled = await change(creator, license.id, { disabled: false });
    expect(enabled.body).toMatchObject({ disabled: false });
    expect((await verify({ product_id: product.id, license_key: license.key })).body).toMatchObject({ success: true, uses: 2 });
  });

  it("answers 404 for another creator's key, 401 signed out, 400 for bad input, and changes nothing", async () => {
    const product = await licensedProduct(creator.userId);
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const license = await licenseOfOrder(await buyLocally(t.db, deps, buyer, product.id));
    const buyerSession = await signUp('buyer', 'Bo Buyer');

    for (const session of [otherCreator, buyerSession]) {
      const response = await change(session, license.id, { disabled: true });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: 'LICENSE_NOT_FOUND', message: 'License key not found' } });
    }
    expect((await change(null, license.id, { disabled: true })).status).toBe(401);
    expect((await change(creator, '00000000-0000-4000-8000-000000000000', { disabled: true })).status).toBe(404);
    const badId = await change(creator, 'not-a-uuid', { disabled: true });
    expect(badId.status).toBe(400);
    for (const body of [{}, { disabled: 'yes' }, { disabled: null }, { disabled: true, key: 'X' }, [true]]) {
      const response = await change(creator, license.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await licenseOfOrder(license.order_id!)).disabled_at).toBeNull();
  });

  it('disables the key on a refund from /sales, and verify reports refunded: true; the creator may re-enable it', async () => {
    const product = await licensedProduct(creator.userId);
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const orderId = await buyLocally(t.db, deps, buyer, product.id);
    const license = await licenseOfOrder(orderId);
    await refundOrder(t.db, deps, creator.userId, orderId);

    const refunded = await verify({ product_id: product.id, license_key: license.key });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({
      success: false,
      message: 'This license key has been disabled: its purchase was refunded.',
      uses: 0,
      purchase: { refunded: true, disabled: true, order_id: orderId },
    });
    expect((await getLibrary(t.db, buyer.id)).find((i) => i.order?.id === orderId)?.license).toEqual({ key: license.key, disabled: true });

    // A creator's goodwill: the refund stays on record, the key works again.
    expect((await change(creator, license.id, { disabled: false })).body).toMatchObject({ disabled: false, refunded: true });
    expect((await verify({ product_id: product.id, license_key: license.key })).body).toMatchObject({
      success: true,
      uses: 1,
      purchase: { refunded: true, disabled: false },
    });
  });

  it("disables the key when Stripe's charge.refunded arrives (a refund made in Stripe's dashboard)", async () => {
    const product = await licensedProduct(creator.userId);
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const orderId = await buyLocally(t.db, deps, buyer, product.id);
    const order = await t.db.selectFrom('orders').select('provider_payment_id').where('id', '=', orderId).executeTakeFirstOrThrow();
    const refund = signedEvent('charge.refunded', { id: 'ch_license', object: 'charge', payment_intent: order.provider_payment_id, refunded: true });
    // Delivered twice, as providers do: one refund, the key disabled once.
    for (let i = 0; i < 2; i++) await handleWebhook(t.db, deps, refund.payload, refund.signature);
    const license = await licenseOfOrder(orderId);
    expect(license.disabled_at).not.toBeNull();
    expect((await verify({ product_id: product.id, license_key: license.key })).body).toMatchObject({ success: false, purchase: { refunded: true } });
  });

  it('keeps the keys of a deleted free product: it is archived instead', async () => {
    const product = await licensedProduct(creator.userId, { price: 0, pricing_model: 'free' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await downloadProduct(t.db, buyer.id, product.id);
    const [license] = await licensesOf(product.id);
    expect(await deleteProduct(t.db, creator.userId, product.id)).toEqual({ archived: true });
    expect((await verify({ product_id: product.id, license_key: license!.key })).body).toMatchObject({ success: true, purchase: { order_id: null } });
  });
});
