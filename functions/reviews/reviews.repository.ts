/**
 * Every query of seller_reviews (the public profile's list, the creator studio's /reviews
 * and its preview), and the seller's derived figures (average_rating, review_count)
 * recomputed from the rows.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { publishedProducts } from '../catalogue/catalogue.repository';
import { after, timeKey, type TimeKeyset } from '../_shared/keyset.repository';

/**
 * Locks the seller's profile row for the rest of the transaction. Reviews of one seller are
 * written one after the other: each recount then starts after the previous writer committed
 * and sees its review (under READ COMMITTED every statement takes a new snapshot).
 */
export async function lockSeller(db: Db, sellerId: string) {
  return db.selectFrom('profiles').select(['id', 'user_type']).where('id', '=', sellerId).forUpdate().executeTakeFirst();
}

export async function hasPublishedProducts(db: Db, sellerId: string): Promise<boolean> {
  const row = await publishedProducts(db).select('p.id').where('p.creator_id', '=', sellerId).limit(1).executeTakeFirst();
  return Boolean(row);
}

/** Creates or replaces the reviewer's review of the seller; `created` tells which. */
export async function upsertReview(db: Db, values: { sellerId: string; reviewerId: string; rating: number; text: string }) {
  return db
    .insertInto('seller_reviews')
    .values({ seller_id: values.sellerId, reviewer_id: values.reviewerId, rating: values.rating, review_text: values.text })
    .onConflict((oc) => oc.columns(['seller_id', 'reviewer_id']).doUpdateSet({ rating: values.rating, review_text: values.text, updated_at: sql`now()` }))
    .returning(['id', sql<boolean>`(xmax = 0)`.as('created')])
    .executeTakeFirstOrThrow();
}

export async function deleteReview(db: Db, sellerId: string, reviewerId: string): Promise<boolean> {
  const rows = await db.deleteFrom('seller_reviews').where('seller_id', '=', sellerId).where('reviewer_id', '=', reviewerId).returning('id').execute();
  return rows.length > 0;
}

export async function recomputeSellerRating(db: Db, sellerId: string) {
  return db
    .updateTable('profiles')
    .set({
      review_count: sql`(select count(*) from seller_reviews r where r.seller_id = ${sellerId} and r.hidden_at is null)`,
      average_rating: sql`coalesce((select round(avg(r.rating)::numeric, 2) from seller_reviews r where r.seller_id = ${sellerId} and r.hidden_at is null), 0)`,
    })
    .where('id', '=', sellerId)
    .returning(['average_rating', 'review_count'])
    .executeTakeFirstOrThrow();
}

function selectReviews(db: Db) {
  return db
    .selectFrom('seller_reviews as r')
    .innerJoin('profiles as p', 'p.id', 'r.reviewer_id')
    .select([
      'r.id',
      'r.seller_id',
      'r.reviewer_id',
      'r.rating',
      'r.review_text',
      'r.created_at',
      'r.updated_at',
      'p.full_name as reviewer_name',
      'p.avatar_url as reviewer_avatar_url',
      timeKey('r.created_at').as('cursor_at'),
      sql<boolean>`exists (
        select 1 from downloads d join products pr on pr.id = d.product_id
        where d.user_id = r.reviewer_id and pr.creator_id = r.seller_id
      )`.as('verified_download'),
    ]);
}

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

/** The seller's reviews newest first, after a keyset position when given. */
export async function listLatestReviews(db: Db, sellerId: string, options: { after?: TimeKeyset | null; limit: number }): Promise<ReviewRow[]> {
  // Hidden by the team (docs/decisions/037): out of the public list.
  let query = selectReviews(db).where('r.seller_id', '=', sellerId).where('r.hidden_at', 'is', null);
  if (options.after) query = query.where(after('r.created_at', 'r.id', options.after));
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(options.limit).execute();
}

export async function findReview(db: Db, sellerId: string, reviewerId: string): Promise<ReviewRow | undefined> {
  return selectReviews(db).where('r.seller_id', '=', sellerId).where('r.reviewer_id', '=', reviewerId).executeTakeFirst();
}

/** How many reviews of the seller gave each rating (ratings nobody gave are absent). */
export async function countReviewsByRating(db: Db, sellerId: string): Promise<{ rating: number; count: number }[]> {
  const rows = await db
    .selectFrom('seller_reviews')
    .select(['rating', sql<string>`count(*)`.as('n')])
    .where('seller_id', '=', sellerId)
    .where('hidden_at', 'is', null)
    .groupBy('rating')
    .execute();
  return rows.map((r) => ({ rating: r.rating, count: Number(r.n) }));
}
