/**
 * Affiliates, below the browser (issue 31, docs/decisions/081): a creator turns them on, a user
 * gets a link (once), the visit through it sets the ref cookie and counts a click, a purchase with
 * it records the commission on the order and as ledger entries for both, a refund takes it back;
 * self-referral and a forged ref credit nobody; another user's figures are never shown. Both
 * database drivers (DATABASE_URL for the second).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { payLocalCheckout, startCheckout } from '@/functions/payments/checkout.service';
import { refundThroughProvider } from '@/functions/payments/orders.service';
import { findLinkTarget } from '@/functions/payments/affiliates.service';
import { getTrafficAnalytics } from '@/functions/analytics/analytics.service';
import { POST as visitRoute } from '@/src/pages/api/products/[id]/visit';
import { POST as checkoutRoute } from '@/src/pages/api/checkout/index';
import { PUT as settingRoute } from '@/src/pages/api/studio/products/[id]/affiliates';
import { POST as linkRoute } from '@/src/pages/api/products/[id]/affiliate-link';
import { GET as overviewRoute } from '@/src/pages/api/me/affiliates';
import { commissionSplit } from '@/src/shared/affiliates';
import type { SessionUser } from '@/src/shared/session';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { CARD_OK, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-affiliates-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  return dir;
});

let t: TestDb;
let creator: TestSession;
let affiliate: TestSession;
let productId: string;
let code: string;

const visit = (id: string, ref: string) =>
  call(visitRoute, `/api/products/${id}/visit`, { method: 'POST', params: { id }, address: '203.0.113.20', headers: { 'user-agent': 'Test' }, json: { ref } });
const entriesOf = (orderId: string) =>
  t.db.selectFrom('creator_ledger_entries').select(['creator_id', 'kind', 'amount_cents']).where('order_id', '=', orderId).orderBy('kind').execute();

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  creator = await signUp('creator', 'Cora Creator');
  affiliate = await signUp('buyer', 'Abe Affiliate');
  productId = (
    await createProduct(t.db, creator.userId, {
      title: 'Prompt Pack',
      price: '19.00',
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'X',
    })
  ).id;
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the setting and the link', () => {
  it('lets the creator turn affiliates on (1-75%), refuses the creator a link and another creator’s product is a 404', async () => {
    const off = await call(linkRoute, `/api/products/${productId}/affiliate-link`, { method: 'POST', params: { id: productId }, session: affiliate });
    expect(off.status).toBe(409);
    expect(off.body.error.code).toBe('AFFILIATES_OFF');
    const tooMuch = await call(settingRoute, `/api/studio/products/${productId}/affiliates`, {
      method: 'PUT',
      params: { id: productId },
      session: creator,
      json: { percent: 80 },
    });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body)).toMatch(/at most 75%/);
    const foreign = await call(settingRoute, `/api/studio/products/${productId}/affiliates`, {
      method: 'PUT',
      params: { id: productId },
      session: affiliate,
      json: { percent: 30 },
    });
    expect(foreign.status).toBe(404);
    const on = await call(settingRoute, `/api/studio/products/${productId}/affiliates`, {
      method: 'PUT',
      params: { id: productId },
      session: creator,
      json: { percent: 30 },
    });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ productId, affiliatePercent: 30 });

    const own = await call(linkRoute, `/api/products/${productId}/affiliate-link`, { method: 'POST', params: { id: productId }, session: creator });
    expect(own.status).toBe(422);
    expect(own.body.error).toMatchObject({ code: 'AFFILIATE_SELF_REFERRAL', message: 'You cannot be an affiliate of your own product.' });

    const first = await call(linkRoute, `/api/products/${productId}/affiliate-link`, { method: 'POST', params: { id: productId }, session: affiliate });
    expect(first.status).toBe(201);
    code = first.body.code;
    expect(first.body.url).toMatch(new RegExp(`/a/${code}$`));
    const again = await call(linkRoute, `/api/products/${productId}/affiliate-link`, { method: 'POST', params: { id: productId }, session: affiliate });
    expect(again.body.code).toBe(code);
    expect(await findLinkTarget(t.db, code)).toEqual({ productId, code });
    expect(await findLinkTarget(t.db, 'zzzzzzzz')).toBeNull();
  });
});

describe('a purchase through the link', () => {
  it('counts the click, records the commission on the order and in both ledgers, and the refund takes it back', async () => {
    const forged = await visit(productId, 'zzzzzzzz');
    expect(forged.status).toBe(422);
    expect(forged.body.error.code).toBe('AFFILIATE_LINK_INVALID');
    expect(forged.headers.get('set-cookie') ?? '').not.toMatch(/toolmint_ref/);

    const landing = await visit(productId, code.toUpperCase());
    expect(landing.status).toBe(204);
    const refCookie = landing.headers.get('set-cookie')?.match(/toolmint_ref=[^;]+/)?.[0];
    expect(refCookie).toBe(`toolmint_ref=${code}`);
    expect(landing.headers.get('set-cookie')).toMatch(/Max-Age=2592000; HttpOnly; SameSite=Lax/);

    const buyer = await signUp('buyer', 'Bea Buyer');
    const started = await call(checkoutRoute, '/api/checkout', { method: 'POST', headers: { cookie: `${buyer.cookie}; ${refCookie}` }, json: { productId } });
    expect(started.status).toBe(201);
    const pending = await t.db.selectFrom('orders').selectAll().where('buyer_id', '=', buyer.userId).executeTakeFirstOrThrow();
    const commission = commissionSplit(pending.amount_cents, pending.fee_cents, 30).commissionCents;
    expect(commission).toBeGreaterThan(0);
    expect(pending).toMatchObject({
      affiliate_user_id: affiliate.userId,
      affiliate_percent: 30,
      affiliate_commission_cents: commission,
      source: `affiliate: ${code}`,
    });

    const deps = testDeps();
    await payLocalCheckout(t.db, deps, buyer.userId, pending.provider_session_id!, CARD_OK);
    const net = pending.amount_cents - pending.fee_cents;
    expect(await entriesOf(pending.id)).toEqual([
      { creator_id: creator.userId, kind: 'affiliate_commission', amount_cents: -commission },
      { creator_id: affiliate.userId, kind: 'affiliate_earning', amount_cents: commission },
      { creator_id: creator.userId, kind: 'sale', amount_cents: net },
    ]);
    const overview = await call(overviewRoute, '/api/me/affiliates', { session: affiliate });
    expect(overview.status).toBe(200);
    expect(overview.body.links).toEqual([
      expect.objectContaining({ code, productId, productTitle: 'Prompt Pack', percent: 30, clicks: 1, sales: 1, earningsCents: commission }),
    ]);
    expect(overview.body.balanceCents).toBe(commission);
    // The creator sees no link of anyone's: only their own (none).
    expect((await call(overviewRoute, '/api/me/affiliates', { session: creator })).body.links).toEqual([]);

    const paid = await t.db.selectFrom('orders').selectAll().where('id', '=', pending.id).executeTakeFirstOrThrow();
    await refundThroughProvider(t.db, deps, paid);
    const kinds = (await entriesOf(pending.id)).map((e) => [e.creator_id === creator.userId ? 'creator' : 'affiliate', e.kind, e.amount_cents]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['creator', 'affiliate_commission_reversal', commission],
        ['affiliate', 'affiliate_earning_reversal', -commission],
        ['creator', 'refund', -net],
      ]),
    );
    const after = await call(overviewRoute, '/api/me/affiliates', { session: affiliate });
    expect(after.body.links[0]).toMatchObject({ sales: 0, earningsCents: 0 });
    expect(after.body.balanceCents).toBe(0);
  });

  it('credits nobody for a buyer’s own link, a forged ref or a product whose creator turned affiliates off', async () => {
    const deps = testDeps();
    const asUser = (id: string, email: string) => ({ id, email, userType: 'buyer' }) as unknown as SessionUser;
    const own = await startCheckout(t.db, deps, asUser(affiliate.userId, affiliate.email), { productId }, undefined, code);
    const forgedBuyer = await createUser(t.db, { userType: 'buyer' });
    const forged = await startCheckout(t.db, deps, asUser(forgedBuyer.id, forgedBuyer.email), { productId }, undefined, 'zzzzzzzz');
    await call(settingRoute, `/api/studio/products/${productId}/affiliates`, {
      method: 'PUT',
      params: { id: productId },
      session: creator,
      json: { percent: null },
    });
    const lateBuyer = await createUser(t.db, { userType: 'buyer' });
    const late = await startCheckout(t.db, deps, asUser(lateBuyer.id, lateBuyer.email), { productId }, undefined, code);
    for (const { orderId } of [own, forged, late]) {
      const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ affiliate_user_id: null, affiliate_link_id: null, affiliate_commission_cents: 0 });
    }
    expect((await visit(productId, code)).status).toBe(422);
  });
});

describe('the creator’s figures', () => {
  it('show the sale made through a link under its affiliate’s name, as a source', async () => {
    const figures = await getTrafficAnalytics(t.db, creator.userId, { productId });
    // The sale above (paid, then refunded: it was paid) is the affiliate's; the later checkouts were not credited.
    expect(figures.bySource).toContainEqual(expect.objectContaining({ source: 'affiliate: Abe Affiliate', checkouts: 1, paidOrders: 1, revenueCents: 0 }));
  });
});
