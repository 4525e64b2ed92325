/**
 * Affiliates, below the browser (issue 31, docs/decisions/081): a creator turns them on, a user
 * gets a link (once), the visit through it sets the ref cookie and counts a click, a purchase with
 * it records the commission on the order and as ledger entries for both, a refund takes it back;
 * self-referral and a forged ref credit nobody; another user's figures are never shown. The
 * affiliate's sale email; a refund after their payout leaves their balance negative and the next
 * commission (a subscription's renewal, credited again) pays it back; with Stripe Connect (a
 * local stand-in of Stripe's API) the creator's transfer leaves the commission out, the
 * commission waits for the affiliate's account and is then transferred, and a refund reverses
 * it (docs/decisions/083). Both database drivers (DATABASE_URL for the second).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { payLocalCheckout, startCheckout } from '@/functions/payments/checkout.service';
import { refundThroughProvider } from '@/functions/payments/orders.service';
import { findLinkTarget, getAffiliateLink, setAffiliatePercent } from '@/functions/payments/affiliates.service';
import { getTrafficAnalytics } from '@/functions/analytics/analytics.service';
import { AFFILIATE_TRANSFER_HELD, transferHeldCommissions } from '@/functions/payments/affiliates.job';
import { drainJobs } from '@/functions/jobs';
import { advanceLocalSubscription } from '@/functions/payments/orders.service';
import { getBalance, requestPayoutFor } from '@/functions/payments/ledger.service';
import { setPaymentProvider } from '@/functions/payments/provider';
import { handleWebhook } from '@/functions/payments/webhook.service';
import { POST as visitRoute } from '@/src/pages/api/products/[id]/visit';
import { POST as checkoutRoute } from '@/src/pages/api/checkout/index';
import { PUT as settingRoute } from '@/src/pages/api/studio/products/[id]/affiliates';
import { POST as linkRoute } from '@/src/pages/api/products/[id]/affiliate-link';
import { GET as overviewRoute } from '@/src/pages/api/me/affiliates';
import { commissionSplit } from '@/src/shared/affiliates';
import type { SessionUser } from '@/src/shared/session';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { CARD_OK, completedSession, settleOrders, signedEvent, testDeps } from '../support/payments';
import { startStripeStandIn } from '../support/stripe-stand-in';
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
const asUser = (u: { id: string; email: string }) => ({ id: u.id, email: u.email, userType: 'buyer' }) as unknown as SessionUser;
const orderOf = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** A user's ledger: kind and cents of each entry, in a stable order. */
const ledgerOf = async (userId: string) =>
  (await t.db.selectFrom('creator_ledger_entries').select(['kind', 'amount_cents']).where('creator_id', '=', userId).execute())
    .map((e) => `${e.kind} ${e.amount_cents}`)
    .sort();
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
    await settleOrders(t.db);
    // The affiliate's email, at once by default (their 'Affiliate sales' preference).
    const earned = `$${(commission / 100).toFixed(2)}`;
    expect(deps.mailer.sent.filter((m) => m.to === affiliate.email).map((m) => m.subject)).toContain(
      `You earned ${earned}: a sale of Prompt Pack through your link`,
    );
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
    const own = await startCheckout(t.db, deps, asUser({ id: affiliate.userId, email: affiliate.email }), { productId }, undefined, code);
    const forgedBuyer = await createUser(t.db, { userType: 'buyer' });
    const forged = await startCheckout(t.db, deps, asUser(forgedBuyer), { productId }, undefined, 'zzzzzzzz');
    await call(settingRoute, `/api/studio/products/${productId}/affiliates`, {
      method: 'PUT',
      params: { id: productId },
      session: creator,
      json: { percent: null },
    });
    const lateBuyer = await createUser(t.db, { userType: 'buyer' });
    const late = await startCheckout(t.db, deps, asUser(lateBuyer), { productId }, undefined, code);
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

