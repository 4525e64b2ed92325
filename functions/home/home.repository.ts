/**
 * The queries of a buyer's home on /profile (issue 15, docs/decisions/030) that no other domain
 * answers: how many products they favorited, the creators they follow, and the seller reviews
 * they wrote. Each is scoped to the one user and bounded.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';

/** How many published products the user favorited (the list itself is functions/favorites). */
export async function countFavorites(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('favorites as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .select(sql<string>`count(*)`.as('n'))
    .where('f.user_id', '=', userId)
    .where('p.status', '=', 'published')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The creators the user follows, most recently followed first. */
export async function listFollowedCreators(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('follows as f')
    .innerJoin('profiles as p', 'p.id', 'f.following_id')
    .select(['p.id', 'p.full_name', 'p.avatar_url', 'p.company', 'f.created_at'])
    .where('f.follower_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many creators the user follows. */
export async function countFollowedCreators(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('follows')
    .select(sql<string>`count(*)`.as('n'))
    .where('follower_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The seller reviews the user wrote, newest first, with the seller's name. */
export async function listSellerReviewsWrittenBy(db: Db, reviewerId: string, limit: number) {
  return db
    .selectFrom('seller_reviews as r')
    .innerJoin('profiles as s', 's.id', 'r.seller_id')
    .select(['r.id', 'r.seller_id', 's.full_name as seller_name', 'r.rating', 'r.review_text', 'r.updated_at'])
    .where('r.reviewer_id', '=', reviewerId)
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many seller reviews the user wrote. */
export async function countSellerReviewsWrittenBy(db: Db, reviewerId: string): Promise<number> {
  const row = await db
    .selectFrom('seller_reviews')
    .select(sql<string>`count(*)`.as('n'))
    .where('reviewer_id', '=', reviewerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
