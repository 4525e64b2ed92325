/**
 * Moderation and trust (issue 16, docs/decisions/037), through the real routes (src/middleware.ts,
 * real sessions, a real database; PGlite, or PostgreSQL with DATABASE_URL):
 * - reporting every kind of thing (thread, reply, product, product review, seller review,
 *   profile): one report per reporter and target (201, then 200 replacing it, 409 once
 *   resolved), never one's own, only what the public can see, signed in only;
 * - permissions of every moderation route: administrator, user, suspended user, signed out;
 * - every action, each with its log row (who, what, when, why) and every open report of the
 *   target resolved: dismiss, hide (thread, reply, product review, seller review, profile),
 *   remove a product (the product status path: pages re-rendered, no republishing), lock a
 *   thread, suspend (and hide all of the author's content in the same action), approve a held post;
 * - a suspended user refused posting, voting, reviewing (product and seller), publishing and
 *   buying with a 403 that says until when and why; the suspension ends by itself;
 * - posting limits (3/10 threads, 10/100 replies a day by account age) with 429 and Retry-After;
 * - links in a new account's first posts held for review, then approved from the queue.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { AppError } from '@/functions/_shared/errors';
import { assertCanPost, holdPostForReview } from '@/functions/community/post-guard';
import { hasLink } from '@/functions/moderation/posting';
import { getProfilePage } from '@/functions/profiles/profile-page.service';
import { PUT as reportRoute } from '@/src/pages/api/reports/[kind]/[targetId]';
import { GET as queueRoute } from '@/src/pages/api/admin/reports';
import { POST as actionRoute } from '@/src/pages/api/admin/reports/[id]/actions';
import { GET as logRoute } from '@/src/pages/api/admin/moderation-actions';
import { POST as createMine, GET as listMine } from '@/src/pages/api/me/products/index';
import { PATCH as patchMine } from '@/src/pages/api/me/products/[id]';
import { POST as reviewRoute } from '@/src/pages/api/products/[id]/reviews/index';
import { PUT as sellerReviewRoute } from '@/src/pages/api/reviews/[sellerId]';
import { POST as checkoutRoute } from '@/src/pages/api/checkout/index';
import { GET as productReviewsRoute } from '@/src/pages/api/products/[id]/reviews/index';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, ensureCategories, obtainFrom } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let admin: TestSession;
let reporter: TestSession;

const DAY = 24 * 60 * 60 * 1000;

let n = 0;
/** Reports are limited to 20 an hour per account and 60 per address: each test has its own reporter, each call its own address. */
const report = (who: TestSession | null, kind: string, targetId: string, json: unknown = { reason: 'spam', note: 'An advert.' }) =>
  call(reportRoute, `/api/reports/${kind}/${targetId}`, {
    method: 'PUT',
    session: who,
    params: { kind, targetId },
    json,
    address: `10.9.${(n += 1) % 250}.${n % 250}`,
  });
const queue = (who: TestSession | null, status = 'open') => call(queueRoute, `/api/admin/reports?status=${status}&limit=100`, { session: who });
const act = (who: TestSession | null, id: string, json: unknown) =>
  call(actionRoute, `/api/admin/reports/${id}/actions`, { method: 'POST', session: who, params: { id }, json });
const log = (who: TestSession | null) => call(logRoute, '/api/admin/moderation-actions?limit=100', { session: who });

/** Makes the account `days` old. */
async function age(userId: string, days: number) {
  await t.db
    .updateTable('users')
    .set({ created_at: new Date(Date.now() - days * DAY) })
    .where('id', '=', userId)
    .execute();
}

