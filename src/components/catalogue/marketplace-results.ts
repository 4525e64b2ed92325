/**
 * The marketplace's reads (GET /api/products) as MarketplaceSearch runs them through
 * useApiQuery: a search, with the dead-end fallbacks it offers when a category or a budget
 * emptied it (one request each), and 'Load more'.
 */
import { api } from '@/src/shared/api/client';
import { deadEndFallbacks, fallbacksToOffer, productsQuery, type CardView, type Fallback, type MarketplaceFilters } from './marketplace-query';

export interface Results {
  items: CardView[];
  nextCursor: string | null;
  hasMore: boolean;
  corrections: Record<string, string>;
  /** When a category or a budget emptied the results: the same search without it, with what it finds. */
  fallbacks?: FallbackResults[];
}

export interface FallbackResults extends Omit<Results, 'fallbacks'> {
  fallback: Fallback;
  count: number;
}

const fetchProducts = (query: Record<string, string>, signal: AbortSignal) => api('GET /api/products', { query, signal });

export async function searchProducts(signal: AbortSignal, filters: MarketplaceFilters): Promise<Results> {
  const body = await fetchProducts(productsQuery(filters), signal);
  // Nothing in the category or the budget: find what the same search has without it (one request each).
  const tried = body.items.length
    ? []
    : await Promise.all(
        deadEndFallbacks(filters).map(async (fallback): Promise<FallbackResults> => {
          const found = await fetchProducts(productsQuery(fallback.filters), signal);
          const hasMore = found.nextCursor !== null;
          return { fallback, items: found.items, nextCursor: found.nextCursor, hasMore, corrections: found.corrections, count: found.items.length };
        }),
      );
  return {
    items: body.items,
    nextCursor: body.nextCursor,
    hasMore: body.nextCursor !== null,
    corrections: body.corrections,
    fallbacks: fallbacksToOffer(tried),
  };
}

/** The results with the next page: the prebuilt first page has no cursor, so it is fetched again together with the next one. */
export async function loadMoreProducts(signal: AbortSignal, filters: MarketplaceFilters, results: Results, pageSize: number): Promise<Results> {
  const { nextCursor, items } = results;
  const body = await fetchProducts(productsQuery(filters, nextCursor ? { cursor: nextCursor } : { limit: items.length + pageSize }), signal);
  const ids = new Set(items.map((p) => p.id));
  return {
    ...results,
    items: nextCursor ? [...items, ...body.items.filter((p) => !ids.has(p.id))] : body.items,
    nextCursor: body.nextCursor,
    hasMore: body.nextCursor !== null,
  };
}
