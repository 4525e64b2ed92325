/**
 * Product reviews (issue 15, docs/decisions/029), through the real routes on a real database:
 * who may review (403 with the issue's message, 409 for a second review, 400 with field
 * messages), the author's edit, the creator's one reply, 'Helpful' under concurrency, reports,
 * the product's rating and count derived from the rows in every answer, the Bayesian 'Top
 * rated' sort, the pages recorded for re-rendering and 'Reviews you wrote'.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { bayesianScore, createProductReview, RATING_PRIOR } from '@/functions/product-reviews/product-reviews.service';
import { GET as listRoute, POST as createRoute } from '@/src/pages/api/products/[id]/reviews/index';
import { GET as mineRoute } from '@/src/pages/api/products/[id]/reviews/mine';
import { PUT as editRoute } from '@/src/pages/api/product-reviews/[reviewId]/index';
import { POST as replyRoute } from '@/src/pages/api/product-reviews/[reviewId]/reply';
import { DELETE as unvoteRoute, PUT as voteRoute } from '@/src/pages/api/product-reviews/[reviewId]/helpful';
import { PUT as reportRoute } from '@/src/pages/api/reports/[kind]/[targetId]';
import { GET as myReviewsRoute } from '@/src/pages/api/me/reviews';
import { GET as searchRoute } from '@/src/pages/api/products/index';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser, ensureCategories } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let creator: TestSession;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await ensureCategories(t.db);
  creator = await signUp('creator', 'Cora Creator');
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

const text = (n = 0) => `Useful from the first day, review ${n}.`;

async function freeProduct(title = 'Free prompt pack', creatorId = creator.userId) {
  return createProduct(t.db, creatorId, {
    title,
    price: 0,
    pricing_model: 'free',
    content_delivery_type: 'text',
    content_text: 'The prompts.',
    ai_tool_type: 'chatgpt',
  });
}

async function download(userId: string, productId: string) {
  await t.db.insertInto('downloads').values({ user_id: userId, product_id: productId, download_type: 'free', amount: 0, content_accessed: 'text' }).execute();
}

async function order(userId: string, product: { id: string; creator_id: string }, status: 'paid' | 'refunded') {
  await t.db
    .insertInto('orders')
    .values({
      buyer_id: userId,
      product_id: product.id,
      creator_id: product.creator_id,
      amount_cents: 1900,
      fee_cents: 190,
      provider: 'local',
      status,
      paid_at: new Date(),
      refunded_at: status === 'refunded' ? new Date() : null,
    })
    .execute();
  if (status === 'paid' || status === 'refunded')
    await t.db
      .insertInto('downloads')
      .values({ user_id: userId, product_id: product.id, download_type: 'paid', amount: 19, content_accessed: 'text' })
      .execute();
}

const post = (session: TestSession | null, productId: string, json: unknown) =>
  call(createRoute, `/api/products/${productId}/reviews`, { method: 'POST', session, params: { id: productId }, json });

/** The product's stored figures equal what its rows say. */
async function expectDerived(productId: string) {
  const row = await t.db.selectFrom('products').select(['rating', 'review_count', 'rating_score']).where('id', '=', productId).executeTakeFirstOrThrow();
  const truth = await t.db
    .selectFrom('product_reviews')
    .select([
      sql<string>`count(*)`.as('n'),
      sql<string>`coalesce(round(avg(rating)::numeric, 2), 0)`.as('avg'),
      sql<string>`coalesce(avg(rating), 0)`.as('exact'),
    ])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  expect(row.review_count).toBe(Number(truth.n));
  expect(Number(row.rating)).toBe(Number(truth.avg));
  expect(Number(row.rating_score)).toBeCloseTo(bayesianScore(Number(truth.exact), Number(truth.n)), 3);
  return { rating: Number(row.rating), count: row.review_count };
}

