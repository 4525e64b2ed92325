/**
 * The Stripe provider against a local HTTP stand-in of the Stripe endpoints toolmint calls
 * (node:http), with the official SDK pointed at it through its host/port/protocol options.
 * Proves the request bodies (amounts in cents, the application fee, the destination account,
 * metadata, idempotency keys), the Connect onboarding calls, refunds, webhooks signed with the
 * Stripe secret, the ledger mirroring the transfers and their reversals, the tax share of a
 * subscription invoice's transfer taken back by a job (docs/decisions/050), the connected account's payout schedule that /earnings shows, and the handling of Stripe's error responses and of Stripe being unreachable
 * ('Payments are unavailable right now. Please try again.' and no order).
 */
import http from 'node:http';
import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { drainJobs } from '@/functions/jobs';
import { setPaymentProvider } from '@/functions/payments/provider';
import { TAX_REVERSAL_JOB } from '@/functions/payments/tax-reversal.job';
import { startCheckout, getProductAccess } from '@/functions/payments/checkout.service';
import type { PaymentsDeps } from '@/functions/payments/deps';
import { getBalance } from '@/functions/payments/ledger.service';
import { refundOrder } from '@/functions/payments/orders.service';
import { getPayoutSetup, startPayoutOnboarding } from '@/functions/payments/payouts.service';
import { StripePaymentProvider } from '@/functions/payments/stripe-provider';
import { handleWebhook } from '@/functions/payments/webhook.service';
import type { SessionUser } from '@/src/shared/session';
import { createDiscountCode } from '@/functions/payments/discounts.service';
import { addToCart, startCartCheckout } from '@/functions/payments/cart.service';
import { createProduct, createUser } from '../support/factories';
import { completedSession, signedEvent } from '../support/payments';
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
/** The transfer reversals the stand-in made, as Stripe keeps them on their transfer. */
let reversals: { id: string; transfer: string; amount: number; metadata: Record<string, string> }[] = [];

