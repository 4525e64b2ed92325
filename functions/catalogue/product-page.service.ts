/**
 * Data of a product page rendered on demand (a product published since the last build):
 * the published product and similar products. Prebuilt pages get the same shapes from the
 * content snapshot; pickSimilar (src/shared/similar.ts) chooses for both.
 */
import type { Db } from '../../db/database';
import type { ProductCard, PublicProduct } from '../../src/shared/products';
import { pickSimilar } from '../../src/shared/similar';
import { selectPublishedProducts } from './catalogue.repository';
import { toProductCard, toPublicProduct } from './catalogue.mapper';
import { isUuid } from '../../src/shared/ids';


export async function isProductPublished(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db.selectFrom('products').select('id').where('id', '=', id).where('status', '=', 'published').executeTakeFirst();
  return Boolean(row);
}

export async function getProductPage(db: Db, id: string): Promise<{ product: PublicProduct; similar: ProductCard[] } | null> {
  if (!isUuid(id)) return null;
  const row = await selectPublishedProducts(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const product = toPublicProduct(row);
  const candidates = await selectPublishedProducts(db)
    .where('p.id', '<>', id)
    .where((eb) => eb.or([eb('p.category_id', '=', row.category_id), eb('p.ai_tool_type', '=', row.ai_tool_type)]))
    .orderBy('p.rating', 'desc')
    .limit(40)
    .execute();
  return { product, similar: pickSimilar(product, candidates.map(toProductCard)) };
}
