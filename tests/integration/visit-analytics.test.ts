/**
 * Where buyers come from, below the browser (issue 31, docs/decisions/079): the visit beacon
 * counts a visitor once per product per UTC day (again on another day, under a new salt), by
 * referrer host and campaign, with no address stored; a checkout carries the source cookie onto
 * its order (a discount code is a source of its own); another creator's product figures are a
 * 404; the range (?days=) and its refusal; the daily retention job. Both database drivers
 * (DATABASE_URL for the second).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { getTrafficAnalytics, recordVisit } from '@/functions/analytics/analytics.service';
import { payLocalCheckout, startCheckout } from '@/functions/payments/checkout.service';
import { createDiscountCode } from '@/functions/payments/discounts.service';
import { POST as visitRoute } from '@/src/pages/api/products/[id]/visit';
import { GET as csvRoute } from '@/src/pages/api/studio/analytics.csv';
import { drainJobs, enqueue } from '@/functions/jobs';
import { VISIT_RETENTION_JOB } from '@/functions/maintenance/visit-retention.job';
import { POST as checkoutRoute } from '@/src/pages/api/checkout/index';
import type { SessionUser } from '@/src/shared/session';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { CARD_OK, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-visit-analytics-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  return dir;
});

let t: TestDb;
let creator: TestSession;
let productId: string;

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Test';
const visit = (id: string, address: string, json: Record<string, string | null>) =>
  call(visitRoute, `/api/products/${id}/visit`, { method: 'POST', params: { id }, address, headers: { 'user-agent': UA }, json });
const sourceCookieOf = (setCookie: string | null) => setCookie?.match(/toolmint_source=[^;]+/)?.[0] ?? '';

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  creator = await signUp('creator', 'Vera Visits');
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

describe('visits', () => {
  it('counts a visitor once per product per day, by referrer and campaign, again on another day; no address is stored', async () => {
    const newsletter = { referrer: null, utmSource: 'Newsletter', utmMedium: 'email', utmCampaign: 'launch' };
    const first = await visit(productId, '203.0.113.5', newsletter);
    expect(first.status).toBe(204);
    expect(first.headers.get('set-cookie')).toMatch(/toolmint_source=.+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/);
    expect((await visit(productId, '203.0.113.5', newsletter)).status).toBe(204);
    // Another visitor from a link on another site: only its host is kept.
    expect((await visit(productId, '198.51.100.7', { referrer: 'https://news.example.com/item?id=42' })).status).toBe(204);
    // A visit from our own pages is direct, and sets no source cookie.
    const own = await visit(productId, '198.51.100.8', { referrer: new URL(process.env['SITE_URL'] ?? 'http://localhost:4321').hostname });
    expect(own.headers.get('set-cookie')).toBeNull();

    const rows = await t.db.selectFrom('product_visits').selectAll().where('product_id', '=', productId).execute();
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113\.5|198\.51\.100|Mozilla/);

    // Tomorrow the same visitor counts again, under a new salt; today's salt is gone.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const again = await recordVisit(t.db, {
      productId,
      address: '203.0.113.5',
      userAgent: UA,
      source: { utmSource: 'newsletter', utmCampaign: 'launch' },
      ownHost: 'localhost',
      now: tomorrow,
    });
    expect(again.counted).toBe(true);
    expect(await t.db.selectFrom('visit_salts').select('day').execute()).toHaveLength(1);

    const summary = await getTrafficAnalytics(t.db, creator.userId, { productId, days: 2, now: tomorrow });
    expect(summary.totals.visitors).toBe(4);
    expect(summary.daily.map((d) => d.visitors)).toEqual([3, 1]);
    expect(Object.fromEntries(summary.bySource.map((s) => [s.source, s.visitors]))).toEqual({ newsletter: 2, 'news.example.com': 1, direct: 1 });
    expect(summary.referrers.map((r) => [r.host, r.visitors])).toEqual([['news.example.com', 1]]);
    expect(summary.campaigns.map((c) => [c.campaign, c.visitors])).toEqual([['launch', 2]]);
  });

  it('refuses a product that is not published, and another creator’s figures are a 404', async () => {
    const other = await createUser(t.db, { userType: 'creator' });
    const draft = await createProduct(t.db, other.id, { status: 'draft' });
    const response = await visit(draft.id, '203.0.113.9', {});
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('PRODUCT_NOT_FOUND');
    const foreign = await call(csvRoute, `/api/studio/analytics.csv?productId=${draft.id}`, { session: creator });
    expect(foreign.status).toBe(404);
    const own = await call(csvRoute, `/api/studio/analytics.csv?productId=${productId}`, { session: creator });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="toolmint-traffic-/);
    const lines = own.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Day,Source,Visitors,Checkouts started,Paid orders,Revenue (USD),Visitor to checkout,Checkout to paid');
    expect(lines).toContain(`${new Date().toISOString().slice(0, 10)},newsletter,1,0,0,0.00,0%,—`);
  });
});

describe('checkouts', () => {
  it('carry the source of the buyer’s last visit onto the order; a discount code is a source of its own', async () => {
    const landing = await visit(productId, '192.0.2.10', { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'launch' });
    const buyer = await signUp('buyer', 'Bea Buyer');
    const started = await call(checkoutRoute, '/api/checkout', {
      method: 'POST',
      headers: { cookie: `${buyer.cookie}; ${sourceCookieOf(landing.headers.get('set-cookie'))}` },
      json: { productId },
    });
    expect(started.status).toBe(201);
    const order = await t.db.selectFrom('orders').selectAll().where('buyer_id', '=', buyer.userId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ source: 'newsletter', source_medium: 'email', source_campaign: 'launch', source_referrer: null });

    // Paid: counted with its revenue. A checkout with a code counts under the code.
    const deps = testDeps();
    const payer = await createUser(t.db, { userType: 'buyer' });
    const asPayer = { id: payer.id, email: payer.email, userType: 'buyer' } as unknown as SessionUser;
    const source = { referrerHost: null, utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'launch' };
    const { url } = await startCheckout(t.db, deps, asPayer, { productId }, source);
    await payLocalCheckout(t.db, deps, payer.id, url.split('/checkout/')[1]!, CARD_OK);
    await createDiscountCode(t.db, creator.userId, {
      code: 'LAUNCH',
      kind: 'percent',
      percentOff: 100,
      amountOffCents: null,
      productIds: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      minPriceCents: 0,
    });
    const coder = await createUser(t.db, { userType: 'buyer' });
    await startCheckout(t.db, deps, { id: coder.id, email: coder.email, userType: 'buyer' } as unknown as SessionUser, { productId, code: 'launch' }, source);

    const summary = await getTrafficAnalytics(t.db, creator.userId, { productId });
    const bySource = Object.fromEntries(summary.bySource.map((s) => [s.source, s]));
    expect(bySource['newsletter']).toMatchObject({ checkouts: 2, paidOrders: 1, revenueCents: 1900 });
    expect(bySource['code: LAUNCH']).toMatchObject({ visitors: 0, checkouts: 1, paidOrders: 1, revenueCents: 0 });
    expect(summary.campaigns.find((c) => c.campaign === 'launch')).toMatchObject({ checkouts: 3, paidOrders: 2, revenueCents: 1900 });
  });
});

describe('ranges and retention', () => {
  it('applies ?days= (7, 30 or 90) to the CSV, refuses another value with 400, and the daily job deletes visits past 400 days', async () => {
    const product = await createProduct(t.db, creator.userId, {
      title: 'Range pack',
      price: '5.00',
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'R',
    });
    const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    await t.db
      .insertInto('product_visits')
      .values([10, 60, 399, 400].map((n) => ({ product_id: product.id, day: dayAgo(n), visitor_hash: `range-${n}`, utm_source: `ago${n}` })))
      .execute();
    const csv = async (days: string) => {
      const response = await call(csvRoute, `/api/studio/analytics.csv?productId=${product.id}&days=${days}`, { session: creator });
      return { status: response.status, body: response.status === 200 ? response.bytes.toString('utf8') : response.body };
    };
    const week = await csv('7');
    expect(week.status).toBe(200);
    expect(week.body).not.toContain('ago10');
    expect(await csv('30')).toMatchObject({ body: expect.stringContaining(`${dayAgo(10)},ago10,1`) });
    const quarter = (await csv('90')).body as string;
    expect(quarter).toContain(`${dayAgo(60)},ago60,1`);
    for (const bad of ['365', 'abc', '']) {
      const refused = await csv(bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { days: 'Choose a range of 7, 30 or 90 days' } } });
    }

    await enqueue(t.db, VISIT_RETENTION_JOB, {});
    await drainJobs(t.db);
    const kept = await t.db.selectFrom('product_visits').select('visitor_hash').where('product_id', '=', product.id).orderBy('visitor_hash').execute();
    expect(kept.map((r) => r.visitor_hash)).toEqual(['range-10', 'range-399', 'range-60']);
  });
});
