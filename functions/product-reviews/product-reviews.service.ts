/**
 * Product reviews (issue 15, docs/decisions/029). Called by src/pages/api/products/{id}/reviews,
 * src/pages/api/product-reviews/**, src/pages/api/me/reviews and the product page.
 *
 * Rules:
 * - Who may review: someone who got the product — a paid order that is not refunded
 *   ('Verified purchase'), or a download of it without a refunded order (a free product).
 *   Otherwise 403 REVIEW_NOT_ALLOWED; never one's own product (403). One review per person and
 *   product: a second is 409 ALREADY_REVIEWED; its author edits it (PUT /api/product-reviews/{id}).
 * - The creator replies once, publicly (409 ALREADY_REPLIED after that).
 * - 'Helpful': one vote per user and review, added or removed; never on one's own review.
 *   The count moves with the vote row (product-reviews.repository.ts setVote), exact under
 *   concurrency. 'Report' is the one reports system's (functions/moderation, docs/decisions/037);
 *   a review the team hid leaves the list, the summary and the rating.
 * - A refunded buyer's review (a refunded order and no paid one) stays listed with 'Refunded'
 *   and leaves the rating, the count and the distribution (docs/decisions/047): payments call
 *   recountBuyerReview in the transaction of a refund or a payment; review-pages.job.ts calls
 *   refreshBuyerReviewPages after it commits.
 * - The product's rating, review_count and rating_score are recomputed from the rows in the
 *   transaction of every review change, under a lock on the product row. rating_score is the
 *   Bayesian average with RATING_PRIOR; 'Top rated' sorts by it.
 * - A new review enqueues review.created to the creator's webhooks (with the product), in
 *   the same transaction; an edit does not. After the change commits, the stored pages that
 *   show the rating are re-rendered (pagesShowingReviews).
 * - Reviews of a product that is not published are not shown and cannot be written (404).
 */
import type { Db } from '@/db/database';
import type { ProductReviewSort } from '@/src/shared/domain';
import type {
  MyProductReview,
  ProductRating,
  ProductReview,
  ProductReviewInput,
  ProductReviewSummary,
  ReviewReplyInput,
  WrittenReview,
} from '@/src/shared/api/schemas/product-reviews';
import { toNumber } from '@/src/shared/products';
import * as z from 'zod/mini';
import { queueNotificationEmail } from '../email/email.service';
import { deliverSoon } from '../email/outbox';
import { AppError } from '../_shared/errors';
import { assertNotSuspended } from '../_shared/suspension';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { keysetTime, positionOf, TimeKeysetSchema } from '../_shared/keyset.repository';
import { uuid } from '@/src/shared/api/contract';
import { isUuid } from '@/src/shared/ids';
import { pagesShowingReviews } from '../rebuilds/affected-pages';
import { recordPageChange } from '../rebuilds/rebuilds.service';
import { enqueueProductReviewCreated } from '../webhooks/deliveries.service';
import { afterCommit, jobsReady, type CommittedEvent } from '@/functions/jobs';
import {
  countByRating,
  findObtained,
  findProductOf,
  findReviewByAuthor,
  findReviewRow,
  findReviewView,
  hasReviewBy,
  insertReview,
  listProductReviews,
  listWrittenReviews,
  lockProduct,
  lockReview,
  recomputeProductRating,
  setReplyOnce,
  setVote,
  updateReview,
  type ProductReviewRow,
  type ReviewKeyset,
} from './product-reviews.repository';

/**
 * The prior of the Bayesian average: as if every product had 5 more reviews of 3.5 stars.
 * A product with one 5-star review scores (5·3.5 + 5) / 6 = 3.75, below one with twenty
 * reviews averaging 4.5 (4.3); without reviews the score is 0, so rated products come first.
 */
export const RATING_PRIOR = { weight: 5, mean: 3.5 } as const;

