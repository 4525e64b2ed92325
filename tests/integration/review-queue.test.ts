/**
 * Publishing that resists spam (issue 15, docs/decisions/031), through the real routes where a
 * client would call them (src/middleware.ts, real sessions, a real database):
 * - a listing whose title is nearly the same as another of the creator's (pg_trgm similarity
 *   above 0.8) is refused with a message on `title`, on create and on rename; another creator may
 *   use the same title;
 * - the review queue: a young account's first products answer 'in_review' (a verified account
 *   younger than 7 days; an unverified one is refused publishing outright by decision 012, and
 *   the rule itself queues it), the 4th product once 3 were approved is published, an old
 *   verified account is not queued, NEW_CREATOR_REVIEW=off publishes at once;
 * - a product in review is in no public read (product page, search, marketplace, tool page,
 *   sitemap, portfolio, access, download, view) until it is approved;
 * - approve publishes it as a publish does (the pages re-rendered, product.published queued);
 *   reject keeps it private with a reason the creator reads and is emailed, and publishing it
 *   again submits it again;
 * - only administrators see the queue and decide.
 * The integration project runs with NEW_CREATOR_REVIEW=off (vitest.config.ts); these tests turn
 * it on per test (it is read on every publish).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { newCreatorReview } from '@/env';
import { needsReview } from '@/functions/products/products.service';
import { getProductPage } from '@/functions/catalogue/product-page.service';
import { searchCatalogue } from '@/functions/catalogue/search.service';
import { getMarketplaceFirstPage, getSitemapPagesSource, getSitemapShard, getToolPageData } from '@/functions/catalogue/catalogue-pages.service';
import { getPublicPortfolio } from '@/functions/profiles/profile-page.service';
import { GET as listMine, POST as createMine } from '@/src/pages/api/me/products/index';
import { GET as getOne, PATCH as patchOne } from '@/src/pages/api/me/products/[id]';
import { GET as listQueue } from '@/src/pages/api/admin/products';
import { POST as approve } from '@/src/pages/api/admin/products/[id]/approve';
import { POST as reject } from '@/src/pages/api/admin/products/[id]/reject';
import { GET as access } from '@/src/pages/api/products/[id]/access';
import { POST as download } from '@/src/pages/api/products/[id]/download';
import { POST as view } from '@/src/pages/api/products/[id]/view';
import { deliverQueuedEmails } from '../support/emails';
import { call, signUp, testMailer, type TestSession } from '../support/api';
import { ensureCategories, freeProductBody } from '../support/factories';
import { sendDueWebhooks } from '../support/webhook-jobs';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let admin: TestSession;
let buyer: TestSession;

const DAY = 24 * 60 * 60 * 1000;

let n = 0;
/** A valid free product with its own title (distinct words each time, so titles are never near duplicates by accident). */
function product(overrides: Record<string, unknown> = {}) {
  n += 1;
  const word = ['amber', 'basalt', 'cobalt', 'dune', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'juniper', 'kelp', 'lagoon'][n % 12];
  return freeProductBody(`${word} toolkit number ${n} ${Math.random().toString(36).slice(2, 8)}`, overrides);
}

async function create(session: TestSession, body: Record<string, unknown>) {
  return call(createMine, '/api/me/products', { method: 'POST', session, json: body });
}
const patch = (session: TestSession, id: string, json: unknown) => call(patchOne, `/api/me/products/${id}`, { method: 'PATCH', session, params: { id }, json });
const getMine = (session: TestSession, id: string) => call(getOne, `/api/me/products/${id}`, { session, params: { id } });
const approveAs = (session: TestSession | null, id: string) => call(approve, `/api/admin/products/${id}/approve`, { method: 'POST', session, params: { id } });
const rejectAs = (session: TestSession | null, id: string, reason: unknown) =>
  call(reject, `/api/admin/products/${id}/reject`, { method: 'POST', session, params: { id }, json: { reason } });

/** Makes the account `days` old. */
async function age(session: TestSession, days: number) {
  await t.db
    .updateTable('users')
    .set({ created_at: new Date(Date.now() - days * DAY) })
    .where('id', '=', session.userId)
    .execute();
}

