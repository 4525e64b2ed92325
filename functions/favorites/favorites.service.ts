/**
 * Favorites (the spec's like toggle, made real): persisted for signed-in users; visitors
 * keep theirs in local storage (src/stores/favorites.ts). Only published products can be
 * favorited and only published ones are listed. Queries: favorites.repository.ts.
 */
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import type { ProductCard } from '@/src/shared/products';
import { isPublishedProduct } from '../catalogue/catalogue.repository';
import { toProductCard } from '../catalogue/catalogue.mapper';
import { isUuid } from '@/src/shared/ids';
import { LIMIT_DEFAULT } from '@/src/shared/api/contract';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { positionOf, TimeKeysetSchema } from '../_shared/keyset.repository';
import { deleteFavorite, insertFavorite, listFavoriteProducts } from './favorites.repository';

/** A keyset page of the user's favorites, most recently favorited first. */
export async function listFavorites(
  db: Db,
  userId: string,
  options: { cursor?: string | null; limit?: number } = {},
): Promise<{ items: ProductCard[]; nextCursor: string | null }> {
  const limit = options.limit ?? LIMIT_DEFAULT;
  const rows = await listFavoriteProducts(db, userId, { after: decodeCursor(options.cursor, TimeKeysetSchema), limit: limit + 1 });
  const page = pageOf(rows, limit, positionOf);
  return { items: page.items.map(toProductCard), nextCursor: page.nextCursor };
}

/** Idempotent: favoriting twice keeps one row. */
export async function addFavorite(db: Db, userId: string, productId: string): Promise<void> {
  if (!isUuid(productId) || !(await isPublishedProduct(db, productId))) throw new AppError('PRODUCT_NOT_FOUND');
  await insertFavorite(db, userId, productId);
}

export async function removeFavorite(db: Db, userId: string, productId: string): Promise<void> {
  if (!isUuid(productId)) return;
  await deleteFavorite(db, userId, productId);
}
