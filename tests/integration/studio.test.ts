/**
 * The creator studio's figures from real rows: dashboard stats per user type, the Getting
 * Started checklist, followers, sales and 30-day analytics, earnings with payout requests,
 * the CSV export and reviews. Each user sees only their own figures.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { dashboardView } from '@/src/components/dashboard/dashboard-view';
import { exportEarningsCsv, getDashboardFigures, getEarnings, getFollowers, getReviews, getSales, requestPayout } from '@/functions/studio/studio.service';
import { GET as getCsv } from '@/src/pages/api/studio/earnings.csv';
import { POST as postPayout } from '@/src/pages/api/studio/payouts';
import { recordView } from '@/functions/interactions/interactions.service';
import { feeCents, toCents } from '@/src/shared/payments';
import { insertSaleEntry } from '@/functions/payments/ledger.repository';
import { markPayoutFailed } from '@/functions/payments/ledger.service';
import type { SessionUser } from '@/src/shared/session';
import { call, signUp } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
const DAY = 24 * 60 * 60 * 1000;

const asUser = (u: { id: string; email: string; fullName: string }, userType: SessionUser['userType']): SessionUser => ({
  id: u.id,
  email: u.email,
  name: u.fullName,
  fullName: u.fullName,
  userType,
  company: null,
  image: null,
  emailVerified: true,
});

/** A sale is a paid order (with the 15% fee) and the buyer's download; amount 0 is a free download. */
async function sell(productId: string, buyerId: string, amount: number, daysAgo = 0) {
  const at = new Date(Date.now() - daysAgo * DAY);
  if (amount > 0) {
    const { creator_id } = await t.db.selectFrom('products').select('creator_id').where('id', '=', productId).executeTakeFirstOrThrow();
    const cents = toCents(amount);
    const order = await t.db
      .insertInto('orders')
      .values({
        buyer_id: buyerId,
        product_id: productId,
        creator_id,
        amount_cents: cents,
        fee_cents: feeCents(cents),
        provider: 'local',
        status: 'paid',
        provider_session_id: `cs_test_${randomUUID()}`,
        provider_payment_id: `pi_test_${randomUUID()}`,
        created_at: at,
        paid_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Its ledger entry, as a paid checkout writes it; no hold here (the hold: ledger-payouts.test.ts).
    await insertSaleEntry(t.db, { creatorId: creator_id, orderId: order.id, amountCents: cents - feeCents(cents), availableAt: at, createdAt: at });
  }
  await t.db
    .insertInto('downloads')
    .values({
      user_id: buyerId,
      product_id: productId,
      download_type: amount > 0 ? 'paid' : 'free',
      amount,
      content_accessed: 'file',
      created_at: at,
    })
    .execute();
}

/** A counted view by a visitor of its own (or `visitorKey`'s). */
async function view(productId: string, userId: string | null, daysAgo = 0, visitorKey = `visitor-${randomUUID()}`) {
  await t.db
    .insertInto('product_interactions')
    .values({
      product_id: productId,
      user_id: userId,
      interaction_type: 'view',
      session_id: 's',
      visitor_key: visitorKey,
      created_at: new Date(Date.now() - daysAgo * DAY),
    } as never)
    .execute();
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('creator figures', () => {
  let creator: SessionUser;
  let buyer: SessionUser;
  let stranger: SessionUser;
  let workflow: { id: string };
  let prompts: { id: string };

  beforeAll(async () => {
    creator = asUser(await createUser(t.db, { fullName: 'Maya Creator' }), 'creator');
    buyer = asUser(await createUser(t.db, { userType: 'buyer', fullName: 'Bo Buyer' }), 'buyer');
    stranger = asUser(await createUser(t.db, { fullName: 'Sam Stranger' }), 'creator');
    workflow = await createProduct(t.db, creator.id, { title: '=HYPERLINK("x") Workflow', price: 20, status: 'published' });
    prompts = await createProduct(t.db, creator.id, { title: 'Prompt Pack', price: 0, status: 'published' });
    await createProduct(t.db, creator.id, { title: 'Draft idea', status: 'draft' });
    await sell(workflow.id, buyer.id, 20, 1);
    await sell(workflow.id, buyer.id, 20, 2);
    await sell(workflow.id, buyer.id, 10, 45); // old sale, outside the 30 days
    await sell(prompts.id, buyer.id, 0, 1); // free download: not a sale
    for (let i = 0; i < 8; i++) await view(workflow.id, null, i % 3);
    await view(workflow.id, null, 40); // outside the 30 days
    await view(prompts.id, buyer.id, 0);
    await t.db.insertInto('follows').values({ follower_id: buyer.id, following_id: creator.id }).execute();
    await t.db
      .insertInto('follows')
      .values({ follower_id: stranger.id, following_id: creator.id, created_at: new Date(Date.now() - 60 * DAY) })
      .execute();
    await t.db.insertInto('follows').values({ follower_id: creator.id, following_id: stranger.id }).execute();
  });

  it('dashboard: Total Earnings (paid downloads x 0.85), Products, Sales, Followers', async () => {
    const d = dashboardView(await getDashboardFigures(t.db, creator));
    expect(d.stats.map((s) => [s.label, s.value, s.hint])).toEqual([
      ['Total Earnings', '$42.50', '$34.00 in the last 30 days'],
      ['Products', '3', '2 published'],
      ['Sales', '3', '2 in the last 30 days'],
      ['Followers', '2', 'People following your work'],
    ]);
    expect(d.quickActions).toHaveLength(3);
    expect(d.checklist.map((s) => [s.title, s.done])).toEqual([
      ['Complete your profile', false],
      ['Upload your first product', true],
      ['Publish it to the marketplace', true],
      ['Connect with the community', true],
    ]);
  });

  it('a new creator starts with zeros and an open checklist', async () => {
    const d = dashboardView(await getDashboardFigures(t.db, asUser(await createUser(t.db), 'creator')));
    expect(d.stats.map((s) => s.value)).toEqual(['$0.00', '0', '0', '0']);
    expect(d.checklist.every((s) => !s.done)).toBe(true);
  });

  it('sales: totals, a 30-day daily series, and views, visitors, downloads and conversion per product', async () => {
    const s = await getSales(t.db, creator);
    expect(s.totals).toEqual({ sales: 3, gross: 50, net: 42.5 });
    // 2 paid orders of the workflow and 1 download of the free prompts, over 9 visitors.
    expect(s.last30).toMatchObject({ sales: 2, gross: 40, views: 9, downloads: 3, visitors: 9, converted: 3, conversion: 3 / 9 });
    expect(s.daily).toHaveLength(30);
    expect(s.daily.reduce((n, d) => n + d.sales, 0)).toBe(2);
    expect(s.daily.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    const wf = s.products.find((p) => p.id === workflow.id);
    expect(wf).toMatchObject({ views: 8, visitors: 8, downloads: 2, sales: 2, revenue: 40, converted: 2, conversion: 0.25 });
    expect(s.products.find((p) => p.id === prompts.id)).toMatchObject({ views: 1, visitors: 1, downloads: 1, sales: 0, converted: 1, conversion: 1 });
    expect(s.recent.map((r) => r.amount)).toEqual([20, 20, 10]);
    expect(s.recent.map((r) => [r.amountCents, r.kind])).toEqual([
      [2000, 'one_time'],
      [2000, 'one_time'],
      [1000, 'one_time'],
    ]);
    expect(s.recent[0]).toMatchObject({ buyerName: 'Bo Buyer', status: 'completed' });
  });

  it('followers: newest first, with who the creator follows back', async () => {
    const f = await getFollowers(t.db, creator);
    expect(f.total).toBe(2);
    expect(f.newLast30Days).toBe(1);
    expect(f.followers.map((x) => [x.fullName, x.followsBack])).toEqual([
      ['Bo Buyer', false],
      ['Sam Stranger', true],
    ]);
  });

  it('earnings: statuses move from pending to processing with a payout request, and to paid', async () => {
    const before = await getEarnings(t.db, creator);
    expect(before).toMatchObject({ total: 42.5, available: 42.5, processing: 0, paid: 0 });
    expect(before.rows.map((r) => [r.gross, r.fee, r.net, r.status])).toEqual([
      [20, 3, 17, 'pending'],
      [20, 3, 17, 'pending'],
      [10, 1.5, 8.5, 'pending'],
    ]);

    const payout = await requestPayout(t.db, creator);
    expect(payout).toMatchObject({ amountCents: 4250, status: 'requested' });
    await expect(requestPayout(t.db, creator)).rejects.toMatchObject({ code: 'PAYOUT_ALREADY_OPEN' });
    const requested = await getEarnings(t.db, creator);
    expect(requested).toMatchObject({ available: 0, processing: 42.5, canRequestPayout: false });
    expect(requested.payouts).toHaveLength(1);

    await sell(workflow.id, buyer.id, 20, 0);
    await t.db.updateTable('payout_requests').set({ status: 'paid', paid_at: new Date() }).where('id', '=', payout.id).execute();
    const after = await getEarnings(t.db, creator);
    expect(after).toMatchObject({ total: 59.5, available: 17, processing: 0, paid: 42.5 });
    expect(after.rows[0]?.status).toBe('pending');
  });

  it('two payout clicks at once pay the balance once', async () => {
    await sell(workflow.id, buyer.id, 20, 0);
    const results = await Promise.allSettled([requestPayout(t.db, creator), requestPayout(t.db, creator)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'PAYOUT_ALREADY_OPEN' } });
    const total = await t.db
      .selectFrom('payout_requests')
      .select(sql<string>`sum(amount_cents)`.as('s'))
      .where('seller_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(Number(total.s)).toBe(4250 + 3400);
  });

  it('a failed payout gives its amount back to the balance, and a new request takes its sales', async () => {
    const admin = await createUser(t.db, { fullName: 'Ada Admin' });
    await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const last = await t.db
      .selectFrom('payout_requests')
      .select('id')
      .where('seller_id', '=', creator.id)
      .where('status', '=', 'requested')
      .executeTakeFirstOrThrow();
    await markPayoutFailed(t.db, admin.id, last.id, 'The bank refused the account number.');
    expect(await getEarnings(t.db, creator)).toMatchObject({ available: 34, processing: 0 });
    expect(await requestPayout(t.db, creator)).toMatchObject({ amountCents: 3400 });
    expect(await getEarnings(t.db, creator)).toMatchObject({ available: 0, processing: 34, paid: 42.5 });
  });

  it('the CSV export lists every sale and defuses formulas in titles', async () => {
    const csv = await exportEarningsCsv(t.db, creator);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Product,Type,Gross (USD),Platform fee (USD),Net (USD),Status');
    expect(lines).toHaveLength(1 + 5);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Workflow",product_sale,20.00,3.00,17.00,processing`);
  });

  it('another creator sees none of it', async () => {
    expect((await getSales(t.db, stranger)).totals).toEqual({ sales: 0, gross: 0, net: 0 });
    expect((await getEarnings(t.db, stranger)).rows).toEqual([]);
    await expect(requestPayout(t.db, stranger)).rejects.toMatchObject({ code: 'NO_PAYOUT_BALANCE' });
    expect((await getSales(t.db, stranger)).products).toEqual([]);
  });
});

describe("conversion (issue 27): paid orders, or a free product's downloaders, per unique visitor of the product page", () => {
  const visit = (productId: string, visitorKey: string, daysAgo = 0, alias: string | null = null) =>
    recordView(t.db, { productId, userId: null, visitorKey, visitorAlias: alias, type: 'view', userAgent: null, now: new Date(Date.now() - daysAgo * DAY) });

  it('2 visitors and 1 sale is 50%, however many days each came back', async () => {
    const creator = asUser(await createUser(t.db, { fullName: 'Cora Converter' }), 'creator');
    const product = await createProduct(t.db, creator.id, { title: 'Paid kit', price: 12, status: 'published' });
    expect(await visit(product.id, 'visitor-a', 1)).toEqual({ counted: true });
    expect(await visit(product.id, 'visitor-a', 0)).toEqual({ counted: true }); // another day: a view, not a visitor
    expect(await visit(product.id, 'visitor-a', 0)).toEqual({ counted: false });
    expect(await visit(product.id, 'visitor-b', 0)).toEqual({ counted: true });
    const before = await getSales(t.db, creator);
    expect(before.products[0]).toMatchObject({ views: 3, visitors: 2, converted: 0, conversion: 0 });

    const buyer = await createUser(t.db, { userType: 'buyer' });
    await sell(product.id, buyer.id, 12);
    const s = await getSales(t.db, creator);
    expect(s.products[0]).toMatchObject({ views: 3, visitors: 2, sales: 1, converted: 1, conversion: 0.5 });
    expect(s.last30).toMatchObject({ views: 3, visitors: 2, converted: 1, conversion: 0.5 });

    // A refunded order is not a paid order any more; a renewal (no checkout session) is no new buyer.
    await t.db.updateTable('orders').set({ status: 'refunded', refunded_at: new Date() }).where('product_id', '=', product.id).execute();
    await t.db
      .insertInto('orders')
      .values({
        buyer_id: buyer.id,
        product_id: product.id,
        creator_id: creator.id,
        kind: 'subscription',
        amount_cents: 1200,
        fee_cents: feeCents(1200),
        provider: 'local',
        status: 'paid',
        provider_payment_id: `pi_test_${randomUUID()}`,
        paid_at: new Date(),
      })
      .execute();
    expect((await getSales(t.db, creator)).products[0]).toMatchObject({ visitors: 2, sales: 1, converted: 0, conversion: 0 });
  });

  it('a free product converts by the people who downloaded it; a first cookieless view and the cookie after it are one visitor', async () => {
    const creator = asUser(await createUser(t.db, { fullName: 'Fran Free' }), 'creator');
    const product = await createProduct(t.db, creator.id, { title: 'Free kit', price: 0, pricing_model: 'free', status: 'published' });
    // First view without a cookie: counted by address, the new cookie's key marked too.
    await visit(product.id, 'address-1', 2, 'cookie-1');
    await visit(product.id, 'cookie-1', 1);
    await visit(product.id, 'visitor-2', 0);
    await visit(product.id, 'visitor-3', 0);
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await sell(product.id, buyer.id, 0);
    await sell(product.id, buyer.id, 0); // downloading again is the same person
    const s = await getSales(t.db, creator);
    expect(s.products[0]).toMatchObject({ views: 4, visitors: 3, downloads: 2, converted: 1 });
    expect(s.products[0]?.conversion).toBeCloseTo(1 / 3, 10);
  });

  it('no visitors: no conversion to show', async () => {
    const creator = asUser(await createUser(t.db), 'creator');
    await createProduct(t.db, creator.id, { price: 5 });
    const s = await getSales(t.db, creator);
    expect(s.products[0]).toMatchObject({ visitors: 0, conversion: null });
    expect(s.last30).toMatchObject({ visitors: 0, converted: 0, conversion: null });
  });
});

describe('reviews', () => {
  it('average, a 5-to-1 distribution and verified purchases', async () => {
    const seller = asUser(await createUser(t.db, { fullName: 'Rita Seller' }), 'creator');
    const product = await createProduct(t.db, seller.id, { price: 5 });
    const ratings = [5, 5, 4, 2];
    for (const [i, rating] of ratings.entries()) {
      const reviewer = await createUser(t.db, { userType: 'buyer', fullName: `Reviewer ${i}` });
      if (i === 0) await sell(product.id, reviewer.id, 5);
      await t.db
        .insertInto('seller_reviews')
        .values({ seller_id: seller.id, reviewer_id: reviewer.id, rating, review_text: `Review ${i}`, created_at: new Date(Date.now() - i * DAY) })
        .execute();
    }
    const r = await getReviews(t.db, seller);
    expect(r.average).toBe(4);
    expect(r.total).toBe(4);
    expect(r.distribution.map((d) => [d.rating, d.count])).toEqual([
      [5, 2],
      [4, 1],
      [3, 0],
      [2, 1],
      [1, 0],
    ]);
    expect(r.distribution[0]?.share).toBe(0.5);
    expect(r.reviews.map((x) => [x.reviewerName, x.verifiedPurchase])).toEqual([
      ['Reviewer 0', true],
      ['Reviewer 1', false],
      ['Reviewer 2', false],
      ['Reviewer 3', false],
    ]);
    const empty = await getReviews(t.db, asUser(await createUser(t.db), 'creator'));
    expect(empty).toMatchObject({ average: 0, total: 0, reviews: [] });
  });
});

describe('buyer and community dashboards', () => {
  it('buyer: Purchases, Favorites, Following, Reviews', async () => {
    const maker = await createUser(t.db);
    const p = await createProduct(t.db, maker.id, { price: 9 });
    const buyer = asUser(await createUser(t.db, { userType: 'buyer' }), 'buyer');
    await sell(p.id, buyer.id, 9);
    await sell(p.id, buyer.id, 0);
    await t.db.insertInto('favorites').values({ user_id: buyer.id, product_id: p.id }).execute();
    await t.db
      .insertInto('ai_tools')
      .values({ id: 'n8n', name: 'n8n' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await t.db.insertInto('ai_tool_follows').values({ user_id: buyer.id, tool_id: 'n8n' }).execute();
    await t.db.insertInto('follows').values({ follower_id: buyer.id, following_id: maker.id }).execute();
    await t.db.insertInto('seller_reviews').values({ seller_id: maker.id, reviewer_id: buyer.id, rating: 5 }).execute();
    const d = dashboardView(await getDashboardFigures(t.db, buyer));
    expect(d.stats.map((s) => [s.label, s.value, s.hint])).toEqual([
      ['Purchases', '2', '1 paid, 1 free'],
      ['Favorites', '1', 'Products you saved'],
      ['Following', '2', '1 creators, 1 AI tools'],
      ['Reviews written', '1', 'Of products and creators'],
    ]);
    expect(d.checklist.map((s) => s.done)).toEqual([false, true, true, true]);
  });

  it('community: Posts, Connections, Discussions and Reputation are real figures (docs/decisions/036)', async () => {
    const member = asUser(await createUser(t.db, { userType: 'community' }), 'community');
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await t.db
      .insertInto('follows')
      .values([
        { follower_id: member.id, following_id: a.id },
        { follower_id: a.id, following_id: member.id },
        { follower_id: b.id, following_id: member.id },
      ])
      .execute();
    // Followers count toward reputation once their accounts were a day old when they followed (docs/decisions/052).
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await t.db.updateTable('users').set({ created_at: twoDaysAgo }).where('id', 'in', [a.id, b.id]).execute();
    const d = dashboardView(await getDashboardFigures(t.db, member));
    expect(d.stats.map((s) => [s.label, s.value, s.hint])).toEqual([
      ['Posts', '0', '0 threads, 0 replies'],
      ['Connections', '2', 'People you follow or who follow you'],
      ['Discussions', '0', 'Threads you started or replied to'],
      ['Reputation', '20', '0 up-votes, 0 accepted answers, 0 reviews, 2 followers'],
    ]);
  });
});

describe('studio API', () => {
  it('exports CSV and requests payouts for the signed-in user only', async () => {
    const visitorCsv = await call(getCsv, '/api/studio/earnings.csv');
    expect(visitorCsv.status).toBe(401);
    expect((await call(postPayout, '/api/studio/payouts', { method: 'POST' })).status).toBe(401);

    const session = await signUp('creator');
    const csv = await call(getCsv, '/api/studio/earnings.csv', { session });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="toolmint-earnings-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.bytes.toString()).toBe('Date,Product,Type,Gross (USD),Platform fee (USD),Net (USD),Status\r\n');

    const none = await call(postPayout, '/api/studio/payouts', { method: 'POST', session });
    expect(none.status).toBe(409);
    expect(none.body.error).toEqual({ code: 'NO_PAYOUT_BALANCE', message: 'There is no balance available to pay out' });

    const buyer = await createUser(t.db, { userType: 'buyer' });
    const p = await createProduct(t.db, session.userId, { price: 12 });
    await sell(p.id, buyer.id, 12);
    // The route takes no body: a field is unknown, refused before anything is recorded (issue 29).
    const forged = await call(postPayout, '/api/studio/payouts', { method: 'POST', session, json: { amountCents: 999999999 } });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { _: 'Unknown field: amountCents' } });
    expect(await t.db.selectFrom('payout_requests').select('id').where('seller_id', '=', session.userId).execute()).toEqual([]);
    const paid = await call(postPayout, '/api/studio/payouts', { method: 'POST', session, json: {} });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amountCents: 1020, status: 'requested' });
  });
});