/** The Bayesian average of `count` reviews averaging `average` (0 without reviews), as stored. */
export function bayesianScore(average: number, count: number, prior: { weight: number; mean: number } = RATING_PRIOR): number {
  if (count <= 0) return 0;
  return Math.round(((prior.weight * prior.mean + average * count) / (prior.weight + count)) * 1000) / 1000;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toProductReview(row: ProductReviewRow): ProductReview {
  const created = iso(row.created_at);
  const updated = iso(row.updated_at);
  return {
    id: row.id,
    productId: row.product_id,
    rating: row.rating,
    text: row.review_text,
    createdAt: created,
    updatedAt: updated,
    edited: updated !== created,
    reviewer: { id: row.reviewer_id, fullName: row.reviewer_name?.trim() || 'User', avatarUrl: row.reviewer_avatar_url },
    verifiedPurchase: Boolean(row.verified_purchase),
    refunded: Boolean(row.refunded),
    helpfulCount: row.helpful_count,
    votedHelpful: Boolean(row.voted),
    reply: row.reply_text && row.replied_at ? { text: row.reply_text, repliedAt: iso(row.replied_at) } : null,
  };
}

function toRating(row: { rating: string | number; review_count: number }): ProductRating {
  return { rating: toNumber(row.rating, 0), reviewCount: row.review_count };
}

function requireUser(userId: string | null | undefined): string {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  return userId;
}

type ProductOf = NonNullable<Awaited<ReturnType<typeof findProductOf>>>;

function requirePublished<T extends ProductOf | undefined>(product: T): NonNullable<T> {
  if (!product || product.status !== 'published') throw new AppError('PRODUCT_NOT_FOUND');
  return product as NonNullable<T>;
}

/** In the transaction of a review change: the stored pages that show the product's rating and reviews are made again after it. */
function reviewPagesChanged(trx: Db, product: { id: string; ai_tool_type: string | null }): Promise<CommittedEvent> {
  return recordPageChange(trx, { reason: 'review', productId: product.id, paths: pagesShowingReviews({ id: product.id, toolId: product.ai_tool_type }) });
}

/**
 * In the transaction that refunds the buyer's order (or pays one: buying again after a refund
 * makes the review count again): when they reviewed the product, its rating, count and score
 * are recounted (under the product's lock, the order every review writer takes). Answers
 * whether it recounted.
 */
export async function recountBuyerReview(trx: Db, order: { buyer_id: string; product_id: string }): Promise<boolean> {
  if (!(await hasReviewBy(trx, order.product_id, order.buyer_id))) return false;
  if (!(await lockProduct(trx, order.product_id))) return false;
  await recomputeProductRating(trx, order.product_id, RATING_PRIOR);
  return true;
}

/** After refunds or payments commit: the stored pages of the published products their buyers had reviewed are made again. */
export async function refreshBuyerReviewPages(db: Db, orders: readonly { buyer_id: string; product_id: string }[]): Promise<void> {
  await jobsReady(db);
  const events: CommittedEvent[] = [];
  for (const order of orders) {
    if (!(await hasReviewBy(db, order.product_id, order.buyer_id))) continue;
    const product = await findProductOf(db, order.product_id);
    if (product?.status === 'published') events.push(await db.transaction().execute((trx) => reviewPagesChanged(trx, product)));
  }
  afterCommit(db, events);
}

/** Whether the user may review the product, and whether it is a verified purchase. */
async function standingOf(db: Db, userId: string, productId: string): Promise<{ allowed: boolean; verified: boolean }> {
  const got = await findObtained(db, userId, productId);
  return { allowed: got.paid || (got.downloaded && !got.refunded), verified: got.paid };
}

/** POST /api/products/{id}/reviews: the caller's review (201), and the product's new rating. */
export async function createProductReview(db: Db, userId: string | null | undefined, productId: string, input: ProductReviewInput) {
  const me = requireUser(userId);
  await assertNotSuspended(db, me, 'write reviews');
  // The transaction may record a webhook delivery and emit 'webhooks.due': the engine first.
  await jobsReady(db);
  const result = await db.transaction().execute(async (trx) => {
    const product = requirePublished(await lockProduct(trx, productId));
    if (product.creator_id === me) throw new AppError('CANNOT_REVIEW_OWN_PRODUCT');
    if (!(await standingOf(trx, me, productId)).allowed) throw new AppError('REVIEW_NOT_ALLOWED');
    const id = await insertReview(trx, { productId, reviewerId: me, rating: input.rating, text: input.text });
    if (!id) throw new AppError('ALREADY_REVIEWED');
    const rating = toRating(await recomputeProductRating(trx, productId, RATING_PRIOR));
    const review = toProductReview((await findReviewView(trx, id, me))!);
    await enqueueProductReviewCreated(trx, product.creator_id, { id: product.id, title: product.title }, review);
    // The creator's email, as their preferences for 'review_received' say (docs/decisions/041), with the review.
    await queueNotificationEmail(trx, { userId: product.creator_id, kind: 'review_received', reference: `review:${review.id}` });
    return { review, product: rating, pages: await reviewPagesChanged(trx, product) };
  });
  afterCommit(db, ['webhooks.due', result.pages]);
  deliverSoon(db);
  return { review: result.review, product: result.product };
}

/** PUT /api/product-reviews/{id}: its author replaces the rating and text. */
export async function editProductReview(db: Db, userId: string | null | undefined, reviewId: string, input: ProductReviewInput) {
  const me = requireUser(userId);
  await assertNotSuspended(db, me, 'write reviews');
  await jobsReady(db);
  const result = await db.transaction().execute(async (trx) => {
    const found = await findReviewRow(trx, reviewId);
    if (!found || found.reviewer_id !== me) throw new AppError('REVIEW_NOT_FOUND');
    // Product first, then review: the order every writer of this product's reviews takes.
    const product = requirePublished(await lockProduct(trx, found.product_id));
    if (!(await lockReview(trx, reviewId))) throw new AppError('REVIEW_NOT_FOUND');
    await updateReview(trx, reviewId, input);
    const rating = toRating(await recomputeProductRating(trx, product.id, RATING_PRIOR));
    return { review: toProductReview((await findReviewView(trx, reviewId, me))!), product: rating, pages: await reviewPagesChanged(trx, product) };
  });
  afterCommit(db, [result.pages]);
  return { review: result.review, product: result.product };
}

/** POST /api/product-reviews/{id}/reply: the product's creator answers, once. */
export async function replyToReview(db: Db, userId: string | null | undefined, reviewId: string, input: ReviewReplyInput): Promise<ProductReview> {
  const me = requireUser(userId);
  await assertNotSuspended(db, me, 'reply to reviews');
  await jobsReady(db);
  const result = await db.transaction().execute(async (trx) => {
    const found = await lockReview(trx, reviewId);
    if (!found) throw new AppError('REVIEW_NOT_FOUND');
    const product = requirePublished(await findProductOf(trx, found.product_id));
    if (product.creator_id !== me) throw new AppError('NOT_PRODUCT_CREATOR');
    if (!(await setReplyOnce(trx, reviewId, input.text))) throw new AppError('ALREADY_REPLIED');
    return { review: toProductReview((await findReviewView(trx, reviewId, me))!), pages: await reviewPagesChanged(trx, product) };
  });
  afterCommit(db, [result.pages]);
  return result.review;
}

/** PUT / DELETE /api/product-reviews/{id}/helpful: the caller's vote, and the exact count. */
export async function voteHelpful(db: Db, userId: string | null | undefined, reviewId: string, on: boolean) {
  const me = requireUser(userId);
  const found = await findReviewRow(db, reviewId);
  if (!found || found.hidden_at) throw new AppError('REVIEW_NOT_FOUND');
  requirePublished(await findProductOf(db, found.product_id));
  if (found.reviewer_id === me) throw new AppError('OWN_REVIEW', 'You cannot mark your own review as helpful');
  const helpfulCount = await db.transaction().execute((trx) => setVote(trx, reviewId, me, on));
  return { helpfulCount, votedHelpful: on };
}

const ReviewKeysetSchema = z.strictObject({ at: keysetTime(), id: uuid(), v: z.optional(z.int().check(z.minimum(0), z.maximum(1_000_000_000))) });

const positionFor = (sort: ProductReviewSort) => (row: ProductReviewRow) => {
  const base = positionOf(row);
  return sort === 'helpful' ? { ...base, v: row.helpful_count } : sort === 'lowest' ? { ...base, v: row.rating } : base;
};

/** GET /api/products/{id}/reviews: a page in the chosen order, with the caller's votes. */
export async function pageProductReviews(
  db: Db,
  viewerId: string | null,
  productId: string,
  options: { sort: ProductReviewSort; cursor?: string | null; limit: number },
): Promise<{ items: ProductReview[]; nextCursor: string | null }> {
  const after = decodeCursor(options.cursor, ReviewKeysetSchema) as ReviewKeyset | null;
  if (after && options.sort !== 'newest' && after.v === undefined)
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { cursor: 'Invalid cursor: start again from the first page' });
  requirePublished(await findProductOf(db, productId));
  const rows = await listProductReviews(db, productId, { sort: options.sort, after, limit: options.limit + 1, viewerId });
  const page = pageOf(rows, options.limit, positionFor(options.sort));
  return { items: page.items.map(toProductReview), nextCursor: page.nextCursor };
}

