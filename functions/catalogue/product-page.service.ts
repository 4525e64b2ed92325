/**
 * The data of a product page: the published product and 'You might also like'.
 *
 * Similar products are chosen from a bounded candidate set: the best-ranked few of the
 * product's AI tool, of its category and of its content type (three indexed top-K reads in
 * one round trip),
 * scored by pickSimilar (src/shared/similar.ts). A page therefore costs O(K) whatever the
 * catalogue's size, and rendering every page is O(N x K) (docs/decisions/015), where ranking
 * the whole catalogue for every page was O(N^2).
 */
import type { Db } from '../../db/database';
import type { ProductCard, PublicProduct } from '../../src/shared/products';
import { pickSimilar } from '../../src/shared/similar';
import { findPublishedProduct, listSimilarCandidates } from './catalogue.repository';
import { toProductCard, toPublicProduct } from './catalogue.mapper';
import { isUuid } from '../../src/shared/ids';

/** Candidates read per bucket (tool, category, content type). */
export const SIMILAR_CANDIDATES_PER_BUCKET = 24;

export async function getProductPage(db: Db, id: string): Promise<{ product: PublicProduct; similar: ProductCard[] } | null> {
  if (!isUuid(id)) return null;
  const row = await findPublishedProduct(db, id);
  if (!row) return null;
  const product = toPublicProduct(row);
  const candidates = await listSimilarCandidates(db, { id, aiToolType: row.ai_tool_type, categoryId: row.category_id, contentType: row.content_type }, SIMILAR_CANDIDATES_PER_BUCKET);
  return { product, similar: pickSimilar(product, candidates.map(toProductCard)) };
}