describe('who may review a product', () => {
  it('answers 401, 403, 403, 400 and 409 exactly, and 201 for people who got it', async () => {
    const product = await freeProduct();
    const paidProduct = await createProduct(t.db, creator.userId, { title: 'Paid pack', price: 19, pricing_model: 'one_time' });
    const visitor = await post(null, product.id, { rating: 5, text: text() });
    expect(visitor.status).toBe(401);

    const stranger = await signUp('buyer', 'Stan Stranger');
    const refused = await post(stranger, product.id, { rating: 5, text: text() });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'REVIEW_NOT_ALLOWED', message: 'Only people who got this product can review it' } });

    const own = await post(creator, product.id, { rating: 5, text: text() });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('CANNOT_REVIEW_OWN_PRODUCT');

    const refundedBuyer = await signUp('buyer', 'Rita Refunded');
    await order(refundedBuyer.userId, paidProduct, 'refunded');
    expect((await post(refundedBuyer, paidProduct.id, { rating: 1, text: text() })).status).toBe(403);

    const downloader = await signUp('buyer', 'Dana Downloader');
    await download(downloader.userId, product.id);
    const invalid = await post(downloader, product.id, { rating: 6, text: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('VALIDATION_FAILED');
    expect(invalid.body.error.fields).toEqual({ rating: 'Choose a rating from 1 to 5 stars', text: 'Write a few words about your experience' });
    const zero = await post(downloader, product.id, { rating: 0, text: '   ' });
    expect(zero.body.error.fields).toEqual({ rating: 'Choose a rating from 1 to 5 stars', text: 'Write a few words about your experience' });
    expect((await post(downloader, product.id, { rating: 3.5, text: text() })).body.error.fields).toEqual({ rating: 'Choose a rating from 1 to 5 stars' });

    const first = await post(downloader, product.id, { rating: 4, text: text(1) });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      review: {
        rating: 4,
        text: text(1),
        verifiedPurchase: false,
        helpfulCount: 0,
        reply: null,
        reviewer: { id: downloader.userId, fullName: 'Dana Downloader' },
      },
      product: { rating: 4, reviewCount: 1 },
    });
    const second = await post(downloader, product.id, { rating: 5, text: text(2) });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('ALREADY_REVIEWED');

    const buyer = await signUp('buyer', 'Bo Buyer');
    await order(buyer.userId, paidProduct, 'paid');
    const verified = await post(buyer, paidProduct.id, { rating: 5, text: text(3) });
    expect(verified.status).toBe(201);
    expect(verified.body.review.verifiedPurchase).toBe(true);

    expect(await expectDerived(product.id)).toEqual({ rating: 4, count: 1 });
    expect(await expectDerived(paidProduct.id)).toEqual({ rating: 5, count: 1 });

    // The island's view of each caller.
    const standing = async (who: TestSession | null, id: string) =>
      (await call(mineRoute, `/api/products/${id}/reviews/mine`, { session: who, params: { id } })).body.standing;
    expect(await standing(null, product.id)).toBe('signed_out');
    expect(await standing(creator, product.id)).toBe('creator');
    expect(await standing(stranger, product.id)).toBe('not_obtained');
    expect(await standing(refundedBuyer, paidProduct.id)).toBe('not_obtained');
    expect(await standing(downloader, product.id)).toBe('reviewed');
    const other = await signUp('buyer', 'Otto Other');
    await download(other.userId, product.id);
    expect(await standing(other, product.id)).toBe('can_review');
    // Unpublished products have no reviews to show or write.
    const draft = await createProduct(t.db, creator.userId, { status: 'draft' });
    expect((await call(listRoute, `/api/products/${draft.id}/reviews`, { params: { id: draft.id } })).status).toBe(404);
  });

  it('lets only the author edit, and keeps the rating derived', async () => {
    const product = await freeProduct('Editable pack');
    const [a, b] = [await signUp('buyer', 'Ann'), await signUp('buyer', 'Ben')];
    await download(a.userId, product.id);
    await download(b.userId, product.id);
    const review = (await post(a, product.id, { rating: 2, text: text() })).body.review;
    await post(b, product.id, { rating: 5, text: text() });
    expect(await expectDerived(product.id)).toEqual({ rating: 3.5, count: 2 });
    const put = (who: TestSession, json: unknown) =>
      call(editRoute, `/api/product-reviews/${review.id}`, { method: 'PUT', session: who, params: { reviewId: review.id }, json });
    expect((await put(b, { rating: 1, text: text(9) })).status).toBe(404);
    const edited = await put(a, { rating: 4, text: 'Better after the update.' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ review: { rating: 4, text: 'Better after the update.', edited: true }, product: { rating: 4.5, reviewCount: 2 } });
    expect((await put(a, { rating: 9, text: '' })).body.error.fields).toEqual({
      rating: 'Choose a rating from 1 to 5 stars',
      text: 'Write a few words about your experience',
    });
    expect(await expectDerived(product.id)).toEqual({ rating: 4.5, count: 2 });
  });

  it('keeps the rating and count equal to the rows when many reviews race', async () => {
    const product = await freeProduct('Busy pack');
    const people = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db, { userType: 'buyer' })));
    for (const p of people) await download(p.id, product.id);
    await Promise.all(people.map((p, i) => createProductReview(t.db, p.id, product.id, { rating: (i % 5) + 1, text: text(i) })));
    expect(await expectDerived(product.id)).toEqual({ rating: 3, count: 20 });
  });
});

