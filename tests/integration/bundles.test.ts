/**
 * Bundles below the browser (issue 31, docs/decisions/080): making one through the API (another
 * creator's product refused with its reason, a price that saves nothing refused, another
 * creator's bundle a 404, the cards' bundle count), buying it (every product accessible and in the library, 'from the
 * bundle'), a partial owner's price (less what they paid, locked into the order, the checkout's
 * line), owning every product, and a refund of the bundle revoking every product it gave (not
 * one owned separately), and a licence key for each item that issues keys (once, shown in the
 * library, disabled by the refund). Both database drivers (DATABASE_URL for the second).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { getLocalCheckout, getProductAccess, hasPaidAccess, payLocalCheckout, startCheckout } from '@/functions/payments/checkout.service';
import { getLibrary, refundThroughProvider } from '@/functions/payments/orders.service';
import { downloadProduct } from '@/functions/downloads/downloads.service';
import { patchProduct } from '@/functions/products/products.service';
import type { ProductPatch } from '@/src/shared/api/schemas/products';
import { AppError } from '@/functions/_shared/errors';
import { searchCatalogue } from '@/functions/catalogue/search.service';
import { getPublicPortfolio } from '@/functions/profiles/profile-page.service';
import { issueOrderLicense, verifyLicense } from '@/functions/licenses/licenses.service';
import { POST as createRoute } from '@/src/pages/api/studio/bundles/index';
import { PUT as putRoute } from '@/src/pages/api/studio/bundles/[id]';
import type { SessionUser } from '@/src/shared/session';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { CARD_OK, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-bundles-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  return dir;
});

let t: TestDb;
let deps: ReturnType<typeof testDeps>;
let creator: TestSession;
let other: TestSession;
let items: { id: string; title: string }[];
let bundleId: string;

const asUser = (u: { id: string; email: string }) => ({ id: u.id, email: u.email, userType: 'buyer' }) as unknown as SessionUser;
const orderOf = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sessionOf = (url: string) => url.split('/checkout/')[1]!;
const paid = (creatorId: string, title: string, price: string) =>
  createProduct(t.db, creatorId, { title, price, pricing_model: 'one_time', content_delivery_type: 'text', content_text: title });

async function buy(buyer: { id: string; email: string }, productId: string) {
  const started = await startCheckout(t.db, deps, asUser(buyer), { productId });
  await payLocalCheckout(t.db, deps, buyer.id, sessionOf(started.url), CARD_OK);
  return started;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

const canUse = async (buyerId: string) => Promise.all(items.map((i) => hasPaidAccess(t.db, buyerId, i.id)));

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  deps = testDeps();
  creator = await signUp('creator', 'Bea Bundles');
  other = await signUp('creator', 'Otto Other');
  items = await Promise.all([
    paid(creator.userId, 'Swipe file', '19.00'),
    paid(creator.userId, 'Cadence planner', '29.00'),
    paid(creator.userId, 'Reply templates', '19.00'),
  ]);
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('/api/studio/bundles', () => {
  it('refuses another creator’s product and a price that saves nothing, then makes the bundle', async () => {
    const theirs = await paid(other.userId, 'Their playbook', '25.00');
    const foreign = await call(createRoute, '/api/studio/bundles', {
      method: 'POST',
      session: creator,
      json: { title: 'Outreach starter pack', priceCents: 3000, productIds: [items[0]!.id, theirs.id] },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({ error: { code: 'BUNDLE_ITEM_REFUSED', fields: { productIds: 'A bundle can only hold your own products' } } });

    const noSaving = await call(createRoute, '/api/studio/bundles', {
      method: 'POST',
      session: creator,
      json: { title: 'Outreach starter pack', priceCents: 6700, productIds: items.map((i) => i.id) },
    });
    expect(noSaving.status).toBe(422);
    expect(noSaving.body).toMatchObject({ error: { code: 'BUNDLE_NOT_A_SAVING', fields: { priceCents: expect.stringContaining('below the $67.00') } } });

    const created = await call(createRoute, '/api/studio/bundles', {
      method: 'POST',
      session: creator,
      json: { title: 'Outreach starter pack', priceCents: 4900, productIds: items.map((i) => i.id) },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'published', priceCents: 4900, totalCents: 6700, savingText: '3 products for $49.00 (save $18.00)' });
    bundleId = (created.body as { id: string }).id;

    // The cards say 'Bundle' from the data: search results, the marketplace and the portfolio.
    const found = await searchCatalogue(t.db, { search: 'outreach starter pack' });
    expect(found.items.find((p) => p.id === bundleId)).toMatchObject({ bundleItemCount: 3 });
    const portfolio = await getPublicPortfolio(t.db, creator.userId, {});
    expect(Object.fromEntries(portfolio.items.map((p) => [p.title, p.bundleItemCount]))).toMatchObject({
      'Outreach starter pack': 3,
      'Swipe file': 0,
    });
  });

  it('answers 404 to another creator changing the bundle', async () => {
    const put = (session: TestSession, productIds: string[]) =>
      call(putRoute, `/api/studio/bundles/${bundleId}`, { method: 'PUT', session, params: { id: bundleId }, json: { productIds } });
    const theirs = await put(other, [items[0]!.id, items[1]!.id]);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ error: { code: 'BUNDLE_NOT_FOUND' } });
    // The creator's own change: the same three products (two would cost $48.00, not above the $49.00 price).
    const two = await put(creator, [items[0]!.id, items[1]!.id]);
    expect(two.status).toBe(422);
    expect(two.body).toMatchObject({ error: { code: 'BUNDLE_NOT_A_SAVING' } });
    // Nor can the editor raise its price to what the products cost alone.
    expect(await refusal(patchProduct(t.db, creator.userId, bundleId, { price: 67 } as ProductPatch))).toBe('BUNDLE_NOT_A_SAVING');
    const own = await put(
      creator,
      items.map((i) => i.id),
    );
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ items: items.map((i) => ({ id: i.id, title: i.title })) });
  });
});

describe('buying and refunding a bundle', () => {
  it('grants every product (in the library, from the bundle), and a refund revokes every one', async () => {
    // The planner issues licence keys: the bundle's order gives its buyer one, as buying it alone would.
    await t.db.updateTable('products').set({ issues_license_keys: true }).where('id', '=', items[1]!.id).execute();
    const buyer = await createUser(t.db, { userType: 'buyer' });
    expect(await canUse(buyer.id)).toEqual([false, false, false]);
    const { orderId } = await buy(buyer, bundleId);
    expect((await orderOf(orderId)).amount_cents).toBe(4900);
    expect(await canUse(buyer.id)).toEqual([true, true, true]);
    // The download itself (the check every download goes through).
    await expect(downloadProduct(t.db, buyer.id, items[1]!.id)).resolves.toBeTruthy();
    const library = await getLibrary(t.db, buyer.id);
    for (const item of items)
      expect(library.find((l) => l.productId === item.id)).toMatchObject({ hasAccess: true, fromBundle: { id: bundleId, title: 'Outreach starter pack' } });
    const keysOf = () => t.db.selectFrom('licenses').select(['product_id', 'key', 'disabled_at']).where('order_id', '=', orderId).execute();
    const [key] = await keysOf();
    expect(await keysOf()).toEqual([{ product_id: items[1]!.id, key: expect.stringMatching(/^[0-9A-F]{8}(-[0-9A-F]{8}){3}$/), disabled_at: null }]);
    expect(library.find((l) => l.productId === items[1]!.id)?.license).toEqual({ key: key!.key, disabled: false });
    expect(library.find((l) => l.productId === items[0]!.id)?.license).toBeNull();
    // The key verifies for the item, as a direct purchase's does.
    expect(await verifyLicense(t.db, { product_id: items[1]!.id, license_key: key!.key, increment_uses_count: false })).toMatchObject({ success: true });
    // Fulfilment run again (a retried webhook): no second key.
    await issueOrderLicense(t.db, await orderOf(orderId));
    expect(await keysOf()).toHaveLength(1);

    // Owning every product through it: a bundle of two of them has nothing left to sell.
    const pair = await call(createRoute, '/api/studio/bundles', {
      method: 'POST',
      session: creator,
      json: { title: 'Planner and swipe duo', priceCents: 3900, productIds: [items[0]!.id, items[1]!.id] },
    });
    expect(await refusal(startCheckout(t.db, deps, asUser(buyer), { productId: (pair.body as { id: string }).id }))).toBe('BUNDLE_ALL_OWNED');
    expect(await getProductAccess(t.db, deps, buyer.id, (pair.body as { id: string }).id)).toMatchObject({
      purchasable: false,
      reason: 'You already own every product in this bundle: find them in your library.',
    });

    await refundThroughProvider(t.db, deps, await orderOf(orderId));
    expect((await orderOf(orderId)).status).toBe('refunded');
    expect(await canUse(buyer.id)).toEqual([false, false, false]);
    expect(await refusal(downloadProduct(t.db, buyer.id, items[1]!.id))).toBe('PAYMENT_REQUIRED');
    expect((await getLibrary(t.db, buyer.id)).filter((l) => l.fromBundle)).toEqual([]);
    // The refund disables the item's key, as a direct refund disables its own.
    expect(await verifyLicense(t.db, { product_id: items[1]!.id, license_key: key!.key, increment_uses_count: false })).toMatchObject({
      success: false,
      purchase: { refunded: true, disabled: true },
    });
  });

  it('charges a partial owner the price less what they paid, locked in; the refund leaves what they bought alone', async () => {
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await buy(buyer, items[0]!.id);
    // The product page's button says it before the checkout.
    expect(await getProductAccess(t.db, deps, buyer.id, bundleId)).toMatchObject({
      purchasable: true,
      bundlePrice: { amountCents: 3000, line: 'You own 1 of 3: −$19.00' },
    });
    const started = await startCheckout(t.db, deps, asUser(buyer), { productId: bundleId });
    // A price raised after the checkout started does not change it.
    await t.db.updateTable('products').set({ price: '59.00' }).where('id', '=', bundleId).execute();
    const order = await orderOf(started.orderId);
    expect(order).toMatchObject({ amount_cents: 3000, bundle_credit_cents: 1900, bundle_owned_items: 1 });
    expect((await getLocalCheckout(t.db, deps, buyer.id, sessionOf(started.url))).bundleCredit).toBe('You own 1 of 3: −$19.00');
    await payLocalCheckout(t.db, deps, buyer.id, sessionOf(started.url), CARD_OK);
    expect((await orderOf(started.orderId)).amount_cents).toBe(3000);
    expect(await canUse(buyer.id)).toEqual([true, true, true]);

    await refundThroughProvider(t.db, deps, await orderOf(started.orderId));
    expect(await canUse(buyer.id)).toEqual([true, false, false]);
  });

  it('refuses a new checkout when one of its products is no longer for sale', async () => {
    await t.db.updateTable('products').set({ status: 'draft' }).where('id', '=', items[2]!.id).execute();
    const buyer = await createUser(t.db, { userType: 'buyer' });
    expect(await refusal(startCheckout(t.db, deps, asUser(buyer), { productId: bundleId }))).toBe('BUNDLE_ITEM_UNAVAILABLE');
  });
});
