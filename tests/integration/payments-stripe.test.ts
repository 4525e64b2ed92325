/**
 * The Stripe provider against a local HTTP stand-in of the Stripe endpoints toolmint calls
 * (node:http), with the official SDK pointed at it through its host/port/protocol options.
 * Proves the request bodies (amounts in cents, the application fee, the destination account,
 * metadata, idempotency keys), the Connect onboarding calls, refunds, webhooks signed with the
 * Stripe secret, and the handling of Stripe's error responses and of Stripe being unreachable
 * ('Payments are unavailable right now. Please try again.' and no order).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { startCheckout, getProductAccess } from '@/functions/payments/checkout.service';
import type { PaymentsDeps } from '@/functions/payments/deps';
import { refundOrder } from '@/functions/payments/orders.service';
import { startPayoutOnboarding } from '@/functions/payments/payouts.service';
import { StripePaymentProvider } from '@/functions/payments/stripe-provider';
import { handleWebhook } from '@/functions/payments/webhook.service';
import type { SessionUser } from '@/src/shared/session';
import { createProduct, createUser } from '../support/factories';
import { MemoryMailer, completedSession, signedEvent } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

const STRIPE_WEBHOOK_SECRET = 'whsec_stripe_contract_test';

interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: URLSearchParams;
}

/** What the stand-in answers next, per path; default: a plausible success. */
let answers: Record<string, { status: number; body: unknown }> = {};
let requests: Recorded[] = [];
let server: http.Server;
let port: number;
let counter = 0;