async function thread(authorId: string, overrides: Record<string, unknown> = {}) {
  return t.db
    .insertInto('community_threads')
    .values({ space_id: 'help', author_id: authorId, title: 'How do I chain prompts?', body: 'Body text', body_html: '<p>Body text</p>', ...overrides })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

async function reply(threadId: string, authorId: string, overrides: Record<string, unknown> = {}) {
  return t.db
    .insertInto('community_replies')
    .values({ thread_id: threadId, author_id: authorId, body: 'A reply', body_html: '<p>A reply</p>', ...overrides })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The open report of a target in the queue, as the administrator reads it. */
async function openReportOf(targetId: string) {
  const res = await queue(admin);
  expect(res.status).toBe(200);
  const item = res.body.items.find((r: { targetId: string }) => r.targetId === targetId);
  expect(item, `no open report of ${targetId}`).toBeTruthy();
  return item;
}

async function logRowsOf(targetId: string) {
  return t.db.selectFrom('moderation_actions').selectAll().where('target_id', '=', targetId).orderBy('created_at').execute();
}

async function codeOf(fn: () => Promise<unknown>): Promise<{ code: string; status: number; message: string; retryAfter?: number | undefined } | null> {
  try {
    await fn();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, status: error.status, message: error.message, retryAfter: error.retryAfterSeconds };
  }
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await ensureCategories(t.db);
  admin = await signUp('buyer', 'Ada Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
});

beforeEach(async () => {
  reporter = await signUp('buyer', 'Rita Reporter');
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('reports', () => {
  it('reports every kind of thing once per reporter: 201, then 200 replacing it, 409 once resolved', async () => {
    const author = await signUp('creator', 'Sam Seller');
    const buyer = await signUp('buyer', 'Bo Buyer');
    const product = await createProduct(t.db, author.userId, { title: 'Reported kit' });
    const got = await obtainFrom(t.db, buyer.userId, author.userId);
    const review = await t.db
      .insertInto('product_reviews')
      .values({ product_id: got.id, reviewer_id: buyer.userId, rating: 1, review_text: 'Visit my shop instead.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sellerReview = await t.db
      .insertInto('seller_reviews')
      .values({ seller_id: author.userId, reviewer_id: buyer.userId, rating: 1, review_text: 'Bad seller, buy from me' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const th = await thread(author.userId);
    const re = await reply(th.id, buyer.userId);
    const targets: [string, string][] = [
      ['thread', th.id],
      ['reply', re.id],
      ['product', product.id],
      ['product_review', review.id],
      ['seller_review', sellerReview.id],
      ['profile', author.userId],
    ];
    for (const [kind, id] of targets) {
      const first = await report(reporter, kind, id);
      expect(first.status, `${kind}: ${JSON.stringify(first.body)}`).toBe(201);
      expect(first.body).toMatchObject({ targetKind: kind, targetId: id, reason: 'spam', note: 'An advert.', status: 'open' });
      const again = await report(reporter, kind, id, { reason: 'harassment' });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: first.body.id, reason: 'harassment', note: null });
    }
    expect(await t.db.selectFrom('reports').select('id').where('reporter_id', '=', reporter.userId).execute()).toHaveLength(6);

    // Signed out: 401. Unknown reason: 400 naming the field. One's own: 403. Nothing there: 404.
    expect((await report(null, 'product', product.id)).status).toBe(401);
    expect((await report(reporter, 'product', product.id, { reason: 'boring' })).body.error.fields).toEqual({ reason: 'Choose a reason' });
    expect((await report(reporter, 'product', product.id, { reason: 'spam', note: 'x'.repeat(1001) })).body.error.fields).toHaveProperty('note');
    expect((await report(author, 'product', product.id)).body.error.code).toBe('CANNOT_REPORT_OWN');
    expect((await report(author, 'profile', author.userId)).body.error.code).toBe('CANNOT_REPORT_OWN');
    expect((await report(reporter, 'product', '00000000-0000-4000-8000-000000000000')).body.error.code).toBe('REPORT_TARGET_NOT_FOUND');
    expect((await report(reporter, 'planet', product.id)).status).toBe(400);
    const draft = await createProduct(t.db, author.userId, { title: 'Draft kit', status: 'draft' });
    expect((await report(reporter, 'product', draft.id)).status).toBe(404);

    // Dismissed: a second report by the same person is a 409; someone else may still report it.
    const item = await openReportOf(product.id);
    expect((await act(admin, item.id, { action: 'dismiss', reason: 'Not a violation.' })).status).toBe(200);
    expect((await report(reporter, 'product', product.id)).body.error.code).toBe('ALREADY_REPORTED');
    expect((await report(buyer, 'product', product.id)).status).toBe(201);
  });

  it('shows each report in context to administrators only, open oldest first and resolved newest first', async () => {
    const author = await signUp('community', 'Tess Troll');
    const th = await thread(author.userId, { title: 'Buy followers cheap here', body: 'cheap followers at example dot com' });
    await report(reporter, 'thread', th.id);
    const item = await openReportOf(th.id);
    expect(item).toMatchObject({
      reason: 'spam',
      note: 'An advert.',
      status: 'open',
      reporterId: reporter.userId,
      reporterName: 'Rita Reporter',
      resolution: null,
      target: {
        exists: true,
        title: 'Buy followers cheap here',
        text: 'cheap followers at example dot com',
        url: `/community/${th.id}`,
        authorId: author.userId,
        authorName: 'Tess Troll',
        hidden: false,
        locked: false,
        authorSuspendedUntil: null,
      },
    });
    const open = (await queue(admin)).body.items as { createdAt: string }[];
    expect(open.map((r) => r.createdAt)).toEqual([...open.map((r) => r.createdAt)].sort());

    // Permissions: a user and a suspended user get 403, a visitor 401, on every moderation route.
    const suspended = await signUp('buyer', 'Sue Suspended');
    await t.db
      .updateTable('profiles')
      .set({ suspended_until: new Date(Date.now() + DAY), suspension_reason: 'Spam' })
      .where('id', '=', suspended.userId)
      .execute();
    for (const who of [reporter, suspended]) {
      expect((await queue(who)).status).toBe(403);
      expect((await queue(who, 'resolved')).status).toBe(403);
      expect((await act(who, item.id, { action: 'dismiss', reason: 'x' })).status).toBe(403);
      expect((await log(who)).status).toBe(403);
    }
    expect((await queue(null)).status).toBe(401);
    expect((await act(null, item.id, { action: 'dismiss', reason: 'x' })).status).toBe(401);
    expect((await log(null)).status).toBe(401);
    // A suspended user may still report (harassment of them, for one).
    expect((await report(suspended, 'thread', th.id)).status).toBe(201);
    // Nothing changed by the refused attempts.
    expect(await logRowsOf(th.id)).toHaveLength(0);

    // Bad input: unknown action, no reason, an unknown report.
    expect((await act(admin, item.id, { action: 'ban', reason: 'x' })).body.error.fields).toHaveProperty('action');
    expect((await act(admin, item.id, { action: 'hide' })).body.error.fields).toEqual({ reason: 'Say why: the log keeps it' });
    expect((await act(admin, '00000000-0000-4000-8000-000000000000', { action: 'dismiss', reason: 'x' })).status).toBe(404);
    // Actions that do not fit the target: 409.
    expect((await act(admin, item.id, { action: 'remove_product', reason: 'x' })).body.error.code).toBe('ACTION_NOT_APPLICABLE');
    expect((await act(admin, item.id, { action: 'approve', reason: 'x' })).body.error.code).toBe('ACTION_NOT_APPLICABLE');

    const hidden = await act(admin, item.id, { action: 'hide', reason: 'Selling followers.' });
    expect(hidden.status).toBe(200);
    // Both open reports of the thread are resolved by it.
    expect(hidden.body.resolvedReports).toHaveLength(2);
    expect((await act(admin, item.id, { action: 'hide', reason: 'again' })).body.error.code).toBe('REPORT_RESOLVED');
    const resolved = (await queue(admin, 'resolved')).body.items;
    expect(resolved[0]).toMatchObject({ targetId: th.id, status: 'resolved', resolution: 'hide', resolvedByName: 'Ada Admin', target: { hidden: true } });
  });
});

describe('actions, each logged', () => {
  it('hides a thread and a reply (out of the public lists) and locks a thread', async () => {
    const author = await signUp('community', 'Hal Hidden');
    const th = await thread(author.userId);
    const re = await reply(th.id, author.userId);
    await report(reporter, 'reply', re.id);
    const r1 = await openReportOf(re.id);
    const res = await act(admin, r1.id, { action: 'hide', reason: 'Abusive reply.' });
    expect(res.body.log).toEqual([
      expect.objectContaining({
        action: 'hide',
        actorId: admin.userId,
        actorName: 'Ada Admin',
        targetKind: 'reply',
        targetId: re.id,
        subjectUserId: author.userId,
        reportId: r1.id,
        reason: 'Abusive reply.',
        until: null,
      }),
    ]);
    expect((await t.db.selectFrom('community_replies').select('hidden_at').where('id', '=', re.id).executeTakeFirstOrThrow()).hidden_at).not.toBeNull();

    await report(reporter, 'thread', th.id, { reason: 'harassment' });
    const r2 = await openReportOf(th.id);
    const locked = await act(admin, r2.id, { action: 'lock_thread', reason: 'Heated: closing it.' });
    expect(locked.status).toBe(200);
    const row = await t.db.selectFrom('community_threads').select(['locked_at', 'hidden_at']).where('id', '=', th.id).executeTakeFirstOrThrow();
    expect(row.locked_at).not.toBeNull();
    expect(row.hidden_at).toBeNull();
    expect((await logRowsOf(th.id)).map((a) => [a.action, a.actor_id, a.reason])).toEqual([['lock_thread', admin.userId, 'Heated: closing it.']]);

    // The log, newest first, for administrators.
    const entries = (await log(admin)).body.items;
    expect(entries[0]).toMatchObject({ action: 'lock_thread', targetId: th.id, actorName: 'Ada Admin', subjectName: 'Hal Hidden' });
  });

  it("hides a product review and a seller review: out of the lists and of the product's and seller's ratings", async () => {
    const seller = await signUp('creator', 'Rae Rated');
    const troll = await signUp('buyer', 'Rex Review');
    const got = await obtainFrom(t.db, troll.userId, seller.userId);
    const posted = await call(reviewRoute, `/api/products/${got.id}/reviews`, {
      method: 'POST',
      session: troll,
      params: { id: got.id },
      json: { rating: 1, text: 'Terrible, buy my course instead.' },
    });
    expect(posted.status).toBe(201);
    const sellerReview = await call(sellerReviewRoute, `/api/reviews/${seller.userId}`, {
      method: 'PUT',
      session: troll,
      params: { sellerId: seller.userId },
      json: { rating: 1, text: 'Awful person, buy from me.' },
    });
    expect(sellerReview.status).toBe(201);
    await t.db.deleteFrom('rebuild_requests').execute();

    await report(reporter, 'product_review', posted.body.review.id);
    const r1 = await openReportOf(posted.body.review.id);
    expect((await act(admin, r1.id, { action: 'hide', reason: 'Advertising.' })).status).toBe(200);
    const product = await t.db.selectFrom('products').select(['rating', 'review_count']).where('id', '=', got.id).executeTakeFirstOrThrow();
    expect(product).toMatchObject({ review_count: 0 });
    expect(Number(product.rating)).toBe(0);
    const list = await call(productReviewsRoute, `/api/products/${got.id}/reviews`, { params: { id: got.id } });
    expect(list.body.items).toEqual([]);
    // The stored pages that show the rating are re-rendered.
    expect((await t.db.selectFrom('rebuild_requests').select(['reason', 'product_id']).execute()).map((r) => [r.reason, r.product_id])).toContainEqual([
      'review',
      got.id,
    ]);

    await report(reporter, 'seller_review', sellerReview.body.review.id);
    const r2 = await openReportOf(sellerReview.body.review.id);
    expect((await act(admin, r2.id, { action: 'hide', reason: 'Abuse.' })).status).toBe(200);
    const profile = await t.db.selectFrom('profiles').select(['review_count']).where('id', '=', seller.userId).executeTakeFirstOrThrow();
    expect(profile.review_count).toBe(0);
    const page = await getProfilePage(t.db, seller.userId, null);
    expect(page?.reviews).toEqual([]);
    expect((await logRowsOf(posted.body.review.id)).map((a) => a.action)).toEqual(['hide']);
    expect((await logRowsOf(sellerReview.body.review.id)).map((a) => a.action)).toEqual(['hide']);
  });

  it("hides a profile's own words from public reads", async () => {
    const person = await signUp('buyer', 'Pat Profile');
    await t.db.updateTable('profiles').set({ bio: 'Visit my scam site', website: 'https://scam.example' }).where('id', '=', person.userId).execute();
    await report(reporter, 'profile', person.userId, { reason: 'misleading' });
    const r = await openReportOf(person.userId);
    expect((await act(admin, r.id, { action: 'hide', reason: 'Scam links.' })).status).toBe(200);
    const page = await getProfilePage(t.db, person.userId, null);
    expect(page?.profile.bio ?? null).toBeNull();
    expect(page?.profile.website ?? null).toBeNull();
    // Its owner still sees their own profile as they wrote it.
    expect((await getProfilePage(t.db, person.userId, person.userId))?.profile.bio).toBe('Visit my scam site');
    expect((await logRowsOf(person.userId)).map((a) => a.action)).toEqual(['hide']);
  });

  it('removes a product from the marketplace through the status path: pages re-rendered, never published again by its creator', async () => {
    const creator = await signUp('creator', 'Mal Ware');
    await age(creator.userId, 30);
    const created = await call(createMine, '/api/me/products', {
      method: 'POST',
      session: creator,
      json: {
        title: 'Totally safe installer',
        description: 'An installer that sets up every AI tool on your machine in one click, with no questions asked.',
        short_description: 'One-click installer',
        content_delivery_type: 'text',
        content_text: 'Run it.',
        pricing_model: 'free',
        price: 0,
        category_id: 'tech',
        ai_tool_type: 'chatgpt',
        status: 'published',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    await t.db.deleteFrom('rebuild_requests').execute();
    await report(reporter, 'product', id, { reason: 'malware', note: 'It installs a miner.' });
    const r = await openReportOf(id);
    expect(r.target).toMatchObject({ title: 'Totally safe installer', url: `/product/${id}`, authorName: 'Mal Ware' });
    expect((await act(admin, r.id, { action: 'hide', reason: 'x' })).body.error.code).toBe('ACTION_NOT_APPLICABLE');
    const removed = await act(admin, r.id, { action: 'remove_product', reason: 'Malware.' });
    expect(removed.status).toBe(200);
    const row = await t.db.selectFrom('products').select(['status', 'review_note', 'removed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', review_note: 'Malware.' });
    expect(row.removed_at).not.toBeNull();
    const rebuilds = await t.db.selectFrom('rebuild_requests').select(['reason', 'product_id', 'paths']).execute();
    expect(rebuilds).toContainEqual(expect.objectContaining({ reason: 'unpublished', product_id: id }));
    // The creator cannot publish it again.
    const again = await call(patchMine, `/api/me/products/${id}`, { method: 'PATCH', session: creator, params: { id }, json: { status: 'published' } });
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe('PRODUCT_REMOVED');
    expect((await logRowsOf(id)).map((a) => [a.action, a.reason])).toEqual([['remove_product', 'Malware.']]);
  });
});

describe('suspension', () => {
  it('refuses posting, voting, reviewing, publishing and buying with a 403 that says until when and why; ends by itself', async () => {
    const seller = await signUp('creator', 'Sid Seller');
    const bad = await signUp('creator', 'Bea Banned');
    await age(bad.userId, 30);
    const got = await obtainFrom(t.db, bad.userId, seller.userId);
    const paid = await createProduct(t.db, seller.userId, { title: 'Paid kit', price: 19, pricing_model: 'one_time' });
    const th = await thread(bad.userId, { title: 'My spam thread' });
    await report(reporter, 'thread', th.id);
    const r = await openReportOf(th.id);

    // Suspending needs an end date in the future.
    expect((await act(admin, r.id, { action: 'suspend', reason: 'Spam.' })).body.error.fields).toHaveProperty('until');
    expect((await act(admin, r.id, { action: 'suspend', reason: 'Spam.', until: new Date(Date.now() - DAY).toISOString() })).status).toBe(400);
    const until = new Date(Date.now() + 7 * DAY);
    const suspended = await act(admin, r.id, { action: 'suspend', reason: 'Repeated spam.', until: until.toISOString() });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(suspended.body.log).toEqual([
      expect.objectContaining({ action: 'suspend', subjectUserId: bad.userId, reason: 'Repeated spam.', until: until.toISOString() }),
    ]);
    expect((await queue(admin, 'resolved')).body.items.find((i: { id: string }) => i.id === r.id).target.authorSuspendedUntil).toBe(until.toISOString());

    const expectSuspended = (res: { status: number; body: { error: { code: string; message: string } } }, what: string) => {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.error.code).toBe('SUSPENDED');
      expect(res.body.error.message).toMatch(new RegExp(`^Your account is suspended until .+ UTC, so you cannot ${what}\\. Reason: Repeated spam\\.$`));
    };
    // Community: every post and vote passes assertCanPost.
    for (const action of ['thread', 'reply', 'edit', 'vote'] as const) {
      const refused = await codeOf(() => assertCanPost(t.db, bad.userId, { action, text: 'hello' }));
      expect(refused).toMatchObject({ code: 'SUSPENDED', status: 403 });
      expect(refused!.message).toContain('Repeated spam.');
    }
    // Deleting one's own post stays open.
    expect(await codeOf(() => assertCanPost(t.db, bad.userId, { action: 'delete' }))).toBeNull();
    // Reviews.
    expectSuspended(
      await call(reviewRoute, `/api/products/${got.id}/reviews`, {
        method: 'POST',
        session: bad,
        params: { id: got.id },
        json: { rating: 5, text: 'Great kit, would use again.' },
      }),
      'write reviews',
    );
    expectSuspended(
      await call(sellerReviewRoute, `/api/reviews/${seller.userId}`, {
        method: 'PUT',
        session: bad,
        params: { sellerId: seller.userId },
        json: { rating: 5, text: 'Great seller to work with.' },
      }),
      'write reviews',
    );
    // Publishing (a draft is still allowed: nothing public).
    const product = {
      title: 'Spam toolkit for testing',
      description: 'A description long enough to pass the rules of the product form for this test.',
      short_description: 'Short',
      content_delivery_type: 'text',
      content_text: 'x',
      pricing_model: 'free',
      price: 0,
      category_id: 'tech',
      ai_tool_type: 'chatgpt',
    };
    expectSuspended(
      await call(createMine, '/api/me/products', { method: 'POST', session: bad, json: { ...product, status: 'published' } }),
      'publish products',
    );
    const draft = await call(createMine, '/api/me/products', { method: 'POST', session: bad, json: { ...product, status: 'draft' } });
    expect(draft.status).toBe(201);
    expectSuspended(
      await call(patchMine, `/api/me/products/${draft.body.id}`, {
        method: 'PATCH',
        session: bad,
        params: { id: draft.body.id },
        json: { status: 'published' },
      }),
      'publish products',
    );
    // Buying.
    expectSuspended(await call(checkoutRoute, '/api/checkout', { method: 'POST', session: bad, json: { productId: paid.id } }), 'buy products');
    // Their own lists still work.
    expect((await call(listMine, '/api/me/products', { session: bad })).status).toBe(200);

    // The suspension ends by itself at its end date.
    await t.db
      .updateTable('profiles')
      .set({ suspended_until: new Date(Date.now() - 1000) })
      .where('id', '=', bad.userId)
      .execute();
    expect(await codeOf(() => assertCanPost(t.db, bad.userId, { action: 'thread', text: 'back' }))).toBeNull();
    expect(
      (
        await call(patchMine, `/api/me/products/${draft.body.id}`, {
          method: 'PATCH',
          session: bad,
          params: { id: draft.body.id },
          json: { status: 'published' },
        })
      ).status,
    ).toBe(200);
  });

  it("hides all of the author's public content in the same action, each part logged", async () => {
    const seller = await signUp('creator', 'Ola Other');
    const bad = await signUp('creator', 'Vic Vandal');
    await age(bad.userId, 30);
    const got = await obtainFrom(t.db, bad.userId, seller.userId);
    const theirs = await createProduct(t.db, bad.userId, { title: 'Vandal kit' });
    const th = await thread(bad.userId, { title: 'Vandal thread one' });
    const other = await thread(seller.userId, { title: 'Someone else thread' });
    const re = await reply(other.id, bad.userId);
    const pr = await t.db
      .insertInto('product_reviews')
      .values({ product_id: got.id, reviewer_id: bad.userId, rating: 1, review_text: 'Rubbish.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await report(reporter, 'reply', re.id, { reason: 'harassment' });
    const r = await openReportOf(re.id);
    const res = await act(admin, r.id, {
      action: 'suspend',
      reason: 'Harassing people.',
      until: new Date(Date.now() + 30 * DAY).toISOString(),
      hideContent: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.log.map((l: { action: string; targetKind: string; targetId: string }) => [l.action, l.targetKind, l.targetId])).toEqual([
      ['suspend', 'reply', re.id],
      ['hide_all', 'profile', bad.userId],
    ]);
    const hidden = async (table: 'community_threads' | 'community_replies' | 'product_reviews', id: string) =>
      (await t.db.selectFrom(table).select('hidden_at').where('id', '=', id).executeTakeFirstOrThrow()).hidden_at !== null;
    expect(await hidden('community_threads', th.id)).toBe(true);
    expect(await hidden('community_replies', re.id)).toBe(true);
    expect(await hidden('product_reviews', pr.id)).toBe(true);
    expect(await hidden('community_threads', other.id)).toBe(false);
    expect((await t.db.selectFrom('products').select('status').where('id', '=', theirs.id).executeTakeFirstOrThrow()).status).toBe('rejected');
    expect((await t.db.selectFrom('profiles').select('hidden_at').where('id', '=', bad.userId).executeTakeFirstOrThrow()).hidden_at).not.toBeNull();
  });
});

describe('posting limits and links held for review', () => {
  it('allows a new account 3 threads and 10 replies a day, an older one 10 and 100; then 429 with Retry-After', async () => {
    const fresh = await signUp('community', 'Nia New');
    for (let i = 0; i < 3; i += 1) {
      expect(await codeOf(() => assertCanPost(t.db, fresh.userId, { action: 'thread', text: 'hi' }))).toBeNull();
      await thread(fresh.userId);
    }
    const refused = await codeOf(() => assertCanPost(t.db, fresh.userId, { action: 'thread', text: 'hi' }));
    expect(refused).toMatchObject({ code: 'POSTING_LIMIT', status: 429 });
    expect(refused!.message).toMatch(/^New accounts \(under 24 hours old\) can start 3 discussions a day\. You can post again in \d+ hours\.$/);
    expect(refused!.retryAfter).toBeGreaterThan(23 * 3600);
    const host = await thread(admin.userId);
    for (let i = 0; i < 10; i += 1) {
      expect(await codeOf(() => assertCanPost(t.db, fresh.userId, { action: 'reply', text: 'ok' }))).toBeNull();
      await reply(host.id, fresh.userId);
    }
    expect(await codeOf(() => assertCanPost(t.db, fresh.userId, { action: 'reply', text: 'ok' }))).toMatchObject({ code: 'POSTING_LIMIT', status: 429 });
    // Votes and follows are not posts.
    expect(await codeOf(() => assertCanPost(t.db, fresh.userId, { action: 'vote' }))).toBeNull();

    // A day old: 10 threads and 100 replies; posts older than 24 hours do not count.
    await age(fresh.userId, 2);
    expect(await codeOf(() => assertCanPost(t.db, fresh.userId, { action: 'thread', text: 'hi' }))).toBeNull();
    for (let i = 0; i < 7; i += 1) await thread(fresh.userId);
    const limited = await codeOf(() => assertCanPost(t.db, fresh.userId, { action: 'thread', text: 'hi' }));
    expect(limited).toMatchObject({ code: 'POSTING_LIMIT' });
    expect(limited!.message).toMatch(/^You can start 10 discussions a day\./);
    await t.db
      .updateTable('community_threads')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('author_id', '=', fresh.userId)
      .execute();
    expect(await codeOf(() => assertCanPost(t.db, fresh.userId, { action: 'thread', text: 'hi' }))).toBeNull();
    for (let i = 0; i < 90; i += 1) await reply(host.id, fresh.userId);
    expect(await codeOf(() => assertCanPost(t.db, fresh.userId, { action: 'reply', text: 'ok' }))).toMatchObject({ code: 'POSTING_LIMIT' });
  });

  it("holds links in a new account's first posts until an administrator approves them from the queue", async () => {
    expect(hasLink('see https://example.com')).toBe(true);
    expect(hasLink('see www.example.com/x')).toBe(true);
    expect(hasLink('[my site](/x)')).toBe(true);
    expect(hasLink('<mailto:a@b.c>')).toBe(true);
    expect(hasLink('Node.js and e.g. version 1.2')).toBe(false);

    const fresh = await signUp('community', 'Lin Links');
    expect(await assertCanPost(t.db, fresh.userId, { action: 'thread', text: 'No links here' })).toEqual({ hold: false });
    expect(await assertCanPost(t.db, fresh.userId, { action: 'thread', text: 'Try https://spam.example' })).toEqual({ hold: true });
    expect(await assertCanPost(t.db, fresh.userId, { action: 'edit', text: 'Now [a link](https://spam.example)' })).toEqual({ hold: true });
    // What the community's create does with a held post: hidden and put in the queue.
    const held = await thread(fresh.userId, { body: 'Try https://spam.example' });
    await holdPostForReview(t.db, { kind: 'thread', id: held.id, authorId: fresh.userId });
    const item = await openReportOf(held.id);
    expect(item).toMatchObject({ reason: 'held_links', reporterId: null, target: { hidden: true, authorId: fresh.userId } });
    const approved = await act(admin, item.id, { action: 'approve', reason: 'A real resource.' });
    expect(approved.status).toBe(200);
    expect((await t.db.selectFrom('community_threads').select('hidden_at').where('id', '=', held.id).executeTakeFirstOrThrow()).hidden_at).toBeNull();
    expect((await logRowsOf(held.id)).map((a) => [a.action, a.reason])).toEqual([['approve', 'A real resource.']]);

    // After 3 public posts, or once the account is a day old, links pass.
    await thread(fresh.userId);
    await thread(fresh.userId);
    expect(await assertCanPost(t.db, fresh.userId, { action: 'reply', text: 'https://ok.example' })).toEqual({ hold: false });
    const older = await signUp('community', 'Old Olga');
    await age(older.userId, 3);
    expect(await assertCanPost(t.db, older.userId, { action: 'thread', text: 'https://ok.example' })).toEqual({ hold: false });
  });
});
