/**
 * Every query of favorites: a user's favorited products (published ones only, through the
 * catalogue's base query), their ids, and adding or removing one. Functions take `db` first.
 */
import type { Db } from '@/db/database';
import { selectPublishedCards } from '../catalogue/catalogue.repository';
import { after, timeKey, type TimeKeyset } from '../_shared/keyset.repository';

/**
 * The user's favorited products that are published, most recently favorited first, as cards;
 * a keyset page over (favorited at, product id) after `after`.
 */
export async function listFavoriteProducts(db: Db, userId: string, options: { after?: TimeKeyset | null; limit: number }) {
  let query = selectPublishedCards(db)
    .innerJoin('favorites as f', 'f.product_id', 'p.id')
    .select(timeKey('f.created_at').as('cursor_at'))
    .where('f.user_id', '=', userId);
  if (options.after) query = query.where(after('f.created_at', 'f.product_id', options.after));
  return query.orderBy('f.created_at', 'desc').orderBy('f.product_id', 'desc').limit(options.limit).execute();
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
