/**
 * The data of a product page: the published product, its released versions ('What's new')
 * and 'You might also like'.
 *
 * Similar products are chosen from a bounded candidate set: the best-ranked few of the
 * product's AI tool, of its category and of its content type (each an indexed top-K read),
 * scored by pickSimilar (src/shared/similar.ts). A page therefore costs O(K) whatever the
 * catalogue's size, and rendering every page is O(N x K) (docs/decisions/015), where ranking
 * the whole catalogue for every page was O(N^2).
 *
 * The buckets are shared by every product of the same tool, category or type, so they are
 * kept in memory for a minute (per database), and dropped at once when content changes
 * (contentGeneration, moved on by recordPageChange in the change's transaction,
 * docs/decisions/061): a full render of N pages then reads about one bucket per tool,
 * category and type instead of three per page.
 */
import type { Db } from '@/db/database';
import type { ProductCard, PublicProduct } from '@/src/shared/products';
import { pickSimilar } from '@/src/shared/similar';
import { findPublishedProduct, listTopRatedPublished, type PublishedCardRow } from './catalogue.repository';
import { toProductCard, toPublicProduct } from './catalogue.mapper';
import { isUuid } from '@/src/shared/ids';
import type { ProductVersion } from '@/src/shared/api/schemas/versions';
import { getVersionHistory } from '../versions/versions.service';
import { contentGeneration } from '../_shared/content-generation';

/** Candidates kept per bucket (tool, category, content type). */
const SIMILAR_CANDIDATES_PER_BUCKET = 24;
const BUCKET_TTL_MS = 60_000;

type Bucket = { aiToolType: string } | { categoryId: string } | { contentType: string };
interface CachedBucket {
  generation: number;
  expires: number;
  rows: Promise<PublishedCardRow[]>;
}
const bucketsByDb = new WeakMap<Db, Map<string, CachedBucket>>();

/** The best of a bucket, one more than kept so the product itself can be left out. */
function bucket(db: Db, filter: Bucket): Promise<PublishedCardRow[]> {
  let cache = bucketsByDb.get(db);
  if (!cache) bucketsByDb.set(db, (cache = new Map()));
  const key = JSON.stringify(filter);
  const generation = contentGeneration();
  const hit = cache.get(key);
  if (hit && hit.generation === generation && hit.expires > Date.now()) return hit.rows;
  const rows = listTopRatedPublished(db, { limit: SIMILAR_CANDIDATES_PER_BUCKET + 1, ...filter });
  cache.set(key, { generation, expires: Date.now() + BUCKET_TTL_MS, rows });
  rows.catch(() => cache.delete(key));
  return rows;
}

export async function getProductPage(db: Db, id: string): Promise<{ product: PublicProduct; similar: ProductCard[]; versions: ProductVersion[] } | null> {
  if (!isUuid(id)) return null;
  // Its released versions ('What's new', docs/decisions/030) are read alongside: an empty list for an unknown id.
  const [row, versions] = await Promise.all([findPublishedProduct(db, id), getVersionHistory(db, id)]);
  if (!row) return null;
  const product = toPublicProduct(row);
  const filters: Bucket[] = [
    ...(row.ai_tool_type ? [{ aiToolType: row.ai_tool_type }] : []),
    ...(row.category_id ? [{ categoryId: row.category_id }] : []),
    ...(row.content_type ? [{ contentType: row.content_type }] : []),
  ];
  const candidates = new Map<string, ProductCard>();
  for (const rows of await Promise.all(filters.map((f) => bucket(db, f)))) {
    for (const candidate of rows) if (candidate.id !== id) candidates.set(candidate.id, toProductCard(candidate));
  }
  return { product, similar: pickSimilar(product, [...candidates.values()]), versions };
}