function success(path: string): unknown {
  const n = ++counter;
  if (path === '/v1/checkout/sessions')
    return { id: `cs_test_stripe${n}`, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/cs_test_stripe${n}` };
  if (path === '/v1/refunds') return { id: `re_${n}`, object: 'refund', status: 'succeeded' };
  if (path === '/v1/accounts') return { id: `acct_${n}`, object: 'account' };
  if (path === '/v1/account_links') return { object: 'account_link', url: `https://connect.stripe.com/setup/e/acct/${n}` };
  if (path.startsWith('/v1/subscriptions/')) return { id: path.split('/').pop(), object: 'subscription', cancel_at_period_end: true };
  return { error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${path})` } };
}

let t: TestDb;
let deps: PaymentsDeps & { mailer: MemoryMailer };
let creator: { id: string; email: string };

const asUser = (u: { id: string; email: string }) => ({ id: u.id, email: u.email, userType: 'buyer' }) as unknown as SessionUser;

function provider(options: { port?: number } = {}) {
  return new StripePaymentProvider({
    secretKey: 'sk_test_contract',
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: options.port ?? port,
    protocol: 'http',
    timeout: 5000,
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, headers: req.headers, body: new URLSearchParams(raw) });
      const answer = answers[path] ?? { status: 200, body: success(path) };
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  t = await createTestDb();
  setDbHandle(t);
  creator = await createUser(t.db, { fullName: 'Stripe Creator' });
  deps = { provider: provider(), mailer: new MemoryMailer(), feeBps: 1500, siteUrl: 'http://localhost:4321' };
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await closeDb();
});

beforeEach(() => {
  answers = {};
  requests = [];
});

async function readyCreator(accountId = `acct_ready_${++counter}`) {
  const c = await createUser(t.db, { fullName: 'Connected Creator' });
  await t.db.insertInto('payout_accounts').values({ creator_id: c.id, stripe_account_id: accountId, is_ready: true, updated_at: new Date() }).execute();
  return { ...c, accountId };
}

describe('Stripe Checkout Sessions', () => {
  it('creates a destination charge with the 15% application fee, the price in cents and the order in metadata', async () => {
    const seller = await readyCreator('acct_dest_1');
    const product = await createProduct(t.db, seller.id, {
      title: 'Churn Model',
      price: '79.00',
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'x',
    });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_stripe\d+$/);

    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(req!.headers['authorization']).toBe('Bearer sk_test_contract');
    expect(req!.headers['idempotency-key']).toBe(`checkout-${orderId}`);
    const body = Object.fromEntries(req!.body);
    expect(body).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '7900',
      'line_items[0][price_data][product_data][name]': 'Churn Model',
      'payment_intent_data[application_fee_amount]': '1185',
      'payment_intent_data[transfer_data][destination]': 'acct_dest_1',
      'payment_intent_data[metadata][orderId]': orderId,
      'metadata[orderId]': orderId,
      'metadata[productId]': product.id,
      'metadata[buyerId]': buyer.id,
      client_reference_id: orderId,
      customer_email: buyer.email,
      success_url: `http://localhost:4321/product/${product.id}?checkout=success&order=${orderId}`,
      cancel_url: `http://localhost:4321/product/${product.id}?checkout=cancelled`,
    });
    expect(body['line_items[0][price_data][recurring][interval]']).toBeUndefined();
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      amount_cents: 7900,
      fee_cents: 1185,
      destination_account_id: 'acct_dest_1',
      provider_session_id: url.split('/').pop(),
    });
  });

  it('subscriptions: monthly recurring price and the fee as application_fee_percent', async () => {
    const seller = await readyCreator('acct_dest_sub');
    const product = await createProduct(t.db, seller.id, {
      title: 'Sref Codes',
      price: 9,
      pricing_model: 'subscription',
      content_delivery_type: 'text',
      content_text: 'x',
    });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
    const body = Object.fromEntries(requests[0]!.body);
    expect(body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '900',
      'line_items[0][price_data][recurring][interval]': 'month',
      'subscription_data[application_fee_percent]': '15',
      'subscription_data[transfer_data][destination]': 'acct_dest_sub',
    });
    expect(body['payment_intent_data[application_fee_amount]']).toBeUndefined();
  });

  it('refuses a paid product whose creator has not connected payouts, with a clear message, calling nobody', async () => {
    const product = await createProduct(t.db, creator.id, { price: 19, pricing_model: 'one_time' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await expect(startCheckout(t.db, deps, asUser(buyer), { productId: product.id })).rejects.toMatchObject({ code: 'PAYOUTS_NOT_READY', status: 409 });
    expect(await getProductAccess(t.db, deps, buyer.id, product.id)).toEqual({
      owned: false,
      purchase: 'one_time',
      purchasable: false,
      reason: 'This creator has not set up payouts yet, so this product cannot be bought right now.',
    });
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['a server error', 500, { error: { type: 'api_error', message: 'Internal error' } }],
    [
      'an invalid request',
      400,
      { error: { type: 'invalid_request_error', message: 'Invalid destination', param: 'payment_intent_data[transfer_data][destination]' } },
    ],
    ['a bad API key', 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } }],
    ['rate limiting', 429, { error: { type: 'rate_limit_error', message: 'Too many requests' } }],
  ])('answers PAYMENTS_UNAVAILABLE to %s, logs it and records no order', async (_name, status, body) => {
    const seller = await readyCreator();
    const product = await createProduct(t.db, seller.id, { price: 19, pricing_model: 'one_time' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    answers['/v1/checkout/sessions'] = { status, body };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(startCheckout(t.db, deps, asUser(buyer), { productId: product.id })).rejects.toMatchObject({
      code: 'PAYMENTS_UNAVAILABLE',
      status: 503,
      message: 'Payments are unavailable right now. Please try again.',
    });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`[payments] Stripe checkout failed:`));
    logged.mockRestore();
    expect(await t.db.selectFrom('orders').select('id').where('product_id', '=', product.id).execute()).toHaveLength(0);
  });

  it('Stripe unreachable: the same clear error and no order', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const seller = await readyCreator();
    const product = await createProduct(t.db, seller.id, { price: 19, pricing_model: 'one_time' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await expect(startCheckout(t.db, { ...deps, provider: provider({ port: deadPort }) }, asUser(buyer), { productId: product.id })).rejects.toMatchObject({
      code: 'PAYMENTS_UNAVAILABLE',
      message: 'Payments are unavailable right now. Please try again.',
    });
    expect(await t.db.selectFrom('orders').select('id').where('product_id', '=', product.id).execute()).toHaveLength(0);
  });
});