/** Every public read that could show a product, and whether it does. */
async function publicly(id: string, creatorId: string) {
  const title = (await t.db.selectFrom('products').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title;
  const shard = id[0]!;
  const [page, search, marketplace, tool, sitemap, pages, portfolio] = await Promise.all([
    getProductPage(t.db, id),
    searchCatalogue(t.db, { search: title }),
    getMarketplaceFirstPage(t.db),
    getToolPageData(t.db, 'chatgpt', 100),
    getSitemapShard(t.db, shard),
    getSitemapPagesSource(t.db),
    getPublicPortfolio(t.db, creatorId, { limit: 50 }),
  ]);
  return {
    page: Boolean(page),
    search: search.items.some((p) => p.id === id),
    marketplace: marketplace.items.some((p) => p.id === id),
    tool: tool.products.some((p) => p.id === id),
    sitemap: sitemap.some((p) => p.id === id),
    creatorInSitemap: pages.creatorIds.includes(creatorId),
    portfolio: portfolio.items.some((p) => p.id === id),
    access: (await call(access, `/api/products/${id}/access`, { session: buyer, params: { id } })).status,
    download: (await call(download, `/api/products/${id}/download`, { method: 'POST', session: buyer, params: { id } })).status,
    view: (await call(view, `/api/products/${id}/view`, { method: 'POST', session: buyer, params: { id }, json: {} })).status,
  };
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await ensureCategories(t.db);
  admin = await signUp('buyer', 'Ada Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  buyer = await signUp('buyer', 'Bea Buyer');
});

beforeEach(() => {
  vi.stubEnv('NEW_CREATOR_REVIEW', 'on');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('near-duplicate titles', () => {
  it("refuses a listing nearly the same as one of the creator's own, on create and on rename, with a message on title", async () => {
    vi.stubEnv('NEW_CREATOR_REVIEW', 'off');
    const creator = await signUp('creator', 'Dup Creator');
    const first = await create(creator, product({ title: 'Cold email sequences for SaaS founders' }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    // Case and punctuation do not make another listing.
    const copy = await create(creator, product({ title: 'Cold Email Sequences for SaaS Founders!' }));
    expect(copy.status).toBe(409);
    expect(copy.body.error.code).toBe('DUPLICATE_TITLE');
    expect(copy.body.error.fields.title).toBe(
      'You already have a product called “Cold email sequences for SaaS founders”. Give this one a title that says how it is different, or edit that product instead.',
    );
    // A different product of the same creator is fine.
    const other = await create(creator, product({ title: 'Warm outreach templates for agencies' }));
    expect(other.status).toBe(201);

    // A rename into the first title is refused too, and nothing changes.
    const renamed = await patch(creator, other.body.id, { title: 'Cold email sequence for SaaS founders' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.fields).toHaveProperty('title');
    expect((await getMine(creator, other.body.id)).body.title).toBe('Warm outreach templates for agencies');
    // Renaming a listing to a small variation of its own title is not a duplicate of itself.
    expect((await patch(creator, first.body.id, { title: 'Cold email sequences for SaaS founders.' })).status).toBe(200);

    // A draft copy (to rework) may share the title; publishing it is refused.
    const draft = await create(creator, product({ title: 'Cold email sequences for SaaS founders', status: 'draft' }));
    expect(draft.status).toBe(201);
    const published = await patch(creator, draft.body.id, { status: 'published' });
    expect(published.status).toBe(409);
    expect((await getMine(creator, draft.body.id)).body.status).toBe('draft');

    // Another creator may use the very same title.
    const someoneElse = await signUp('creator', 'Other Creator');
    const theirs = await create(someoneElse, product({ title: 'Cold email sequences for SaaS founders' }));
    expect(theirs.status).toBe(201);
    expect(theirs.body.status).toBe('published');
  });

  it('counts products in review and rejected ones as listings', async () => {
    const creator = await signUp('creator', 'Queued Dup');
    const first = await create(creator, product({ title: 'Midjourney poster prompts for cafes' }));
    expect(first.body.status).toBe('in_review');
    const copy = await create(creator, product({ title: 'Midjourney poster prompts for cafés' }));
    expect(copy.status).toBe(409);
    expect((await rejectAs(admin, first.body.id, 'Too thin')).status).toBe(200);
    expect((await create(creator, product({ title: 'Midjourney poster prompts for cafes!' }))).status).toBe(409);
  });
});

describe('the review queue', () => {
  it('is on by default and off with NEW_CREATOR_REVIEW=off (validated: anything else is refused)', () => {
    expect(newCreatorReview({})).toBe(true);
    expect(newCreatorReview({ NEW_CREATOR_REVIEW: '' })).toBe(true);
    expect(newCreatorReview({ NEW_CREATOR_REVIEW: 'on' })).toBe(true);
    expect(newCreatorReview({ NEW_CREATOR_REVIEW: 'off' })).toBe(false);
    expect(() => newCreatorReview({ NEW_CREATOR_REVIEW: 'no' })).toThrow();
  });

  it("holds a young account's first products: 'published' answers 'in_review', on create and on PATCH", async () => {
    const creator = await signUp('creator', 'Young Creator');
    const created = await create(creator, product());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'in_review', published_at: null, review_note: null });
    expect(created.body.submitted_at).toEqual(expect.any(String));

    const draft = await create(creator, product({ status: 'draft' }));
    expect(draft.body.status).toBe('draft');
    const patched = await patch(creator, draft.body.id, { status: 'published' });
    expect(patched.status).toBe(200);
    expect(patched.body.status).toBe('in_review');
    // Editing it keeps it in review; sending the GET back (status in_review) too.
    const edited = await patch(creator, draft.body.id, { short_description: 'Edited while in review' });
    expect(edited.body.status).toBe('in_review');
    expect((await patch(creator, draft.body.id, { status: 'in_review' })).body.status).toBe('in_review');
    // It can be withdrawn to a draft.
    expect((await patch(creator, draft.body.id, { status: 'draft' })).body.status).toBe('draft');
    // The creator's list filters by the status.
    const listed = await call(listMine, '/api/me/products?status=in_review', { session: creator });
    expect(listed.body.items.map((p: { id: string }) => p.id)).toEqual([created.body.id]);
    // 'rejected' is a reviewer's answer, not a creator's choice.
    const chosen = await patch(creator, created.body.id, { status: 'rejected' });
    expect(chosen.status).toBe(400);
    expect(chosen.body.error.fields).toHaveProperty('status');
  });

  it('holds the products of an account with an unverified email (the rule), which decision 012 refuses publishing outright', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 30 * DAY);
    expect(needsReview({ createdAt: old, emailVerified: false, publicProducts: 0 }, { everPublic: false }, now, true)).toBe(true);
    expect(needsReview({ createdAt: old, emailVerified: true, publicProducts: 0 }, { everPublic: false }, now, true)).toBe(false);
    expect(needsReview({ createdAt: now, emailVerified: true, publicProducts: 0 }, { everPublic: false }, now, true)).toBe(true);
    expect(needsReview({ createdAt: now, emailVerified: true, publicProducts: 3 }, { everPublic: false }, now, true)).toBe(false);
    expect(needsReview({ createdAt: now, emailVerified: true, publicProducts: 0 }, { everPublic: true }, now, true)).toBe(false);
    expect(needsReview({ createdAt: now, emailVerified: false, publicProducts: 0 }, { everPublic: false }, now, false)).toBe(false);
    // Just under and just over 7 days.
    expect(
      needsReview({ createdAt: new Date(now.getTime() - 7 * DAY + 60_000), emailVerified: true, publicProducts: 0 }, { everPublic: false }, now, true),
    ).toBe(true);
    expect(
      needsReview({ createdAt: new Date(now.getTime() - 7 * DAY - 60_000), emailVerified: true, publicProducts: 0 }, { everPublic: false }, now, true),
    ).toBe(false);

    // Through the API: an old account with an unverified email never gets a public product.
    const unverified = await signUp('creator', 'Unverified Creator', { verified: false });
    await age(unverified, 30);
    const refused = await create(unverified, product());
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    const products = await t.db.selectFrom('products').select('status').where('creator_id', '=', unverified.userId).execute();
    expect(products).toEqual([]);
  });

  it('publishes the 4th product of a young account once its first 3 were approved', async () => {
    const creator = await signUp('creator', 'Busy Creator');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await create(creator, product());
      expect(res.body.status).toBe('in_review');
      ids.push(res.body.id);
    }
    // A 4th while none is approved waits too: approvals, not attempts, count.
    const early = await create(creator, product({ status: 'draft' }));
    expect((await patch(creator, early.body.id, { status: 'published' })).body.status).toBe('in_review');
    for (const id of ids) expect((await approveAs(admin, id)).status).toBe(200);
    const fourth = await create(creator, product());
    expect(fourth.status).toBe(201);
    expect(fourth.body.status).toBe('published');
  });

  it('does not hold an old account with a verified email, nor a product that was public before', async () => {
    const creator = await signUp('creator', 'Old Creator');
    await age(creator, 8);
    const res = await create(creator, product());
    expect(res.body.status).toBe('published');

    const young = await signUp('creator', 'Young Again');
    const queued = await create(young, product());
    expect((await approveAs(admin, queued.body.id)).status).toBe(200);
    // Unpublished and published again: it was approved once, it does not wait again.
    expect((await patch(young, queued.body.id, { status: 'draft' })).body.status).toBe('draft');
    expect((await patch(young, queued.body.id, { status: 'published' })).body.status).toBe('published');
  });

  it('publishes at once with NEW_CREATOR_REVIEW=off', async () => {
    vi.stubEnv('NEW_CREATOR_REVIEW', 'off');
    const creator = await signUp('creator', 'Unqueued Creator');
    const res = await create(creator, product());
    expect(res.body.status).toBe('published');
  });
});

describe('a product in review is in no public read', () => {
  it('until an administrator approves it: then everywhere, with its pages re-rendered and product.published queued', async () => {
    const creator = await signUp('creator', 'Hidden Creator');
    await t.db
      .insertInto('webhook_endpoints')
      .values({ user_id: creator.userId, url: 'http://127.0.0.1:9/hooks', description: '', events: ['product.published'], secret: 'whsec_test' })
      .execute();
    const res = await create(creator, product());
    const id = res.body.id as string;
    expect(res.body.status).toBe('in_review');

    expect(await publicly(id, creator.userId)).toEqual({
      page: false,
      search: false,
      marketplace: false,
      tool: false,
      sitemap: false,
      creatorInSitemap: false,
      portfolio: false,
      access: 404,
      download: 404,
      view: 404,
    });
    // No page was asked to render it, and no webhook announced it.
    expect(await t.db.selectFrom('rebuild_requests').select('reason').where('product_id', '=', id).execute()).toEqual([]);
    const deliveries = () =>
      t.db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select('d.event_type')
        .where('e.user_id', '=', creator.userId)
        .execute();
    expect(await deliveries()).toEqual([]);
    // Its creator still sees it, as a preview in the studio.
    expect((await getMine(creator, id)).body.status).toBe('in_review');

    const queue = await call(listQueue, '/api/admin/products?limit=100', { session: admin });
    expect(queue.status).toBe(200);
    expect(queue.body.items.find((p: { id: string }) => p.id === id)).toMatchObject({
      title: res.body.title,
      creatorId: creator.userId,
      creatorEmail: creator.email,
      creatorEmailVerified: true,
    });

    const approved = await approveAs(admin, id);
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ id, status: 'published' });
    expect(await publicly(id, creator.userId)).toMatchObject({
      page: true,
      search: true,
      marketplace: true,
      tool: true,
      sitemap: true,
      creatorInSitemap: true,
      portfolio: true,
      access: 200,
      download: 200,
    });
    const rebuilt = await t.db.selectFrom('rebuild_requests').select(['reason', 'paths']).where('product_id', '=', id).execute();
    expect(rebuilt).toHaveLength(1);
    expect(rebuilt[0]!.reason).toBe('published');
    expect(rebuilt[0]!.paths).toEqual(expect.arrayContaining([`/product/${id}`, '/marketplace', '/tools/chatgpt']));
    await sendDueWebhooks(t.db);
    expect(await deliveries()).toEqual([{ event_type: 'product.published' }]);
    const mine = (await getMine(creator, id)).body;
    expect(mine.status).toBe('published');
    expect(mine.published_at).toEqual(expect.any(String));
    await deliverQueuedEmails(t.db);
    expect(testMailer().lastTo(creator.email, /is live/)).toBeDefined();
    // Out of the queue, and a second decision is refused.
    const after = await call(listQueue, '/api/admin/products?limit=100', { session: admin });
    expect(after.body.items.some((p: { id: string }) => p.id === id)).toBe(false);
    expect((await approveAs(admin, id)).status).toBe(409);
    expect((await rejectAs(admin, id, 'Too late')).body.error.code).toBe('NOT_IN_REVIEW');
  });
});

