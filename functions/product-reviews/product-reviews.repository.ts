/**
 * Every query of product reviews (docs/decisions/029): who may review (an order or a
 * download), the reviews with their reviewer, 'Verified purchase' and the caller's vote, the
 * creator's reply, the 'Helpful' votes and the reports, and the product's rating, count and
 * Bayesian score recomputed from the rows that count: not hidden by the team (decision 037)
 * and not by a refunded buyer (decision 047).
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { ProductReviewSort } from '@/src/shared/domain';
import { timeKey, type TimeKeyset } from '../_shared/keyset.repository';

/**
 * The review `r` is a refunded buyer's: they have a refunded order of the product and no paid
 * one (buying it again makes it count again). It stays listed, marked 'Refunded', and counts
 * toward no rating (docs/decisions/047).
 */
const isRefundedReview = sql<boolean>`(
  exists (select 1 from orders o where o.buyer_id = r.reviewer_id and o.product_id = r.product_id and o.status = 'refunded')
  and not exists (select 1 from orders o where o.buyer_id = r.reviewer_id and o.product_id = r.product_id and o.status = 'paid')
)`;

/** The review `r` counts toward its product's rating, count and distribution. */
const countsTowardRating = sql<boolean>`(r.hidden_at is null and not ${isRefundedReview})`;

/**
 * Locks the product row for the rest of the transaction: review changes of one product run
 * one after the other, so each recount sees the previous writer's rows (READ COMMITTED takes
 * a new snapshot per statement).
 */
export async function lockProduct(db: Db, productId: string) {
  return db.selectFrom('products').select(['id', 'title', 'creator_id', 'status', 'ai_tool_type']).where('id', '=', productId).forUpdate().executeTakeFirst();
}

/** The product a review belongs to, for reads (no lock). */
export async function findProductOf(db: Db, productId: string) {
  return db.selectFrom('products').select(['id', 'title', 'creator_id', 'status', 'ai_tool_type']).where('id', '=', productId).executeTakeFirst();
}

/**
 * How the user obtained the product: a paid order (not refunded), a refunded one, a download.
 * A paid product cannot be downloaded without an order, so a download without a refunded
 * order is a free product's (or one that was free then).
 */
export async function findObtained(db: Db, userId: string, productId: string): Promise<{ paid: boolean; refunded: boolean; downloaded: boolean }> {
  const row = await sql<{ paid: boolean; refunded: boolean; downloaded: boolean }>`
    select
      exists (select 1 from orders o where o.buyer_id = ${userId} and o.product_id = ${productId} and o.status = 'paid') as paid,
      exists (select 1 from orders o where o.buyer_id = ${userId} and o.product_id = ${productId} and o.status = 'refunded') as refunded,
      exists (select 1 from downloads d where d.user_id = ${userId} and d.product_id = ${productId}) as downloaded
  `.execute(db);
  const r = row.rows[0]!;
  return { paid: Boolean(r.paid), refunded: Boolean(r.refunded), downloaded: Boolean(r.downloaded) };
}

/** Whether the user obtained one of the seller's products (paid order not refunded, or a download without a refunded order). */
export async function hasObtainedFromSeller(db: Db, userId: string, sellerId: string): Promise<boolean> {
  const row = await sql<{ ok: boolean }>`
    select (
      exists (select 1 from orders o where o.buyer_id = ${userId} and o.creator_id = ${sellerId} and o.status = 'paid')
      or exists (
        select 1 from downloads d join products p on p.id = d.product_id
        where d.user_id = ${userId} and p.creator_id = ${sellerId}
          and not exists (select 1 from orders o where o.buyer_id = d.user_id and o.product_id = d.product_id and o.status = 'refunded')
      )
    ) as ok
  `.execute(db);
  return Boolean(row.rows[0]?.ok);
}

