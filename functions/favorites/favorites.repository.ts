/**
 * Every query of favorites: a user's favorited products (published ones only, through the
 * catalogue's base query), their ids, and adding or removing one. Functions take `db` first.
 */
import type { Db } from '@/db/database';
import { selectPublishedProducts, type PublishedProductRow } from '../catalogue/catalogue.repository';

/** The user's favorited products that are published, most recently favorited first. */
export async function listFavoriteProducts(db: Db, userId: string, limit: number): Promise<PublishedProductRow[]> {
  return selectPublishedProducts(db)
    .innerJoin('favorites as f', 'f.product_id', 'p.id')
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function listFavoriteProductIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('favorites').select('product_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.product_id);
}

/** Idempotent: a second insert of the same pair keeps one row. */
export async function insertFavorite(db: Db, userId: string, productId: string): Promise<void> {
  await db
    .insertInto('favorites')
    .values({ user_id: userId, product_id: productId })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}

export async function deleteFavorite(db: Db, userId: string, productId: string): Promise<void> {
  await db.deleteFrom('favorites').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}