describe('the creator’s reply, Helpful and Report', () => {
  it('lets the creator reply once, publicly', async () => {
    const product = await freeProduct('Reply pack');
    const reviewer = await signUp('buyer', 'Rex');
    await download(reviewer.userId, product.id);
    const review = (await post(reviewer, product.id, { rating: 3, text: text() })).body.review;
    const reply = (who: TestSession, json: unknown) =>
      call(replyRoute, `/api/product-reviews/${review.id}/reply`, { method: 'POST', session: who, params: { reviewId: review.id }, json });
    expect((await reply(reviewer, { text: 'Replying to myself.' })).body.error.code).toBe('NOT_PRODUCT_CREATOR');
    expect((await reply(creator, { text: '' })).body.error.fields).toEqual({ text: 'Write your reply' });
    const first = await reply(creator, { text: 'Thanks! Version 2 fixes the setup step.' });
    expect(first.status).toBe(201);
    expect(first.body.reply).toMatchObject({ text: 'Thanks! Version 2 fixes the setup step.' });
    const again = await reply(creator, { text: 'One more thing.' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_REPLIED');
    const listed = await call(listRoute, `/api/products/${product.id}/reviews`, { params: { id: product.id } });
    expect(listed.body.items[0].reply.text).toBe('Thanks! Version 2 fixes the setup step.');
  });

  it('counts helpful votes exactly under concurrency, one per user, toggled', async () => {
    const product = await freeProduct('Vote pack');
    const author = await signUp('buyer', 'Ava Author');
    await download(author.userId, product.id);
    const review = (await post(author, product.id, { rating: 5, text: text() })).body.review;
    const voters = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp('buyer', `Voter ${'ABCDEF'[i]}`)));
    const vote = (who: TestSession, on = true) =>
      call(on ? voteRoute : unvoteRoute, `/api/product-reviews/${review.id}/helpful`, {
        method: on ? 'PUT' : 'DELETE',
        session: who,
        params: { reviewId: review.id },
        address: `198.51.100.${Math.floor(Math.random() * 250)}`,
      });
    expect((await vote(author)).body.error.code).toBe('OWN_REVIEW');
    // Every voter at once, each three times: six votes.
    const results = await Promise.all(voters.flatMap((v) => [vote(v), vote(v), vote(v)]));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const stored = async () => {
      const row = await t.db.selectFrom('product_reviews').select('helpful_count').where('id', '=', review.id).executeTakeFirstOrThrow();
      const votes = await t.db
        .selectFrom('product_review_votes')
        .select(sql<string>`count(*)`.as('n'))
        .where('review_id', '=', review.id)
        .executeTakeFirstOrThrow();
      expect(row.helpful_count).toBe(Number(votes.n));
      return row.helpful_count;
    };
    expect(await stored()).toBe(6);
    // Half take it back, twice each and at once; the others vote again.
    await Promise.all([...voters.slice(0, 3).flatMap((v) => [vote(v, false), vote(v, false)]), ...voters.slice(3).map((v) => vote(v))]);
    expect(await stored()).toBe(3);
    const mine = await call(listRoute, `/api/products/${product.id}/reviews`, { session: voters[4]!, params: { id: product.id } });
    expect(mine.body.items[0]).toMatchObject({ helpfulCount: 3, votedHelpful: true });
    const theirs = await call(listRoute, `/api/products/${product.id}/reviews`, { session: voters[0]!, params: { id: product.id } });
    expect(theirs.body.items[0]).toMatchObject({ helpfulCount: 3, votedHelpful: false });
  });

  it('stores a report in the one reports system (docs/decisions/037); a hidden review leaves the list, the summary and the rating', async () => {
    const product = await freeProduct('Report pack');
    const author = await signUp('buyer', 'Sal Spam');
    await download(author.userId, product.id);
    const review = (await post(author, product.id, { rating: 1, text: 'Buy my course at another site instead.' })).body.review;
    const reporter = await signUp('buyer', 'Rob Reporter');
    const report = (who: TestSession, json: unknown) =>
      call(reportRoute, `/api/reports/product_review/${review.id}`, {
        method: 'PUT',
        session: who,
        params: { kind: 'product_review', targetId: review.id },
        json,
      });
    expect((await report(reporter, { reason: 'nonsense' })).body.error.fields).toEqual({ reason: 'Choose a reason' });
    expect((await report(author, { reason: 'spam' })).body.error.code).toBe('CANNOT_REPORT_OWN');
    expect((await report(reporter, { reason: 'spam', note: 'An advert.' })).status).toBe(201);
    expect((await report(reporter, { reason: 'misleading' })).status).toBe(200);
    const rows = await t.db.selectFrom('reports').selectAll().where('target_kind', '=', 'product_review').where('target_id', '=', review.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporter_id: reporter.userId, target_user_id: author.userId, reason: 'misleading', note: null, status: 'open' });

    // Hidden by the team: out of the public list and the rating.
    await t.db.updateTable('product_reviews').set({ hidden_at: new Date() }).where('id', '=', review.id).execute();
    const list = await call(listRoute, `/api/products/${product.id}/reviews`, { params: { id: product.id } });
    expect(list.body.items.map((r: { id: string }) => r.id)).not.toContain(review.id);
  });
});