/** The new review's id, or undefined when the reviewer already has one of this product. */
export async function insertReview(db: Db, values: { productId: string; reviewerId: string; rating: number; text: string }): Promise<string | undefined> {
  const row = await db
    .insertInto('product_reviews')
    .values({ product_id: values.productId, reviewer_id: values.reviewerId, rating: values.rating, review_text: values.text })
    .onConflict((oc) => oc.columns(['product_id', 'reviewer_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The review's own columns, locked for a change. */
export async function lockReview(db: Db, reviewId: string) {
  return db.selectFrom('product_reviews').select(['id', 'product_id', 'reviewer_id', 'reply_text']).where('id', '=', reviewId).forUpdate().executeTakeFirst();
}

export async function findReviewRow(db: Db, reviewId: string) {
  return db.selectFrom('product_reviews').select(['id', 'product_id', 'reviewer_id', 'reply_text', 'hidden_at']).where('id', '=', reviewId).executeTakeFirst();
}

export async function updateReview(db: Db, reviewId: string, values: { rating: number; text: string }): Promise<void> {
  await db
    .updateTable('product_reviews')
    .set({ rating: values.rating, review_text: values.text, updated_at: sql`now()` })
    .where('id', '=', reviewId)
    .execute();
}

/** Sets the reply if there is none yet; false when the review already has one. */
export async function setReplyOnce(db: Db, reviewId: string, text: string): Promise<boolean> {
  const row = await db
    .updateTable('product_reviews')
    .set({ reply_text: text, replied_at: sql`now()` })
    .where('id', '=', reviewId)
    .where('reply_text', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The product's figures from its reviews: the count, the average (two decimals, 0 without
 * any) and the Bayesian average (C·m + Σ) / (C + n) that 'Top rated' sorts by, 0 without any.
 */
export async function recomputeProductRating(db: Db, productId: string, prior: { weight: number; mean: number }) {
  return db
    .updateTable('products')
    .set({
      review_count: sql`(select count(*) from product_reviews r where r.product_id = ${productId} and ${countsTowardRating})`,
      rating: sql`coalesce((select round(avg(r.rating)::numeric, 2) from product_reviews r where r.product_id = ${productId} and ${countsTowardRating}), 0)`,
      rating_score: sql`coalesce((
        select round((${prior.weight}::numeric * ${prior.mean}::numeric + sum(r.rating)) / (${prior.weight}::numeric + count(*)), 3)
        from product_reviews r where r.product_id = ${productId} and ${countsTowardRating} having count(*) > 0
      ), 0)`,
    })
    .where('id', '=', productId)
    .returning(['rating', 'review_count'])
    .executeTakeFirstOrThrow();
}

/** Reviews with their reviewer, 'Verified purchase', and whether `viewerId` voted each helpful. */
function selectReviews(db: Db, viewerId: string | null) {
  return db
    .selectFrom('product_reviews as r')
    .innerJoin('profiles as u', 'u.id', 'r.reviewer_id')
    .select([
      'r.id',
      'r.product_id',
      'r.reviewer_id',
      'r.rating',
      'r.review_text',
      'r.helpful_count',
      'r.reply_text',
      'r.replied_at',
      'r.created_at',
      'r.updated_at',
      'u.full_name as reviewer_name',
      'u.avatar_url as reviewer_avatar_url',
      timeKey('r.created_at').as('cursor_at'),
      sql<boolean>`exists (select 1 from orders o where o.buyer_id = r.reviewer_id and o.product_id = r.product_id and o.status = 'paid')`.as(
        'verified_purchase',
      ),
      isRefundedReview.as('refunded'),
      viewerId
        ? sql<boolean>`exists (select 1 from product_review_votes v where v.review_id = r.id and v.user_id = ${viewerId})`.as('voted')
        : sql<boolean>`false`.as('voted'),
    ]);
}

export type ProductReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

/** A list position: the sort's value (helpful count or rating), the creation time and the id. */
export interface ReviewKeyset extends TimeKeyset {
  v?: number;
}

/** A page of the product's reviews in `sort` order, after `after` when given (one more row than `limit` is the caller's choice). */
export async function listProductReviews(
  db: Db,
  productId: string,
  options: { sort: ProductReviewSort; after?: ReviewKeyset | null; limit: number; viewerId: string | null },
): Promise<ProductReviewRow[]> {
  // Hidden by the team (docs/decisions/037): out of the public list.
  let query = selectReviews(db, options.viewerId).where('r.product_id', '=', productId).where('r.hidden_at', 'is', null);
  const a = options.after;
  if (options.sort === 'helpful') {
    if (a) query = query.where(sql<boolean>`(r.helpful_count, r.created_at, r.id) < (${a.v ?? 0}::integer, ${a.at}::timestamptz, ${a.id}::uuid)`);
    query = query.orderBy('r.helpful_count', 'desc');
  } else if (options.sort === 'lowest') {
    if (a)
      query = query.where(
        sql<boolean>`(r.rating > ${a.v ?? 0}::integer or (r.rating = ${a.v ?? 0}::integer and (r.created_at, r.id) < (${a.at}::timestamptz, ${a.id}::uuid)))`,
      );
    query = query.orderBy('r.rating', 'asc');
  } else if (a) {
    query = query.where(sql<boolean>`(r.created_at, r.id) < (${a.at}::timestamptz, ${a.id}::uuid)`);
  }
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(options.limit).execute();
}

export async function findReviewView(db: Db, reviewId: string, viewerId: string | null): Promise<ProductReviewRow | undefined> {
  return selectReviews(db, viewerId).where('r.id', '=', reviewId).executeTakeFirst();
}

export async function findReviewByAuthor(db: Db, productId: string, reviewerId: string): Promise<ProductReviewRow | undefined> {
  return selectReviews(db, reviewerId).where('r.product_id', '=', productId).where('r.reviewer_id', '=', reviewerId).executeTakeFirst();
}

/** How many of the product's counted reviews gave each rating (ratings nobody gave are absent). */
export async function countByRating(db: Db, productId: string): Promise<{ rating: number; count: number }[]> {
  const rows = await db
    .selectFrom('product_reviews as r')
    .select(['r.rating', sql<string>`count(*)`.as('n')])
    .where('r.product_id', '=', productId)
    .where(countsTowardRating)
    .groupBy('r.rating')
    .execute();
  return rows.map((r) => ({ rating: r.rating, count: Number(r.n) }));
}

/**
 * Adds or removes the user's vote; the count moves by one only when this statement inserted
 * or deleted the vote row (its primary key decides between concurrent requests), so the
 * count is exact however many votes arrive at once.
 */
export async function setVote(db: Db, reviewId: string, userId: string, on: boolean): Promise<number> {
  const changed = on
    ? await db
        .insertInto('product_review_votes')
        .values({ review_id: reviewId, user_id: userId })
        .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
        .returning('review_id')
        .executeTakeFirst()
    : await db.deleteFrom('product_review_votes').where('review_id', '=', reviewId).where('user_id', '=', userId).returning('review_id').executeTakeFirst();
  const row = changed
    ? await db
        .updateTable('product_reviews')
        .set({ helpful_count: on ? sql`helpful_count + 1` : sql`helpful_count - 1` })
        .where('id', '=', reviewId)
        .returning('helpful_count')
        .executeTakeFirstOrThrow()
    : await db.selectFrom('product_reviews').select('helpful_count').where('id', '=', reviewId).executeTakeFirstOrThrow();
  return row.helpful_count;
}

/** The user's reviews newest first, with each product's title, image and whether it is still public. */
export async function listWrittenReviews(db: Db, userId: string, options: { after?: TimeKeyset | null; limit: number }) {
  let query = selectReviews(db, userId)
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select(['p.title as product_title', 'p.image_url as product_image_url', 'p.status as product_status'])
    .where('r.reviewer_id', '=', userId);
  if (options.after) query = query.where(sql<boolean>`(r.created_at, r.id) < (${options.after.at}::timestamptz, ${options.after.id}::uuid)`);
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(options.limit).execute();
}

/** Whether the user wrote a review of the product (a refund of theirs then changes its rating). */
export async function hasReviewBy(db: Db, productId: string, reviewerId: string): Promise<boolean> {
  const row = await db.selectFrom('product_reviews').select('id').where('product_id', '=', productId).where('reviewer_id', '=', reviewerId).executeTakeFirst();
  return Boolean(row);
}

/** How many product reviews the user wrote (their home's 'Reviews written' figure). */
export async function countWrittenReviews(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('product_reviews')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('reviewer_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Who bought what in an order (its buyer's review of that product is the one a payment or refund recounts). */
export async function findOrderParties(db: Db, orderId: string): Promise<{ buyer_id: string; product_id: string } | undefined> {
  return db.selectFrom('orders').select(['buyer_id', 'product_id']).where('id', '=', orderId).executeTakeFirst();
}