describe('rejecting', () => {
  it('keeps it private with a reason the creator reads and is emailed; publishing it again submits it again', async () => {
    const creator = await signUp('creator', 'Rejected Creator');
    const { body } = await create(creator, product());
    const id = body.id as string;

    const empty = await rejectAs(admin, id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.reason).toBe('Say why, so the creator knows what to change');
    const long = await rejectAs(admin, id, 'x'.repeat(1001));
    expect(long.status).toBe(400);
    expect(long.body.error.fields.reason).toBe('The reason must be 1000 characters or fewer');
    expect((await getMine(creator, id)).body.status).toBe('in_review');

    const reason = 'The description promises features the text does not deliver. Say what the prompts do.';
    const rejected = await rejectAs(admin, id, reason);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ id, status: 'rejected' });
    const mine = (await getMine(creator, id)).body;
    expect(mine).toMatchObject({ status: 'rejected', review_note: reason, published_at: null });
    await deliverQueuedEmails(t.db);
    const email = testMailer().lastTo(creator.email, /not approved/);
    expect(email?.text).toContain(reason);
    expect(email?.text).toContain(`/products?edit=${id}`);
    expect((await publicly(id, creator.userId)).page).toBe(false);
    expect((await getProductPage(t.db, id)) === null).toBe(true);

    // Sent back unchanged it stays rejected; edited and published again it waits again.
    expect((await patch(creator, id, { status: 'rejected', short_description: 'Now says what it does' })).body.status).toBe('rejected');
    const again = await patch(creator, id, { status: 'published' });
    expect(again.body).toMatchObject({ status: 'in_review', review_note: null });
    const queue = await call(listQueue, '/api/admin/products?limit=100', { session: admin });
    expect(queue.body.items.some((p: { id: string }) => p.id === id)).toBe(true);
  });
});

describe('authorization', () => {
  it('only administrators see the queue and decide', async () => {
    const creator = await signUp('creator', 'Self Approver');
    const { body } = await create(creator, product());
    const id = body.id as string;

    expect((await call(listQueue, '/api/admin/products', { session: null })).status).toBe(401);
    for (const who of [creator, buyer]) {
      expect((await call(listQueue, '/api/admin/products', { session: who })).status).toBe(403);
      expect((await approveAs(who, id)).status).toBe(403);
      expect((await rejectAs(who, id, 'No')).status).toBe(403);
    }
    expect((await approveAs(null, id)).status).toBe(401);
    expect((await getMine(creator, id)).body.status).toBe('in_review');

    // An administrator: an unknown product is a 404, a product not in review a 409.
    expect((await approveAs(admin, '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a')).status).toBe(404);
    vi.stubEnv('NEW_CREATOR_REVIEW', 'off');
    const draft = await create(creator, product({ status: 'draft' }));
    expect((await approveAs(admin, draft.body.id)).status).toBe(409);
  });
});
