/**
 * 'You might also like': the products most like this one, scored on shared AI tool,
 * category, content type and tags, ties broken by rating then downloads.
 */
import type { ProductCard } from './products';

function similarityScore(a: ProductCard, b: ProductCard): number {
  let score = 0;
  if (a.aiToolType === b.aiToolType) score += 3;
  if (a.categoryId && a.categoryId === b.categoryId) score += 2;
  if (a.contentType === b.contentType) score += 2;
  const tags = new Set(a.tags);
  score += b.tags.filter((t) => tags.has(t)).length;
  return score;
}

export function pickSimilar(product: ProductCard, candidates: readonly ProductCard[], count = 4): ProductCard[] {
  return candidates
    .filter((c) => c.id !== product.id)
    .map((c) => ({ c, score: similarityScore(product, c) }))
    .filter((x) => x.score > 0)
    .sort((x, y) => y.score - x.score || y.c.rating - x.c.rating || y.c.downloadsCount - x.c.downloadsCount)
    .slice(0, count)
    .map((x) => x.c);
}
