/**
 * The payments routes on the API contract (issue 14, docs/decisions/024), through real
 * Requests and src/middleware.ts against a real database, every JSON answer checked against
 * its declared schema (API_CHECK_RESPONSES):
 * - strict bodies: an unknown field in the checkout or card body is a 400 naming it, and
 *   nothing is written (no order, the checkout stays pending);
 * - ids parsed before any query: a malformed order or checkout id is a 400;
 * - the admin's order list pages past 500 orders as { items, nextCursor } with no gap and no
 *   duplicate, with a search, and refuses a bad limit, a forged cursor and unknown parameters;
 * - the machine routes: the webhook's raw signed body and the cron secret still work.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { getAuthSecret, getEnv } from '@/env';
import { routeOf } from '@/functions/_shared/endpoint';
import { startCheckout } from '@/functions/payments/checkout.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { localWebhookSecret } from '@/functions/payments/local-provider';
import { insertOrder, markOrderPaid } from '@/functions/payments/payments.repository';
import { API_ROUTES } from '@/src/shared/api/routes';
import { GET as adminOrdersRoute } from '@/src/pages/api/admin/orders';
import { GET as providersRoute } from '@/src/pages/api/auth/providers';
import { POST as checkoutRoute } from '@/src/pages/api/checkout/index';
import { POST as payRoute } from '@/src/pages/api/checkout/[sessionId]/pay';
import { GET as sweepRoute } from '@/src/pages/api/cron/sweep';
import { POST as cancelRoute } from '@/src/pages/api/orders/[id]/cancel-subscription';
import { GET as receiptRoute } from '@/src/pages/api/orders/[id]/index';
import { POST as refundRoute } from '@/src/pages/api/orders/[id]/refund';
import { POST as webhookRoute } from '@/src/pages/api/payments/webhook';
import { GET as payoutSetupRoute } from '@/src/pages/api/payments/payouts/index';
import { POST as onboardingRoute } from '@/src/pages/api/payments/payouts/onboarding';
import { POST as dashboardRoute } from '@/src/pages/api/payments/payouts/dashboard';
import { GET as earningsCsvRoute } from '@/src/pages/api/studio/earnings.csv';
import { POST as payoutRequestRoute } from '@/src/pages/api/studio/payouts';
import { GET as adminPayoutsRoute } from '@/src/pages/api/admin/payouts';
import { POST as payoutPaidRoute } from '@/src/pages/api/admin/payouts/[id]/paid';
import { POST as payoutProcessingRoute } from '@/src/pages/api/admin/payouts/[id]/processing';
import { POST as payoutFailedRoute } from '@/src/pages/api/admin/payouts/[id]/failed';
import { POST as adjustmentRoute } from '@/src/pages/api/admin/creators/[userId]/ledger-adjustments';
import type { SessionUser } from '@/src/shared/session';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { CARD_OK, completedSession, signedEvent, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let buyer: TestSession;
let admin: TestSession;
let creatorId: string;
let productId: string;

// Before anything reads the environment.
const CRON_SECRET = vi.hoisted(() => {
  process.env['CRON_SECRET'] = 'contract-cron-secret-0123456789';
  return process.env['CRON_SECRET'];
});
const asUser = (s: TestSession) => ({ id: s.userId, email: s.email }) as SessionUser;
const ordersOf = (userId: string) => t.db.selectFrom('orders').select(['id', 'status']).where('buyer_id', '=', userId).execute();

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  creatorId = (await createUser(t.db, { fullName: 'Cleo Creator' })).id;
  productId = (
    await createProduct(t.db, creatorId, { title: 'Contract Checker', price: 25, pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'X' })
  ).id;
  buyer = await signUp('buyer', 'Bo Buyer');
  admin = await signUp('buyer', 'Ada Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('every payments route file serves its declared route', () => {
  it.each([
    ['POST /api/checkout', checkoutRoute],
    ['POST /api/checkout/{sessionId}/pay', payRoute],
    ['GET /api/orders/{id}', receiptRoute],
    ['POST /api/orders/{id}/refund', refundRoute],
    ['POST /api/orders/{id}/cancel-subscription', cancelRoute],
    ['GET /api/payments/payouts', payoutSetupRoute],
    ['POST /api/payments/payouts/onboarding', onboardingRoute],
    ['POST /api/payments/payouts/dashboard', dashboardRoute],
    ['POST /api/payments/webhook', webhookRoute],
    ['GET /api/admin/orders', adminOrdersRoute],
    ['GET /api/studio/earnings.csv', earningsCsvRoute],
    ['POST /api/studio/payouts', payoutRequestRoute],
    ['GET /api/admin/payouts', adminPayoutsRoute],
    ['POST /api/admin/payouts/{id}/processing', payoutProcessingRoute],
    ['POST /api/admin/payouts/{id}/paid', payoutPaidRoute],
    ['POST /api/admin/payouts/{id}/failed', payoutFailedRoute],
    ['POST /api/admin/creators/{userId}/ledger-adjustments', adjustmentRoute],
    ['GET /api/cron/sweep', sweepRoute],
    ['GET /api/auth/providers', providersRoute],
  ] as const)('%s', (key, handler) => {
    const route = routeOf(handler);
    expect(route && `${route.method} ${route.path}`).toBe(key);
    expect(API_ROUTES).toContain(route);
  });
});

describe('strict bodies: unknown fields are a 400 naming them, and nothing is written', () => {
  it('POST /api/checkout', async () => {
    for (const extra of [{ price: 1 }, { amountCents: 1 }, { productID: productId }]) {
      const response = await call(checkoutRoute, '/api/checkout', { method: 'POST', session: buyer, json: { productId, ...extra } });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      // zod reports unknown keys on the object itself: the message names them.
      expect(Object.values(response.body.error.fields).join(' ')).toContain(`"${Object.keys(extra)[0]}"`);
    }
    expect(await ordersOf(buyer.userId)).toEqual([]);
    // The same body without the stranger is a checkout.
    const ok = await call(checkoutRoute, '/api/checkout', { method: 'POST', session: buyer, json: { productId } });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ url: expect.stringMatching(/\/checkout\/cs_test_/) });
  });

  it('POST /api/checkout/{sessionId}/pay', async () => {
    const { url, orderId } = await startCheckout(t.db, testDeps(), asUser(buyer), { productId });
    const sessionId = url.split('/checkout/')[1]!;
    for (const extra of [{ amount: 1 }, { cardholder: 'Bo Buyer' }]) {
      const response = await call(payRoute, `/api/checkout/${sessionId}/pay`, {
        method: 'POST',
        session: buyer,
        params: { sessionId },
        json: { ...CARD_OK, ...extra },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      // zod reports unknown keys on the object itself: the message names them.
      expect(Object.values(response.body.error.fields).join(' ')).toContain(`"${Object.keys(extra)[0]}"`);
    }
    // A missing field is named too.
    const missing = await call(payRoute, `/api/checkout/${sessionId}/pay`, {
      method: 'POST',
      session: buyer,
      params: { sessionId },
      json: { cardNumber: CARD_OK.cardNumber, expiry: CARD_OK.expiry },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty('cvc');
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('pending');
  });
});

describe('ids are parsed before any query: 400, not 404 or 500', () => {
  const badIds = ['not-a-uuid', '00000000-0000-4000-8000-00000000000g', '1 or 1=1', 'a'.repeat(300)];

  it.each([
    ['GET', '', receiptRoute],
    ['POST', '/refund', refundRoute],
    ['POST', '/cancel-subscription', cancelRoute],
  ] as const)('%s /api/orders/{id}%s', async (method, suffix, handler) => {
    for (const id of badIds) {
      const response = await call(handler, `/api/orders/${encodeURIComponent(id)}${suffix}`, { method, session: buyer, params: { id } });
      expect(response.status, id).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: 'Not a valid id' } });
    }
    // A well-formed id of no order of the caller's: 404.
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(handler, `/api/orders/${unknown}${suffix}`, { method, session: buyer, params: { id: unknown } })).body.error.code).toBe(
      'ORDER_NOT_FOUND',
    );
  });

  it('POST /api/checkout/{sessionId}/pay and the checkout body', async () => {
    for (const sessionId of ['pi_123', 'cs_test_a b', 'cs_', '../cs_test_x']) {
      const response = await call(payRoute, `/api/checkout/${encodeURIComponent(sessionId)}/pay`, {
        method: 'POST',
        session: buyer,
        params: { sessionId },
        json: CARD_OK,
      });
      expect(response.status, sessionId).toBe(400);
      expect(response.body.error.fields).toEqual({ sessionId: 'Not a valid id' });
    }
    const bad = await call(checkoutRoute, '/api/checkout', { method: 'POST', session: buyer, json: { productId: 'not-a-uuid' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ productId: 'Not a valid id' });
  });
});

describe('GET /api/admin/orders', () => {
  const PAID = 530;
  const PENDING = 7;
  let buyers: { id: string; email: string }[];

  beforeAll(async () => {
    // Orders straight through the repository: a checkout's insert, then the webhook's pending -> paid.
    buyers = [
      await createUser(t.db, { email: `pager-one-${Date.now()}@example.com` }),
      await createUser(t.db, { email: `pager-two-${Date.now()}@example.com` }),
    ];
    for (let i = 0; i < PAID + PENDING; i++) {
      const session = `cs_test_pager${String(i).padStart(6, '0')}`;
      const orderId = crypto.randomUUID();
      await insertOrder(t.db, {
        id: orderId,
        buyerId: buyers[i % 2]!.id,
        productId,
        creatorId,
        kind: 'one_time',
        amountCents: 2500,
        feeCents: 375,
        provider: 'local',
        sessionId: session,
        destinationAccountId: null,
      });
      if (i < PAID) await markOrderPaid(t.db, orderId, { paymentId: `pi_pager${i}`, subscriptionId: null });
    }
  }, 180_000);

  async function walk(query: Record<string, string>) {
    const ids: string[] = [];
    const numbers: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const search = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
      const response = await call(adminOrdersRoute, `/api/admin/orders?${search.toString()}`, { session: admin });
      expect(response.status, response.bytes.toString()).toBe(200);
      expect(response.body.items.length).toBeLessThanOrEqual(Number(query['limit'] ?? 20));
      ids.push(...response.body.items.map((o: { id: string }) => o.id));
      numbers.push(...response.body.items.map((o: { number: string }) => Number(o.number.slice(3))));
      cursor = response.body.nextCursor;
      pages++;
    } while (cursor);
    return { ids, numbers, pages };
  }

  it('pages past 500 orders, newest first, with no gap and no duplicate', async () => {
    const expected = await t.db.selectFrom('orders').select(['id', 'number']).where('status', '<>', 'pending').orderBy('number', 'desc').execute();
    expect(expected.length).toBeGreaterThanOrEqual(PAID);
    const { ids, numbers, pages } = await walk({ limit: '100' });
    expect(ids).toEqual(expected.map((o) => o.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(pages).toBe(Math.ceil(expected.length / 100));
  });

  it('pages a search the same way, by the default limit of 20', async () => {
    const mine = await t.db
      .selectFrom('orders')
      .select('id')
      .where('buyer_id', '=', buyers[1]!.id)
      .where('status', '<>', 'pending')
      .orderBy('number', 'desc')
      .execute();
    expect(mine).toHaveLength(PAID / 2);
    const { ids, pages } = await walk({ q: buyers[1]!.email.toUpperCase() });
    expect(ids).toEqual(mine.map((o) => o.id));
    expect(pages).toBe(Math.ceil(mine.length / 20));
  });

  it('refuses a bad limit, a forged cursor and unknown parameters with 400; non-admins with 403', async () => {
    for (const search of [
      'limit=0',
      'limit=101',
      'limit=ten',
      'cursor=garbage',
      `cursor=${Buffer.from('{"n":"1; drop"}').toString('base64url')}`,
      'page=2',
      'offset=20',
    ]) {
      const response = await call(adminOrdersRoute, `/api/admin/orders?${search}`, { session: admin });
      expect(response.status, search).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await call(adminOrdersRoute, '/api/admin/orders', { session: buyer })).status).toBe(403);
    expect((await call(adminOrdersRoute, '/api/admin/orders')).status).toBe(401);
  });
});

describe('the machine routes (auth: secret)', () => {
  it('the webhook reads its raw body and checks the signature over it', async () => {
    // Signed with the secret of the route's own provider (the local one, keyed from the auth secret).
    const { url, orderId } = await startCheckout(t.db, defaultPaymentsDeps(), asUser(buyer), { productId });
    const event = signedEvent('checkout.session.completed', completedSession(url.split('/checkout/')[1]!, `pi_raw_${orderId.slice(0, 8)}`), {
      secret: localWebhookSecret(getAuthSecret(getEnv())),
    });
    const post = (payload: string) =>
      call(webhookRoute, '/api/payments/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: payload,
      });
    // The same JSON re-serialised is other bytes: refused.
    expect((await post(JSON.stringify(JSON.parse(event.payload), null, 1))).status).toBe(400);
    const ok = await post(event.payload);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ received: true, duplicate: false, status: 'processed' });
    expect((await post(event.payload)).body).toEqual({ received: true, duplicate: true });
  });

  it('the cron sweep runs with the cron secret as its bearer, even for a signed-in caller, and not without it', async () => {
    const ok = await call(sweepRoute, '/api/cron/sweep', { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['bytesFreed', 'counterWindowsDeleted', 'uploadsDeleted', 'viewDaysDeleted']);
    // A session cookie is no cron secret.
    const signedIn = await call(sweepRoute, '/api/cron/sweep', { session: admin });
    expect(signedIn.status).toBe(401);
    expect(signedIn.body.error.code).toBe('UNAUTHENTICATED');
    expect((await call(sweepRoute, '/api/cron/sweep', { headers: { authorization: 'Bearer tm_not_the_secret' } })).status).toBe(401);
  });
});

describe('files and cached answers pass through', () => {
  it('GET /api/studio/earnings.csv answers CSV to its creator', async () => {
    const creator = await signUp('creator', 'Csv Creator');
    const response = await call(earningsCsvRoute, '/api/studio/earnings.csv', { session: creator });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.bytes.toString('utf8')).toMatch(/^Date,Product,Type,Gross \(USD\),Platform fee \(USD\),Net \(USD\),Status/);
    expect((await call(earningsCsvRoute, '/api/studio/earnings.csv')).status).toBe(401);
  });

  it('GET /api/auth/providers answers its flags, cached for a minute', async () => {
    const response = await call(providersRoute, '/api/auth/providers');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ google: expect.any(Boolean), github: expect.any(Boolean) });
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  });
});