describe('lists, sorts and pages', () => {
  it('sorts newest, most helpful and lowest, and pages without gaps or repeats', async () => {
    const product = await freeProduct('Sorted pack');
    const people = await Promise.all(Array.from({ length: 7 }, () => createUser(t.db, { userType: 'buyer' })));
    const ids: string[] = [];
    for (const [i, p] of people.entries()) {
      await download(p.id, product.id);
      ids.push((await createProductReview(t.db, p.id, product.id, { rating: [3, 1, 5, 1, 4, 2, 5][i]!, text: text(i) })).review.id);
    }
    // Distinct times, and helpful counts 0..6 in a shuffled order.
    for (const [i, id] of ids.entries()) {
      await t.db
        .updateTable('product_reviews')
        .set({ created_at: new Date(Date.UTC(2026, 0, 1 + i)), helpful_count: [2, 6, 0, 4, 1, 5, 3][i]! })
        .where('id', '=', id)
        .execute();
    }
    const all = async (sort: string) => {
      const seen: { id: string; rating: number; helpfulCount: number }[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await call(listRoute, `/api/products/${product.id}/reviews${query}`, { params: { id: product.id } });
        expect(res.status).toBe(200);
        seen.push(...res.body.items);
        cursor = res.body.nextCursor;
      } while (cursor);
      return seen;
    };
    expect((await all('newest')).map((r) => r.id)).toEqual([...ids].reverse());
    expect((await all('helpful')).map((r) => r.helpfulCount)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    const lowest = await all('lowest');
    expect(lowest.map((r) => r.rating)).toEqual([1, 1, 2, 3, 4, 5, 5]);
    // Within a rating, newest first.
    expect(lowest.slice(0, 2).map((r) => r.id)).toEqual([ids[3], ids[1]]);
    const bad = await call(listRoute, `/api/products/${product.id}/reviews?sort=helpful&cursor=garbage`, { params: { id: product.id } });
    expect(bad.status).toBe(400);
  });

  it('lists the reviews the caller wrote, with their products', async () => {
    const writer = await signUp('buyer', 'Wren Writer');
    const [one, two] = [await freeProduct('First written'), await freeProduct('Second written')];
    await download(writer.userId, one.id);
    await download(writer.userId, two.id);
    await post(writer, one.id, { rating: 5, text: text(1) });
    await post(writer, two.id, { rating: 2, text: text(2) });
    await t.db.updateTable('products').set({ status: 'archived' }).where('id', '=', one.id).execute();
    const res = await call(myReviewsRoute, '/api/me/reviews', { session: writer });
    expect(res.status).toBe(200);
    expect(res.body.items.map((r: { product: { title: string; available: boolean } }) => [r.product.title, r.product.available])).toEqual([
      ['Second written', true],
      ['First written', false],
    ]);
    expect((await call(myReviewsRoute, '/api/me/reviews', { session: null })).status).toBe(401);
  });
});

describe('the product rating in the catalogue', () => {
  it("sorts 'Top rated' by the Bayesian average, unrated last", async () => {
    const maker = await createUser(t.db, { fullName: 'Rank Maker' });
    const tag = `rank${Date.now()}`;
    const make = (title: string) => createProduct(t.db, maker.id, { title, price: 0, pricing_model: 'free', category_id: 'design', tags: [tag] });
    const single = await make('One perfect review');
    const many = await make('Many good reviews');
    const none = await make('No reviews yet');
    const poor = await make('Three poor reviews');
    const rate = async (productId: string, ratings: number[]) => {
      for (const r of ratings) {
        const u = await createUser(t.db, { userType: 'buyer' });
        await download(u.id, productId);
        await createProductReview(t.db, u.id, productId, { rating: r, text: text(r) });
      }
    };
    await rate(single.id, [5]);
    await rate(many.id, [5, 5, 4, 5, 4, 5, 4, 5, 4, 4]);
    await rate(poor.id, [2, 2, 2]);
    // A plain average would put the single 5 first; the prior (5 reviews of 3.5) puts the ten first.
    expect(bayesianScore(5, 1)).toBe(3.75);
    expect(bayesianScore(4.5, 10)).toBeCloseTo((RATING_PRIOR.weight * RATING_PRIOR.mean + 45) / 15, 3);
    const res = await call(searchRoute, '/api/products?sort=top_rated&category=design&limit=60', {});
    expect(res.status).toBe(200);
    const titles = (res.body.items as { title: string }[]).map((p) => p.title).filter((title) => [single, many, none, poor].some((p) => p.title === title));
    expect(titles).toEqual(['Many good reviews', 'One perfect review', 'Three poor reviews', 'No reviews yet']);
    for (const p of [single, many, none, poor]) await expectDerived(p.id);
  });

  it('no API answer shows a rating without reviews behind it', async () => {
    const cards: { id: string; rating: number; reviewCount: number }[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(searchRoute, `/api/products?sort=newest&limit=60${cursor ? `&cursor=${cursor}` : ''}`, {});
      expect(res.status).toBe(200);
      cards.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(cards.length).toBeGreaterThan(5);
    for (const card of cards) {
      const truth = await t.db
        .selectFrom('product_reviews')
        .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(round(avg(rating)::numeric, 2), 0)`.as('avg')])
        .where('product_id', '=', card.id)
        .executeTakeFirstOrThrow();
      expect({ id: card.id, rating: card.rating, reviewCount: card.reviewCount }).toEqual({
        id: card.id,
        rating: Number(truth.avg),
        reviewCount: Number(truth.n),
      });
      if (card.reviewCount === 0) expect(card.rating).toBe(0);
    }
    // Every product in the database, published or not.
    const stored = await t.db.selectFrom('products').select(['id', 'rating', 'review_count']).execute();
    for (const p of stored) await expectDerived(p.id);
  });

  it('records the pages that show the rating for re-rendering', async () => {
    const product = await freeProduct('Rendered pack');
    const reviewer = await signUp('buyer', 'Page Watcher');
    await download(reviewer.userId, product.id);
    await post(reviewer, product.id, { rating: 4, text: text() });
    const request = await t.db
      .selectFrom('rebuild_requests')
      .select(['reason', 'paths'])
      .where('product_id', '=', product.id)
      .where('reason', '=', 'review')
      .executeTakeFirstOrThrow();
    expect(request.paths).toEqual(expect.arrayContaining([`/product/${product.id}`, '/marketplace', '/', '/tools/chatgpt/landing']));
  });
});
