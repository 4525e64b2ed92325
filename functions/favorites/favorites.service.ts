/**
 * Favorites (the spec's like toggle, made real): persisted for signed-in users; visitors
 * keep theirs in local storage (src/stores/favorites.ts). Only published products can be
 * favorited and only published ones are listed.
 */
import type { Db } from '../../db/database';
import { AppError } from '../_shared/errors';
import type { ProductCard } from '../../src/shared/products';
import { selectPublishedProducts } from '../catalogue/catalogue.repository';
import { toProductCard } from '../catalogue/catalogue.mapper';
import { isUuid } from '../../src/shared/ids';


export async function listFavorites(db: Db, userId: string): Promise<ProductCard[]> {
  const rows = await selectPublishedProducts(db)
    .innerJoin('favorites as f', 'f.product_id', 'p.id')
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map(toProductCard);
}

export async function listFavoriteIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('favorites').select('product_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.product_id);
}

/** Idempotent: favoriting twice keeps one row. */
export async function addFavorite(db: Db, userId: string, productId: string): Promise<void> {
  if (!isUuid(productId)) throw new AppError('PRODUCT_NOT_FOUND');
  const product = await db.selectFrom('products').select('id').where('id', '=', productId).where('status', '=', 'published').executeTakeFirst();
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  await db.insertInto('favorites').values({ user_id: userId, product_id: productId }).onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing()).execute();
}

export async function removeFavorite(db: Db, userId: string, productId: string): Promise<void> {
  if (!isUuid(productId)) return;
  await db.deleteFrom('favorites').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}