function success(path: string, method = 'POST', body = new URLSearchParams()): unknown {
  const n = ++counter;
  const reversalsOf = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
  if (reversalsOf && method === 'GET') return { object: 'list', data: reversals.filter((r) => r.transfer === reversalsOf[1]), has_more: false };
  if (reversalsOf) {
    const reversal = {
      id: `trr_${n}`,
      transfer: reversalsOf[1]!,
      amount: Number(body.get('amount')),
      metadata: { invoiceId: body.get('metadata[invoiceId]') ?? '' },
    };
    reversals.push(reversal);
    return { object: 'transfer_reversal', ...reversal };
  }
  if (path.startsWith('/v1/invoices/'))
    return {
      id: path.split('/').pop(),
      object: 'invoice',
      payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: `pi_of_${path.split('/').pop()}` } }] },
    };
  if (path === '/v1/checkout/sessions')
    return { id: `cs_test_stripe${n}`, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/cs_test_stripe${n}` };
  if (path === '/v1/refunds') return { id: `re_${n}`, object: 'refund', status: 'succeeded' };
  // A cart order's transfer to its creator (separate charges and transfers, docs/decisions/082).
  if (path === '/v1/transfers')
    return {
      id: `tr_${n}`,
      object: 'transfer',
      amount: Number(body.get('amount')),
      currency: body.get('currency'),
      destination: body.get('destination'),
      transfer_group: body.get('transfer_group'),
      source_transaction: body.get('source_transaction'),
    };
  if (path === '/v1/accounts') return { id: `acct_${n}`, object: 'account' };
  if (path.startsWith('/v1/accounts/'))
    return {
      id: path.split('/').pop(),
      object: 'account',
      settings: { payouts: { schedule: { interval: 'weekly', delay_days: 7, weekly_anchor: 'monday' } } },
    };
  if (path === '/v1/account_links') return { object: 'account_link', url: `https://connect.stripe.com/setup/e/acct/${n}` };
  if (path.startsWith('/v1/payment_intents/'))
    return {
      id: path.split('/').pop(),
      object: 'payment_intent',
      payment_method: { id: `pm_${n}`, object: 'payment_method', type: 'card', card: { brand: 'mastercard', last4: '4444' } },
      // A destination charge's transfer to the connected account.
      latest_charge: { id: `ch_${n}`, object: 'charge', transfer: `tr_of_${path.split('/').pop()}` },
    };
  if (path.startsWith('/v1/subscriptions/')) return { id: path.split('/').pop(), object: 'subscription', cancel_at_period_end: true };
  return { error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${path})` } };
}

let t: TestDb;
let deps: PaymentsDeps;
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
      const answer = answers[path] ?? { status: 200, body: success(path, req.method, new URLSearchParams(raw)) };
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  t = await createTestDb();
  setDbHandle(t);
  creator = await createUser(t.db, { fullName: 'Stripe Creator' });
  deps = { provider: provider(), feeBps: 1500, siteUrl: 'http://localhost:4321' };
  // The job engine's handlers use the process's provider: this stand-in's.
  setPaymentProvider(deps.provider);
});

afterAll(async () => {
  setPaymentProvider(undefined);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await closeDb();
});

beforeEach(() => {
  answers = {};
  requests = [];
  reversals = [];
});

/** A creator's ledger in the order it was written: kind, cents, the Stripe object mirrored. */
const ledgerOf = async (creatorId: string) =>
  (
    await t.db
      .selectFrom('creator_ledger_entries')
      .select(['kind', 'amount_cents', 'provider_ref'])
      .where('creator_id', '=', creatorId)
      .orderBy('created_at')
      .orderBy(sql`case kind when 'sale' then 0 when 'transfer' then 1 when 'refund' then 2 else 3 end`)
      .execute()
  ).map((e) => [e.kind, e.amount_cents, e.provider_ref]);

async function readyCreator(accountId = `acct_ready_${++counter}`) {
  const c = await createUser(t.db, { fullName: 'Connected Creator' });
  await t.db.insertInto('payout_accounts').values({ creator_id: c.id, stripe_account_id: accountId, is_ready: true, updated_at: new Date() }).execute();
  return { ...c, accountId };
}

/** A connected creator's $79 one-time product and a buyer's Stripe checkout of it. */
async function checkoutOfReadyCreator(accountId: string, title: string) {
  const seller = await readyCreator(accountId);
  const product = await createProduct(t.db, seller.id, { title, price: '79.00', pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'x' });
  const buyer = await createUser(t.db, { userType: 'buyer' });
  const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
  return { seller, product, buyer, url, orderId };
}

describe('Stripe Checkout Sessions', () => {
  it('creates a destination charge with the 15% application fee, the price in cents and the order in metadata', async () => {
    const { product, buyer, url, orderId } = await checkoutOfReadyCreator('acct_dest_1', 'Churn Model');
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
      'custom_text[submit][message]': 'Sold by Connected Creator through toolmint. Refunds: within 30 days',
      'payment_intent_data[transfer_data][destination]': 'acct_dest_1',
      // The creator's net on the price: the tax Stripe adds stays with the platform that owes it.
      'payment_intent_data[transfer_data][amount]': '6715',
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
    expect(body['payment_intent_data[application_fee_amount]']).toBeUndefined();
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

  it('a discount code: the discounted price, the creator’s net on it, the discount line as the item’s description (docs/decisions/075)', async () => {
    const seller = await readyCreator('acct_discount_1');
    const product = await createProduct(t.db, seller.id, {
      title: 'Launch Pack',
      price: '79.00',
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'x',
    });
    await createDiscountCode(t.db, seller.id, {
      code: 'LAUNCH',
      kind: 'percent',
      percentOff: 20,
      amountOffCents: null,
      productIds: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      minPriceCents: 0,
    });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const { orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id, code: 'launch' });
    const body = Object.fromEntries(requests.at(-1)!.body);
    expect(body).toMatchObject({
      'line_items[0][price_data][unit_amount]': '6320',
      'line_items[0][price_data][product_data][description]': 'Discount (LAUNCH): -$15.80 of $79.00',
      // $63.20 less the 15% fee ($9.48).
      'payment_intent_data[transfer_data][amount]': '5372',
    });
    expect(await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()).toMatchObject({
      amount_cents: 6320,
      fee_cents: 948,
      discount_code: 'LAUNCH',
      discount_cents: 1580,
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

describe('Stripe Tax (docs/decisions/050)', () => {
  it('asks Stripe for automatic tax on top of the price, tax ID collection and the billing address', async () => {
    const seller = await readyCreator('acct_tax_1');
    const product = await createProduct(t.db, seller.id, {
      title: 'Tax Bot',
      price: '79.00',
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'x',
    });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
    const body = Object.fromEntries(requests[0]!.body);
    expect(body).toMatchObject({
      'automatic_tax[enabled]': 'true',
      'tax_id_collection[enabled]': 'true',
      billing_address_collection: 'required',
      'line_items[0][price_data][tax_behavior]': 'exclusive',
      'line_items[0][price_data][product_data][tax_code]': 'txcd_10000000',
      // The fee and the creator's transfer are on the price without tax; the tax Stripe adds
      // to the charge is not in the transfer, so it stays with the platform.
      'line_items[0][price_data][unit_amount]': '7900',
      'payment_intent_data[transfer_data][amount]': '6715',
    });
  });

  it('stores the tax Stripe computed, the country, the VAT ID and the card; the creator’s net is on the price; a replay has one effect', async () => {
    const { buyer, url, orderId } = await checkoutOfReadyCreator('acct_tax_2', 'Tax Bot 2');
    const sessionId = url.split('/').pop()!;
    requests = [];
    const session = completedSession(sessionId, 'pi_tax_2', {
      amount_subtotal: 7900,
      amount_total: 9401,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 1501 },
      customer_details: { email: buyer.email, name: 'Berta Buyer', business_name: null, address: { country: 'DE' }, tax_exempt: 'none', tax_ids: [] },
    });
    const event = signedEvent('checkout.session.completed', session, { secret: STRIPE_WEBHOOK_SECRET });
    expect((await handleWebhook(t.db, deps, event.payload, event.signature)).status).toBe('processed');
    // The card is read from Stripe before the transaction.
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/payment_intents/pi_tax_2']);
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: 'paid',
      amount_cents: 7900,
      fee_cents: 1185,
      tax_cents: 1501,
      tax_rate_bps: 1900,
      tax_country: 'DE',
      tax_reverse_charge: false,
      buyer_country: 'DE',
      payment_card_brand: 'mastercard',
      payment_card_last4: '4444',
    });
    const sale = await t.db.selectFrom('creator_ledger_entries').select('amount_cents').where('order_id', '=', orderId).where('kind', '=', 'sale').execute();
    expect(sale).toEqual([{ amount_cents: 7900 - 1185 }]);
    const invoices = () =>
      t.db.selectFrom('invoices').select(['kind', 'number', 'tax_cents', 'total_cents', 'tax_country']).where('order_id', '=', orderId).execute();
    const [invoice] = await invoices();
    expect(invoice).toMatchObject({ kind: 'invoice', tax_cents: 1501, total_cents: 9401, tax_country: 'DE' });
    expect(invoice!.number).toMatch(/^INV-\d{4}-\d{6}$/);

    const replay = signedEvent('checkout.session.completed', session, { id: event.event.id, secret: STRIPE_WEBHOOK_SECRET });
    expect((await handleWebhook(t.db, deps, replay.payload, replay.signature)).duplicate).toBe(true);
    const again = signedEvent('checkout.session.completed', session, { secret: STRIPE_WEBHOOK_SECRET });
    expect((await handleWebhook(t.db, deps, again.payload, again.signature)).status).toBe('ignored');
    expect(await invoices()).toEqual([invoice]);
  });

  it('a business of another member state with its VAT ID: no tax, the reverse charge', async () => {
    const { buyer, url, orderId } = await checkoutOfReadyCreator('acct_tax_3', 'Tax Bot 3');
    const session = completedSession(url.split('/').pop()!, 'pi_tax_3', {
      amount_total: 7900,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      customer_details: {
        email: buyer.email,
        business_name: 'Acme SARL',
        address: { country: 'FR' },
        tax_exempt: 'reverse',
        tax_ids: [{ type: 'eu_vat', value: 'FR 12 345678901' }],
      },
    });
    const event = signedEvent('checkout.session.completed', session, { secret: STRIPE_WEBHOOK_SECRET });
    await handleWebhook(t.db, deps, event.payload, event.signature);
    expect(await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()).toMatchObject({
      tax_cents: 0,
      tax_rate_bps: 0,
      tax_country: 'FR',
      tax_reverse_charge: true,
      buyer_company: 'Acme SARL',
      buyer_vat_id: 'FR12345678901',
    });
  });
});

describe('Stripe webhooks and refunds', () => {
  it('verifies events with the Stripe secret, fulfils, and refunds through /v1/refunds reversing the transfer (a one-time sale has no application fee)', async () => {
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
    // The ledger mirrors the destination charge's transfer of the net ($79.00 less 15%) to the connected account.
    expect(await ledgerOf(seller.id)).toEqual([
      ['sale', 6715, null],
      ['transfer', -6715, 'pi_stripe_1'],
    ]);
    expect(await getBalance(t.db, seller.id)).toEqual({ balanceCents: 0, availableCents: 0, heldCents: 0, earnedCents: 6715 });
    // Stripe sending the completion again (another event id) writes nothing twice.
    const replay = signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_stripe_1'), { secret: STRIPE_WEBHOOK_SECRET });
    await handleWebhook(t.db, deps, replay.payload, replay.signature);
    expect(await ledgerOf(seller.id)).toHaveLength(2);

    requests = [];
    await refundOrder(t.db, deps, buyer.id, orderId);
    expect(requests.map((r) => r.path)).toEqual(['/v1/refunds']);
    expect(requests[0]!.headers['idempotency-key']).toBe(`refund-${orderId}`);
    expect(Object.fromEntries(requests[0]!.body)).toEqual({
      payment_intent: 'pi_stripe_1',
      reverse_transfer: 'true',
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
    // The refund and the transfer's reversal, once each: the creator owes nothing and is owed nothing.
    expect(await ledgerOf(seller.id)).toEqual([
      ['sale', 6715, null],
      ['transfer', -6715, 'pi_stripe_1'],
      ['refund', -6715, null],
      ['transfer_reversal', 6715, 'pi_stripe_1'],
    ]);
    expect(await getBalance(t.db, seller.id)).toEqual({ balanceCents: 0, availableCents: 0, heldCents: 0, earnedCents: 0 });
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

describe('Stripe payout schedule', () => {
  it("/earnings reads the connected account's schedule from Stripe once it is ready; none before, and Stripe down leaves it out", async () => {
    const seller = await readyCreator('acct_schedule_1');
    const setup = await getPayoutSetup(t.db, deps, seller.id);
    expect(setup).toEqual({
      stripe: true,
      connected: true,
      ready: true,
      schedule: { interval: 'weekly', delayDays: 7, weeklyAnchor: 'monday', monthlyAnchor: null },
    });
    expect(requests.map((r) => [r.method, r.path])).toEqual([['GET', '/v1/accounts/acct_schedule_1']]);

    // Not ready yet: Stripe is not asked.
    requests = [];
    const pending = await createUser(t.db, { fullName: 'Pending Seller' });
    await t.db
      .insertInto('payout_accounts')
      .values({ creator_id: pending.id, stripe_account_id: 'acct_pending', is_ready: false, updated_at: new Date() })
      .execute();
    expect(await getPayoutSetup(t.db, deps, pending.id)).toEqual({ stripe: true, connected: true, ready: false, schedule: null });
    expect(requests).toEqual([]);

    // Stripe refusing: the page still renders, without a schedule (the failure is logged for the operator).
    answers['/v1/accounts/acct_schedule_1'] = { status: 500, body: { error: { type: 'api_error', message: 'Stripe is down' } } };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await getPayoutSetup(t.db, deps, seller.id)).schedule).toBeNull();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe('Stripe Connect: the tax share of a subscription invoice (docs/decisions/050)', () => {
  const runTaxReversals = () => drainJobs(t.db, { maxMs: 30_000, names: [TAX_REVERSAL_JOB] });
  const reversalCalls = () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/reversals'));

  /** A $10.00 monthly subscription bought through Stripe Checkout and completed: its order, subscription and first invoice. */
  async function subscribed(accountId: string) {
    const seller = await readyCreator(accountId);
    const product = await createProduct(t.db, seller.id, {
      title: `Taxed ${accountId}`,
      price: '10.00',
      pricing_model: 'subscription',
      content_delivery_type: 'text',
      content_text: 'x',
    });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
    const invoiceId = `in_first_${accountId}`;
    const subscriptionId = `sub_${accountId}`;
    const session = completedSession(url.split('/').pop()!, '', {
      mode: 'subscription',
      payment_intent: null,
      invoice: invoiceId,
      subscription: subscriptionId,
      amount_subtotal: 1000,
      amount_total: 1190,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 190 },
      customer_details: { email: buyer.email, name: 'Sub Buyer', business_name: null, address: { country: 'DE' }, tax_exempt: 'none', tax_ids: [] },
    });
    const done = signedEvent('checkout.session.completed', session, { secret: STRIPE_WEBHOOK_SECRET });
    expect((await handleWebhook(t.db, deps, done.payload, done.signature)).status).toBe('processed');
    return { seller, orderId, invoiceId, subscriptionId };
  }

  /** Stripe's invoice.paid of a subscription with transfer_data: $10.00 + tax, 15% of the total as the application fee. */
  const invoicePaid = (values: { id: string; subscriptionId: string; reason: string; tax: number; paymentIntent: string; fee?: number }) =>
    signedEvent(
      'invoice.paid',
      {
        id: values.id,
        object: 'invoice',
        billing_reason: values.reason,
        amount_paid: 1000 + values.tax,
        total_taxes: values.tax ? [{ amount: values.tax, tax_behavior: 'exclusive' }] : [],
        ...(values.fee !== undefined ? { application_fee_amount: values.fee } : {}),
        transfer_data: { destination: 'acct_x', amount: null },
        parent: { type: 'subscription_details', subscription_details: { subscription: values.subscriptionId } },
        payments: { data: [{ payment: { type: 'payment_intent', payment_intent: values.paymentIntent } }] },
        lines: { data: [] },
      },
      { secret: STRIPE_WEBHOOK_SECRET },
    );

  it('a taxed renewal: one reversal of the transferred tax share, by the job, with the invoice as key; a replay makes none; the ledger stays net on the price', async () => {
    const { seller, subscriptionId } = await subscribed('acct_subtax_1');
    const ledgerBefore = await ledgerOf(seller.id);
    requests = [];
    // 15% of $11.90 is $1.79: Stripe transferred $10.11 where the creator's net is $8.50.
    const renewal = invoicePaid({
      id: 'in_renew_subtax_1',
      subscriptionId,
      reason: 'subscription_cycle',
      tax: 190,
      paymentIntent: 'pi_renew_subtax_1',
      fee: 179,
    });
    expect((await handleWebhook(t.db, deps, renewal.payload, renewal.signature)).status).toBe('processed');
    // Not inline: the webhook called nobody.
    expect(requests).toEqual([]);
    await runTaxReversals();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/payment_intents/pi_renew_subtax_1',
      'GET /v1/transfers/tr_of_pi_renew_subtax_1/reversals',
      'POST /v1/transfers/tr_of_pi_renew_subtax_1/reversals',
    ]);
    const [call] = reversalCalls();
    expect(Object.fromEntries(call!.body)).toEqual({ amount: '161', 'metadata[invoiceId]': 'in_renew_subtax_1' });
    expect(call!.headers['idempotency-key']).toBe('tax-reversal-in_renew_subtax_1');

    const renewalOrder = await t.db.selectFrom('orders').selectAll().where('provider_payment_id', '=', 'pi_renew_subtax_1').executeTakeFirstOrThrow();
    expect(renewalOrder).toMatchObject({ amount_cents: 1000, fee_cents: 150, tax_cents: 190 });
    expect((await ledgerOf(seller.id)).slice(ledgerBefore.length)).toEqual([
      ['sale', 850, null],
      ['transfer', -850, 'pi_renew_subtax_1'],
    ]);

    // The same event again, and Stripe's second delivery under another event id: no second job, no call.
    requests = [];
    const replay = signedEvent('invoice.paid', renewal.event.data.object, { id: renewal.event.id, secret: STRIPE_WEBHOOK_SECRET });
    expect((await handleWebhook(t.db, deps, replay.payload, replay.signature)).duplicate).toBe(true);
    const again = signedEvent('invoice.paid', renewal.event.data.object, { secret: STRIPE_WEBHOOK_SECRET });
    expect((await handleWebhook(t.db, deps, again.payload, again.signature)).status).toBe('processed');
    await runTaxReversals();
    expect(requests).toEqual([]);
    expect(reversals).toHaveLength(1);
  });

  it('the first invoice: its tax share reversed once, the fee derived from the percent when the event has none', async () => {
    const { invoiceId, subscriptionId } = await subscribed('acct_subtax_2');
    requests = [];
    const first = invoicePaid({ id: invoiceId, subscriptionId, reason: 'subscription_create', tax: 190, paymentIntent: 'pi_first_subtax_2' });
    expect((await handleWebhook(t.db, deps, first.payload, first.signature)).status).toBe('processed');
    expect(requests).toEqual([]);
    await runTaxReversals();
    const [call] = reversalCalls();
    expect(call!.path).toBe('/v1/transfers/tr_of_pi_first_subtax_2/reversals');
    expect(Object.fromEntries(call!.body)).toEqual({ amount: '161', 'metadata[invoiceId]': invoiceId });
    expect(call!.headers['idempotency-key']).toBe(`tax-reversal-${invoiceId}`);
    const again = signedEvent('invoice.paid', first.event.data.object, { secret: STRIPE_WEBHOOK_SECRET });
    await handleWebhook(t.db, deps, again.payload, again.signature);
    await runTaxReversals();
    expect(reversalCalls()).toHaveLength(1);
  });

  it('an invoice.paid without its payment: the job asks Stripe for the invoice’s payment, then reverses its transfer', async () => {
    const { subscriptionId } = await subscribed('acct_subtax_4');
    requests = [];
    const renewal = invoicePaid({ id: 'in_renew_subtax_4', subscriptionId, reason: 'subscription_cycle', tax: 250, paymentIntent: '', fee: 188 });
    const object = { ...renewal.event.data.object, payments: undefined };
    const event = signedEvent('invoice.paid', object, { secret: STRIPE_WEBHOOK_SECRET });
    expect((await handleWebhook(t.db, deps, event.payload, event.signature)).status).toBe('processed');
    await runTaxReversals();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/invoices/in_renew_subtax_4',
      'GET /v1/payment_intents/pi_of_in_renew_subtax_4',
      'GET /v1/transfers/tr_of_pi_of_in_renew_subtax_4/reversals',
      'POST /v1/transfers/tr_of_pi_of_in_renew_subtax_4/reversals',
    ]);
    // $12.50 - $1.88 transferred, $8.50 the net: $2.12 back.
    expect(Object.fromEntries(reversalCalls()[0]!.body)).toEqual({ amount: '212', 'metadata[invoiceId]': 'in_renew_subtax_4' });
  });

  it('an untaxed invoice (no tax, or the reverse charge) makes no reversal', async () => {
    const { subscriptionId } = await subscribed('acct_subtax_3');
    requests = [];
    const untaxed = invoicePaid({
      id: 'in_renew_subtax_3',
      subscriptionId,
      reason: 'subscription_cycle',
      tax: 0,
      paymentIntent: 'pi_renew_subtax_3',
      fee: 150,
    });
    expect((await handleWebhook(t.db, deps, untaxed.payload, untaxed.signature)).status).toBe('processed');
    await runTaxReversals();
    expect(requests).toEqual([]);
    expect(await t.db.selectFrom('orders').select('amount_cents').where('provider_payment_id', '=', 'pi_renew_subtax_3').execute()).toEqual([
      { amount_cents: 1000 },
    ]);
  });
});

describe('A cart with Stripe Connect (docs/decisions/082)', () => {
  it('charges one session of a line per product with a transfer_group, transfers each order its net once paid, and refunds one order as a partial refund and its transfer\'s reversal', async () => {
    const ann = await readyCreator('acct_cart_ann');
    const ben = await readyCreator('acct_cart_ben');
    const annProduct = await createProduct(t.db, ann.id, { title: 'Ann kit', price: '40.00', pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'x' });
    const benProduct = await createProduct(t.db, ben.id, { title: 'Ben kit', price: '20.00', pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'x' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await addToCart(t.db, deps, buyer.id, annProduct.id);
    await addToCart(t.db, deps, buyer.id, benProduct.id);

    const { url, orderIds } = await startCartCheckout(t.db, deps, asUser(buyer), { expectedTotalCents: 6000 });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/checkout/sessions']);
    const orders = await t.db.selectFrom('orders').selectAll().where('id', 'in', orderIds).orderBy('number').execute();
    const group = orders[0]!.checkout_group!;
    expect(group).toMatch(/^cart_/);
    const body = Object.fromEntries(requests[0]!.body);
    expect(body).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '4000',
      'line_items[0][price_data][product_data][name]': 'Ann kit',
      'line_items[1][price_data][unit_amount]': '2000',
      'line_items[1][price_data][product_data][name]': 'Ben kit',
      'payment_intent_data[transfer_group]': group,
      client_reference_id: group,
    });
    // Separate charges and transfers: nothing is sent to a creator with the charge.
    expect(Object.keys(body).filter((k) => k.includes('transfer_data') || k.includes('application_fee'))).toEqual([]);
    expect(requests[0]!.headers['idempotency-key']).toBe(`checkout-${group}`);

    const sessionId = url.split('/').pop()!;
    const completed = signedEvent('checkout.session.completed', completedSession(sessionId, 'pi_cart_1'), { secret: STRIPE_WEBHOOK_SECRET });
    requests = [];
    expect((await handleWebhook(t.db, deps, completed.payload, completed.signature)).status).toBe('processed');
    await drainJobs(t.db, { maxMs: 30_000, names: ['payments.cart-transfer'] });
    const transfers = requests.filter((r) => r.path === '/v1/transfers');
    expect(transfers.map((r) => Object.fromEntries(r.body))).toEqual([
      expect.objectContaining({ amount: '3400', currency: 'usd', destination: 'acct_cart_ann', transfer_group: group, source_transaction: expect.stringMatching(/^ch_/) }),
      expect.objectContaining({ amount: '1700', currency: 'usd', destination: 'acct_cart_ben', transfer_group: group, source_transaction: expect.stringMatching(/^ch_/) }),
    ]);
    expect(transfers.map((r) => r.headers['idempotency-key'])).toEqual(orderIds.map((id) => `order-transfer-${id}`));
    const paid = await t.db.selectFrom('orders').select(['id', 'status', 'provider_transfer_id']).where('id', 'in', orderIds).orderBy('number').execute();
    expect(paid.map((o) => o.status)).toEqual(['paid', 'paid']);
    expect(paid.every((o) => o.provider_transfer_id?.startsWith('tr_'))).toBe(true);
    // The ledger: each creator's own sale and its transfer, as a single sale's.
    expect(await ledgerOf(ann.id)).toEqual([
      ['sale', 3400, null],
      ['transfer', -3400, `pi_cart_1:${orderIds[0]}`],
    ]);
    expect(await ledgerOf(ben.id)).toEqual([
      ['sale', 1700, null],
      ['transfer', -1700, `pi_cart_1:${orderIds[1]}`],
    ]);

    requests = [];
    await refundOrder(t.db, deps, buyer.id, orderIds[1]!);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/refunds', `POST /v1/transfers/${paid[1]!.provider_transfer_id}/reversals`]);
    expect(Object.fromEntries(requests[0]!.body)).toEqual({ payment_intent: 'pi_cart_1', amount: '2000', 'metadata[orderId]': orderIds[1] });
    expect(requests[0]!.headers['idempotency-key']).toBe(`refund-${orderIds[1]}`);
    expect(requests[1]!.headers['idempotency-key']).toBe(`order-transfer-reversal-${orderIds[1]}`);
    const after = await t.db.selectFrom('orders').select('status').where('id', 'in', orderIds).orderBy('number').execute();
    expect(after.map((o) => o.status)).toEqual(['paid', 'refunded']);
    expect(await ledgerOf(ben.id)).toEqual([
      ['sale', 1700, null],
      ['transfer', -1700, `pi_cart_1:${orderIds[1]}`],
      ['refund', -1700, null],
      ['transfer_reversal', 1700, `pi_cart_1:${orderIds[1]}`],
    ]);
    expect(await ledgerOf(ann.id)).toHaveLength(2);
  });
});
