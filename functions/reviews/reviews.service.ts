/**
 * Seller reviews (spec sections 3, 6, 7 and 8). Called by src/pages/api/reviews/**, the
 * public profile page and the creator studio (functions/studio: /reviews and the preview).
 *
 * Rules:
 * - A signed-in user reviews another user who sells (a creator, or anyone with a published
 *   product); never themselves (403 CANNOT_REVIEW_SELF, and a check constraint).
 * - Only someone who got one of the seller's products reviews them (issue 15): a paid order
 *   that is not refunded, or a download without a refunded order (403 SELLER_REVIEW_NOT_ALLOWED).
 * - One review per reviewer and seller (unique key): writing again edits it; the reviewer
 *   may delete it.
 * - The seller's average_rating and review_count are recomputed from the rows in the same
 *   transaction, under a lock on the seller's profile, so they always match the reviews.
 * - A new review (not an edit) enqueues the seller's review.created webhook in that
 *   transaction (functions/webhooks/deliveries.service.ts, docs/decisions/027).
 */
import type { Db } from '@/db/database';
import { assertNotSuspended } from '../_shared/suspension';
import { AppError } from '../_shared/errors';
import { enqueueReviewCreated } from '../webhooks/deliveries.service';
import { afterCommit, jobsReady } from '@/functions/jobs';
import { REVIEWS_SHOWN } from '@/src/shared/profile';
import type { SellerReviewView } from '@/src/shared/api/schemas/profile';
import type { ReviewInput } from '@/src/shared/api/schemas/profile';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { positionOf, TimeKeysetSchema } from '../_shared/keyset.repository';
import { toNumber } from '@/src/shared/products';
import { hasObtainedFromSeller } from '../product-reviews/product-reviews.repository';
import {
  countReviewsByRating,
  deleteReview,
  findReview,
  hasPublishedProducts,
  listLatestReviews,
  lockSeller,
  recomputeSellerRating,
  upsertReview,
  type ReviewRow,
} from './reviews.repository';

export interface SellerRating {
  averageRating: number;
  reviewCount: number;
}

export interface SavedReview {
  created: boolean;
  review: SellerReviewView;
  seller: SellerRating;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toReviewView(row: ReviewRow): SellerReviewView {
  return {
    id: row.id,
    rating: row.rating,
    text: row.review_text,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    reviewer: { id: row.reviewer_id, fullName: row.reviewer_name?.trim() || 'User', avatarUrl: row.reviewer_avatar_url },
    verifiedDownload: Boolean(row.verified_download),
  };
}

function requireUserId(userId: string | null | undefined): string {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  return userId;
}

function toRating(row: { average_rating: string | number; review_count: number }): SellerRating {
  return { averageRating: toNumber(row.average_rating, 0), reviewCount: row.review_count };
}

/** `input` is ReviewInputSchema's output (the route parsed it). */
export async function saveReview(db: Db, userId: string | null | undefined, sellerId: string, input: ReviewInput): Promise<SavedReview> {
  const me = requireUserId(userId);
  if (!sellerId || sellerId.length > 200) throw new AppError('PROFILE_NOT_FOUND');
  if (sellerId === me) throw new AppError('CANNOT_REVIEW_SELF');
  await assertNotSuspended(db, me, 'write reviews');
  // The transaction may record a webhook delivery and emit 'webhooks.due': the engine first.
  await jobsReady(db);
  const saved = await db.transaction().execute(async (trx) => {
    const seller = await lockSeller(trx, sellerId);
    if (!seller) throw new AppError('PROFILE_NOT_FOUND');
    if (seller.user_type !== 'creator' && !(await hasPublishedProducts(trx, sellerId))) throw new AppError('NOT_A_SELLER');
    // An edit of an existing review is allowed too only while the rule holds (a refund ends it).
    if (!(await hasObtainedFromSeller(trx, me, sellerId))) throw new AppError('SELLER_REVIEW_NOT_ALLOWED');
    const { created } = await upsertReview(trx, { sellerId, reviewerId: me, rating: input.rating, text: input.text });
    const rating = await recomputeSellerRating(trx, sellerId);
    const review = await findReview(trx, sellerId, me);
    if (!review) throw new AppError('INTERNAL');
    const view = toReviewView(review);
    if (created) await enqueueReviewCreated(trx, sellerId, view);
    return { created: Boolean(created), review: view, seller: toRating(rating) };
  });
  if (saved.created) afterCommit(db, ['webhooks.due']);
  return saved;
}

export async function removeReview(db: Db, userId: string | null | undefined, sellerId: string): Promise<{ seller: SellerRating }> {
  const me = requireUserId(userId);
  if (!sellerId || sellerId.length > 200) throw new AppError('REVIEW_NOT_FOUND');
  return db.transaction().execute(async (trx) => {
    const seller = await lockSeller(trx, sellerId);
    if (!seller || !(await deleteReview(trx, sellerId, me))) throw new AppError('REVIEW_NOT_FOUND');
    return { seller: toRating(await recomputeSellerRating(trx, sellerId)) };
  });
}

/** The seller's latest reviews, newest first: REVIEWS_SHOWN on the profile, more in the studio. */
export async function listSellerReviews(db: Db, sellerId: string, limit = REVIEWS_SHOWN): Promise<SellerReviewView[]> {
  return (await listLatestReviews(db, sellerId, { limit })).map(toReviewView);
}

/** A keyset page of the seller's reviews, newest first (GET /api/reviews/{sellerId}). */
export async function pageSellerReviews(
  db: Db,
  sellerId: string,
  options: { cursor?: string | null; limit: number },
): Promise<{ items: SellerReviewView[]; nextCursor: string | null }> {
  const rows = await listLatestReviews(db, sellerId, { after: decodeCursor(options.cursor, TimeKeysetSchema), limit: options.limit + 1 });
  const page = pageOf(rows, options.limit, positionOf);
  return { items: page.items.map(toReviewView), nextCursor: page.nextCursor };
}

export interface ReviewSummary {
  /** Two decimals; 0 without reviews. */
  average: number;
  total: number;
  /** 5 stars down to 1, each with its count and its share of the total. */
  distribution: { rating: number; count: number; share: number }[];
}

/** The seller's average, count and 5-to-1 distribution, from the rows. */
export async function summarizeSellerReviews(db: Db, sellerId: string): Promise<ReviewSummary> {
  const counts = await countReviewsByRating(db, sellerId);
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const average = total ? Math.round((counts.reduce((sum, c) => sum + c.rating * c.count, 0) / total) * 100) / 100 : 0;
  return {
    average,
    total,
    distribution: [5, 4, 3, 2, 1].map((rating) => {
      const count = counts.find((c) => c.rating === rating)?.count ?? 0;
      return { rating, count, share: total ? count / total : 0 };
    }),
  };
}

export async function findOwnReview(db: Db, userId: string | null | undefined, sellerId: string): Promise<SellerReviewView | null> {
  if (!userId || userId === sellerId) return null;
  const row = await findReview(db, sellerId, userId);
  return row ? toReviewView(row) : null;
}