describe('after the sale', () => {
  it('a refund after the affiliate’s payout leaves their balance negative, and a renewal’s commission pays it back', async () => {
    const deps = testDeps();
    const seller = await createUser(t.db, { fullName: 'Sub Seller' });
    const product = await createProduct(t.db, seller.id, {
      title: 'Agent Club',
      price: '10.00',
      pricing_model: 'subscription',
      content_delivery_type: 'text',
      content_text: 'x',
    });
    await setAffiliatePercent(t.db, seller.id, product.id, 50);
    const pia = await signUp('buyer', 'Pia Partner');
    const partner = { id: pia.userId, email: pia.email };
    // Pia turned her affiliate emails off: she gets none.
    await t.db.insertInto('notification_preferences').values({ user_id: partner.id, kind: 'affiliate_sale', channel: 'off', updated_at: new Date() }).execute();
    const { code: ref } = await getAffiliateLink(t.db, asUser(partner), product.id, 'http://localhost:4321');
    const subscribe = async () => {
      const buyer = await createUser(t.db, { userType: 'buyer' });
      const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id }, undefined, ref);
      await payLocalCheckout(t.db, deps, buyer.id, url.split('/checkout/')[1]!, CARD_OK);
      return orderOf(orderId);
    };
    const first = await subscribe();
    const second = await subscribe();
    await settleOrders(t.db);
    const commission = commissionSplit(1000, first.fee_cents, 50).commissionCents;
    expect(first.affiliate_commission_cents).toBe(commission);
    const later = new Date(Date.now() + 60 * 86_400_000);
    const payout = await requestPayoutFor(t.db, partner.id, { now: later, minimumCents: 1 });
    expect(payout.amountCents).toBe(2 * commission);

    await refundThroughProvider(t.db, deps, first);
    expect((await getBalance(t.db, partner.id, later)).balanceCents).toBe(-commission);
    // /affiliates shows the debt: the balance is negative until commissions pay it back.
    const overview = await call(overviewRoute, '/api/me/affiliates', { session: pia });
    expect(overview.body).toMatchObject({ balanceCents: -commission, availableCents: 0 });
    expect(overview.body.links[0]).toMatchObject({ sales: 1, earningsCents: commission });

    // The second subscription renews: the renewal credits Pia again, which pays the debt back.
    await advanceLocalSubscription(t.db, deps, second.provider_subscription_id!);
    await settleOrders(t.db);
    const renewal = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('provider_subscription_id', '=', second.provider_subscription_id)
      .where('id', '!=', second.id)
      .executeTakeFirstOrThrow();
    expect(renewal).toMatchObject({ affiliate_user_id: partner.id, affiliate_percent: 50, affiliate_commission_cents: commission });
    expect(await getBalance(t.db, partner.id, later)).toMatchObject({ balanceCents: 0, availableCents: 0 });
    expect(await ledgerOf(partner.id)).toEqual(
      [
        `affiliate_earning ${commission}`,
        `affiliate_earning ${commission}`,
        `affiliate_earning ${commission}`,
        `affiliate_earning_reversal -${commission}`,
        `payout -${2 * commission}`,
      ].sort(),
    );
    expect(deps.mailer.sent.filter((m) => m.to === partner.email)).toEqual([]);
  });

  it('with Stripe Connect: the creator’s transfer leaves the commission out, which waits for the affiliate’s account, is transferred once, and reversed by a refund', async () => {
    const secret = 'whsec_affiliates_stand_in';
    const stripe = await startStripeStandIn(secret);
    try {
      const deps = testDeps(stripe.provider);
      const seller = await createUser(t.db, { fullName: 'Connected Seller' });
      const partner = await createUser(t.db, { fullName: 'Connected Partner' });
      await t.db
        .insertInto('payout_accounts')
        .values([
          { creator_id: seller.id, stripe_account_id: 'acct_seller_aff', is_ready: true, updated_at: new Date() },
          { creator_id: partner.id, stripe_account_id: 'acct_partner_aff', is_ready: false, updated_at: new Date() },
        ])
        .execute();
      const product = await createProduct(t.db, seller.id, {
        title: 'Agent Kit',
        price: '40.00',
        pricing_model: 'one_time',
        content_delivery_type: 'text',
        content_text: 'x',
      });
      await setAffiliatePercent(t.db, seller.id, product.id, 20);
      const { code: ref } = await getAffiliateLink(t.db, asUser(partner), product.id, 'http://localhost:4321');
      const buyer = await createUser(t.db, { userType: 'buyer' });
      const { orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id }, undefined, ref);
      const pending = await orderOf(orderId);
      const split = commissionSplit(4000, pending.fee_cents, 20);
      const [session] = stripe.calls('POST', '/v1/checkout/sessions');
      expect(session!.body.get('payment_intent_data[transfer_data][amount]')).toBe(String(split.creatorCents));

      const paid = signedEvent('checkout.session.completed', completedSession(pending.provider_session_id!, 'pi_aff_1'), { secret });
      await handleWebhook(t.db, deps, paid.payload, paid.signature);
      await settleOrders(t.db);
      // Not connected yet: nothing is transferred, the commission is in Pia's balance.
      expect(stripe.calls('POST', '/v1/transfers')).toEqual([]);
      expect((await getBalance(t.db, partner.id)).balanceCents).toBe(split.commissionCents);
      expect((await getBalance(t.db, seller.id)).balanceCents).toBe(0);

      const ready = signedEvent(
        'account.updated',
        { id: 'acct_partner_aff', object: 'account', charges_enabled: true, payouts_enabled: true, details_submitted: true },
        { secret },
      );
      await handleWebhook(t.db, deps, ready.payload, ready.signature);
      await drainJobs(t.db, { names: [AFFILIATE_TRANSFER_HELD] });
      const [transfer] = stripe.calls('POST', '/v1/transfers');
      expect(Object.fromEntries(transfer!.body)).toMatchObject({
        amount: String(split.commissionCents),
        currency: 'usd',
        destination: 'acct_partner_aff',
        source_transaction: 'ch_of_pi_aff_1',
        transfer_group: `affiliate-${orderId}`,
      });
      expect(transfer!.idempotencyKey).toBe(`affiliate-transfer-${orderId}`);
      // Once: another run finds it transferred.
      await transferHeldCommissions(t.db);
      expect(stripe.calls('POST', '/v1/transfers')).toHaveLength(1);
      expect((await getBalance(t.db, partner.id)).balanceCents).toBe(0);

      await refundThroughProvider(t.db, deps, await orderOf(orderId));
      await settleOrders(t.db);
      const [reversal] = stripe.calls('POST', /^\/v1\/transfers\/tr_\d+\/reversals$/);
      expect(reversal!.body.get('amount')).toBe(String(split.commissionCents));
      expect(reversal!.idempotencyKey).toBe(`affiliate-transfer-reversal-${orderId}`);
      const c = split.commissionCents;
      expect(await ledgerOf(partner.id)).toEqual(
        [`affiliate_earning ${c}`, `affiliate_transfer -${c}`, `affiliate_earning_reversal -${c}`, `affiliate_transfer_reversal ${c}`].sort(),
      );
      expect(await ledgerOf(seller.id)).toEqual(
        [
          `sale ${split.netCents}`,
          `affiliate_commission -${c}`,
          `transfer -${split.creatorCents}`,
          `refund -${split.netCents}`,
          `affiliate_commission_reversal ${c}`,
          `transfer_reversal ${split.creatorCents}`,
        ].sort(),
      );
      expect((await getBalance(t.db, seller.id)).balanceCents).toBe(0);

      // A subscription: Stripe transfers the creator the whole net, so the commission is taken back from that transfer, then sent.
      const club = await createProduct(t.db, seller.id, {
        title: 'Agent Club',
        price: '10.00',
        pricing_model: 'subscription',
        content_delivery_type: 'text',
        content_text: 'x',
      });
      await setAffiliatePercent(t.db, seller.id, club.id, 20);
      const { code: clubRef } = await getAffiliateLink(t.db, asUser(partner), club.id, 'http://localhost:4321');
      const subscriber = await createUser(t.db, { userType: 'buyer' });
      const sub = await orderOf((await startCheckout(t.db, deps, asUser(subscriber), { productId: club.id }, undefined, clubRef)).orderId);
      const subscribed = signedEvent(
        'checkout.session.completed',
        completedSession(sub.provider_session_id!, '', { payment_intent: null, mode: 'subscription', invoice: 'in_aff_club', subscription: 'sub_aff_club' }),
        { secret },
      );
      await handleWebhook(t.db, deps, subscribed.payload, subscribed.signature);
      await settleOrders(t.db);
      const [takeBack] = stripe.calls('POST', '/v1/transfers/tr_of_pi_of_in_aff_club/reversals');
      expect(takeBack!.body.get('amount')).toBe(String(sub.affiliate_commission_cents));
      expect(takeBack!.idempotencyKey).toBe(`affiliate-commission-${sub.id}`);
      const clubTransfer = stripe.calls('POST', '/v1/transfers').find((r) => r.body.get('transfer_group') === `affiliate-${sub.id}`);
      expect(clubTransfer!.body.get('source_transaction')).toBe('ch_of_pi_of_in_aff_club');
      expect((await getBalance(t.db, seller.id)).balanceCents).toBe(0);
      expect((await getBalance(t.db, partner.id)).balanceCents).toBe(0);
    } finally {
      setPaymentProvider(undefined);
      await stripe.close();
    }
  });
});