/** GET /api/products/{id}/reviews/mine: what the caller may do here, and their review. */
export async function getMyProductReview(db: Db, userId: string | null, productId: string): Promise<MyProductReview> {
  const product = requirePublished(await findProductOf(db, productId));
  if (!userId) return { standing: 'signed_out', review: null };
  if (product.creator_id === userId) return { standing: 'creator', review: null };
  const own = await findReviewByAuthor(db, productId, userId);
  if (own) return { standing: 'reviewed', review: toProductReview(own) };
  return { standing: (await standingOf(db, userId, productId)).allowed ? 'can_review' : 'not_obtained', review: null };
}

/** The product page's summary: the stored rating and count, and the 5-to-1 distribution from the rows. */
export async function summarizeProductReviews(db: Db, productId: string): Promise<ProductReviewSummary> {
  if (!isUuid(productId)) throw new AppError('PRODUCT_NOT_FOUND');
  const counts = await countByRating(db, productId);
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const average = total ? Math.round((counts.reduce((sum, c) => sum + c.rating * c.count, 0) / total) * 100) / 100 : 0;
  return {
    rating: average,
    reviewCount: total,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: counts.find((c) => c.rating === stars)?.count ?? 0 })),
  };
}

/** GET /api/me/reviews: the caller's product reviews, newest first ('Reviews you wrote'). */
export async function pageWrittenReviews(
  db: Db,
  userId: string | null | undefined,
  options: { cursor?: string | null; limit: number },
): Promise<{ items: WrittenReview[]; nextCursor: string | null }> {
  const me = requireUser(userId);
  const rows = await listWrittenReviews(db, me, { after: decodeCursor(options.cursor, TimeKeysetSchema), limit: options.limit + 1 });
  const page = pageOf(rows, options.limit, positionOf);
  return {
    items: page.items.map((row) => ({
      ...toProductReview(row),
      product: { id: row.product_id, title: row.product_title, imageUrl: row.product_image_url, available: row.product_status === 'published' },
    })),
    nextCursor: page.nextCursor,
  };
}
