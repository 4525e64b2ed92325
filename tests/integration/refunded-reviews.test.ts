/**
 * A refunded order's review no longer counts toward the product's rating (issue 27,
 * docs/decisions/047): through the real checkout, review and refund paths on a real database.
 * The review stays listed with `refunded: true` (the 'Refunded' badge); the rating, the count,
 * the Bayesian score and the distribution leave it out; buying again puts it back; the
 * product's stored pages are recorded for re-rendering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { requestRefund } from '@/functions/payments/refunds.service';
import { bayesianScore, createProductReview, summarizeProductReviews } from '@/functions/product-reviews/product-reviews.service';
import { GET as listRoute } from '@/src/pages/api/products/[id]/reviews/index';
import { call } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { buyLocally, settleOrders, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let deps: ReturnType<typeof testDeps>;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  deps = testDeps();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

const figures = (productId: string) =>
  t.db.selectFrom('products').select(['rating', 'review_count', 'rating_score']).where('id', '=', productId).executeTakeFirstOrThrow();

const text = (n: number) => `Worked for my team from the first day, note ${n}.`;

describe('a refunded buyer’s review', () => {
  it('leaves the rating, the count, the score and the distribution, and stays listed as refunded', async () => {
    const creator = await createUser(t.db, { fullName: 'Cora Creator' });
    const product = await createProduct(t.db, creator.id, {
      title: 'Refundable workflow',
      price: 12,
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'The workflow.',
      ai_tool_type: 'n8n',
    });
    const happy = await createUser(t.db, { userType: 'buyer', fullName: 'Hal Happy' });
    const unhappy = await createUser(t.db, { userType: 'buyer', fullName: 'Una Unhappy' });
    await buyLocally(t.db, deps, happy, product.id);
    const refundedOrder = await buyLocally(t.db, deps, unhappy, product.id);
    await createProductReview(t.db, happy.id, product.id, { rating: 5, text: text(1) });
    const bad = await createProductReview(t.db, unhappy.id, product.id, { rating: 1, text: text(2) });
    expect(bad.product).toEqual({ rating: 3, reviewCount: 2 });
    expect(Number((await figures(product.id)).rating)).toBe(3);

    await requestRefund(t.db, deps, unhappy.id, refundedOrder);

    const after = await figures(product.id);
    expect(Number(after.rating)).toBe(5);
    expect(after.review_count).toBe(1);
    expect(Number(after.rating_score)).toBe(bayesianScore(5, 1)); // 3.75
    expect(await summarizeProductReviews(t.db, product.id)).toMatchObject({
      rating: 5,
      reviewCount: 1,
      distribution: [
        { stars: 5, count: 1 },
        { stars: 4, count: 0 },
        { stars: 3, count: 0 },
        { stars: 2, count: 0 },
        { stars: 1, count: 0 },
      ],
    });
    const listed = await call(listRoute, `/api/products/${product.id}/reviews`, { params: { id: product.id } });
    expect(listed.status).toBe(200);
    const byName = Object.fromEntries(
      listed.body.items.map((r: { reviewer: { fullName: string }; refunded: boolean; verifiedPurchase: boolean }) => [
        r.reviewer.fullName,
        [r.refunded, r.verifiedPurchase],
      ]),
    );
    expect(byName).toEqual({ 'Hal Happy': [false, true], 'Una Unhappy': [true, false] });

    // The stored pages that show the rating are re-rendered, by the refund's reaction (review-pages.job.ts).
    await settleOrders(t.db);
    const rebuilds = await t.db.selectFrom('rebuild_requests').select(['paths']).where('product_id', '=', product.id).where('reason', '=', 'review').execute();
    expect(rebuilds.length).toBeGreaterThanOrEqual(3); // two reviews, one refund
    expect(rebuilds.at(-1)?.paths).toEqual(expect.arrayContaining([`/product/${product.id}`, '/marketplace', '/']));

    // Buying it again makes the review count again.
    await buyLocally(t.db, deps, unhappy, product.id);
    const again = await figures(product.id);
    expect(Number(again.rating)).toBe(3);
    expect(again.review_count).toBe(2);
  });

  it('a refund of someone who wrote no review changes nothing', async () => {
    const creator = await createUser(t.db);
    const product = await createProduct(t.db, creator.id, { price: 9, pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'x' });
    const reviewer = await createUser(t.db, { userType: 'buyer' });
    const quiet = await createUser(t.db, { userType: 'buyer' });
    await buyLocally(t.db, deps, reviewer, product.id);
    const order = await buyLocally(t.db, deps, quiet, product.id);
    await createProductReview(t.db, reviewer.id, product.id, { rating: 4, text: text(3) });
    await requestRefund(t.db, deps, quiet.id, order);
    const after = await figures(product.id);
    expect([Number(after.rating), after.review_count]).toEqual([4, 1]);
  });
});