describe('Stripe webhooks and refunds', () => {
  it('verifies events with the Stripe secret, fulfils, and refunds through /v1/refunds reversing the transfer and the fee', async () => {
    const seller = await readyCreator();
    const product = await createProduct(t.db, seller.id, { price: 79, pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'x' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
    const sessionId = url.split('/').pop()!;

    const wrong = signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_stripe_1'));
    await expect(handleWebhook(t.db, deps, wrong.payload, wrong.signature)).rejects.toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    const good = signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_stripe_1'), { secret: STRIPE_WEBHOOK_SECRET });
    expect((await handleWebhook(t.db, deps, good.payload, good.signature)).status).toBe('processed');
    expect(await t.db.selectFrom('orders').select(['status', 'provider_payment_id']).where('id', '=', orderId).executeTakeFirstOrThrow()).toEqual({
      status: 'paid',
      provider_payment_id: 'pi_stripe_1',
    });

    requests = [];
    await refundOrder(t.db, deps, buyer.id, orderId);
    expect(requests.map((r) => r.path)).toEqual(['/v1/refunds']);
    expect(requests[0]!.headers['idempotency-key']).toBe(`refund-${orderId}`);
    expect(Object.fromEntries(requests[0]!.body)).toEqual({
      payment_intent: 'pi_stripe_1',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
      'metadata[orderId]': orderId,
    });
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('refunded');

    // Stripe's own charge.refunded for the same refund changes nothing more.
    const echo = signedEvent(
      'charge.refunded',
      { id: 'ch_1', object: 'charge', payment_intent: 'pi_stripe_1', refunded: true },
      { secret: STRIPE_WEBHOOK_SECRET },
    );
    expect((await handleWebhook(t.db, deps, echo.payload, echo.signature)).status).toBe('processed');
  });

  it('a refund Stripe refuses leaves the order paid and the buyer with access', async () => {
    const seller = await readyCreator();
    const product = await createProduct(t.db, seller.id, { price: 79, pricing_model: 'one_time' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
    const done = signedEvent('checkout.session.completed', completedSession(url.split('/').pop()!, 'pi_stripe_2'), { secret: STRIPE_WEBHOOK_SECRET });
    await handleWebhook(t.db, deps, done.payload, done.signature);
    answers['/v1/refunds'] = {
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } },
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(refundOrder(t.db, deps, buyer.id, orderId)).rejects.toMatchObject({ code: 'PAYMENTS_UNAVAILABLE' });
    logged.mockRestore();
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('paid');
  });
});

describe('Stripe Connect onboarding', () => {
  it("'Set up payouts' creates an Express account once and an onboarding link; account.updated marks it ready", async () => {
    const c = await createUser(t.db, { fullName: 'New Seller' });
    const user = { id: c.id, email: c.email, userType: 'creator' } as unknown as SessionUser;
    const first = await startPayoutOnboarding(t.db, deps, user);
    expect(first.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);
    expect(requests.map((r) => r.path)).toEqual(['/v1/accounts', '/v1/account_links']);
    expect(Object.fromEntries(requests[0]!.body)).toMatchObject({
      type: 'express',
      email: c.email,
      'metadata[creatorId]': c.id,
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
    });
    const account = await t.db.selectFrom('payout_accounts').selectAll().where('creator_id', '=', c.id).executeTakeFirstOrThrow();
    expect(account.is_ready).toBe(false);
    expect(Object.fromEntries(requests[1]!.body)).toEqual({
      account: account.stripe_account_id,
      type: 'account_onboarding',
      return_url: 'http://localhost:4321/earnings?payouts=returned',
      refresh_url: 'http://localhost:4321/earnings?payouts=refresh',
    });

    requests = [];
    await startPayoutOnboarding(t.db, deps, user);
    expect(requests.map((r) => r.path)).toEqual(['/v1/account_links']);

    const incomplete = signedEvent(
      'account.updated',
      { id: account.stripe_account_id, object: 'account', charges_enabled: true, payouts_enabled: false, details_submitted: true },
      { secret: STRIPE_WEBHOOK_SECRET },
    );
    await handleWebhook(t.db, deps, incomplete.payload, incomplete.signature);
    expect((await t.db.selectFrom('payout_accounts').select('is_ready').where('creator_id', '=', c.id).executeTakeFirstOrThrow()).is_ready).toBe(false);
    const ready = signedEvent(
      'account.updated',
      { id: account.stripe_account_id, object: 'account', charges_enabled: true, payouts_enabled: true, details_submitted: true },
      { secret: STRIPE_WEBHOOK_SECRET },
    );
    await handleWebhook(t.db, deps, ready.payload, ready.signature);
    expect((await t.db.selectFrom('payout_accounts').select('is_ready').where('creator_id', '=', c.id).executeTakeFirstOrThrow()).is_ready).toBe(true);
  });
});
