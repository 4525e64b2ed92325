/**
 * The marketplace island's state as pure functions: the filters read from and written to
 * the /marketplace URL (search, category, budget as the landing page sends them, plus type,
 * tool, pricing, level and sort), the GET /api/products query, the slim card shape the island
 * carries, the creators behind a result list, and the 'Did you mean' query.
 *
 * Dependency-free on purpose (src/shared/search.ts holds the same values but imports zod,
 * which would triple the island's JavaScript): the allowed values come in as props from the
 * page, which builds them from src/shared/search.ts at build time.
 */
import type { CreatorCard, ProductCard } from '@/src/shared/products';

export const FILTER_KEYS = ['search', 'category', 'budget', 'type', 'tool', 'pricing', 'level', 'sort'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type MarketplaceFilters = Record<FilterKey, string>;

export const EMPTY_FILTERS: MarketplaceFilters = { search: '', category: '', budget: '', type: '', tool: '', pricing: '', level: '', sort: '' };

export const SEARCH_MAX_LENGTH = 200;

/** The values each select accepts; anything else in the URL is ignored rather than sent. */
export type AllowedValues = Record<Exclude<FilterKey, 'search'>, readonly string[]>;

export function readFilters(params: URLSearchParams, allowed: AllowedValues): MarketplaceFilters {
  const filters = { ...EMPTY_FILTERS };
  filters.search = (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  for (const key of FILTER_KEYS) {
    if (key === 'search') continue;
    const value = params.get(key) ?? '';
    if (allowed[key].includes(value)) filters[key] = value;
  }
  return filters;
}

/** Query parameters in a stable order (search, category, budget first, as the landing page writes them); empty ones omitted. */
export function filtersToParams(filters: MarketplaceFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = key === 'search' ? filters.search.trim() : filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

export function isDefaultQuery(filters: MarketplaceFilters): boolean {
  return FILTER_KEYS.every((key) => !(key === 'search' ? filters.search.trim() : filters[key]));
}

/** Filters set in the filter panel (not the search box or the sort), for the mobile 'Filters (n)' button. */
export function countPanelFilters(filters: MarketplaceFilters): number {
  return (['category', 'budget', 'type', 'tool', 'pricing', 'level'] as const).filter((k) => filters[k]).length;
}

/** The GET /api/products query: the filters in their URL order, then the page. */
export function productsQuery(filters: MarketplaceFilters, page: { cursor?: string | null; limit?: number } = {}): Record<string, string> {
  const query = Object.fromEntries(filtersToParams(filters));
  if (page.cursor) query['cursor'] = page.cursor;
  if (page.limit) query['limit'] = String(page.limit);
  return query;
}

export type MarketplaceView = 'all' | 'favorites' | 'creators';

export function viewFromHash(hash: string): MarketplaceView {
  const name = hash.replace(/^#/, '');
  return name === 'favorites' || name === 'creators' ? name : 'all';
}

export function marketplaceHref(filters: MarketplaceFilters, view: MarketplaceView): string {
  const qs = filtersToParams(filters).toString();
  return `/marketplace${qs ? `?${qs}` : ''}${view === 'all' ? '' : `#${view}`}`;
}

/** The fields a marketplace card and the creators view need: what the page embeds as island props. */
export interface CardView {
  id: string;
  title: string;
  shortDescription: string;
  price: number;
  pricingModel: string;
  payWhatYouWant: boolean;
  rating: number;
  imageUrl: string | null;
  aiToolType: string;
  aiToolName: string;
  /** 0: not a bundle. */
  bundleItemCount: number;
  creator: Pick<CreatorCard, 'id' | 'fullName' | 'avatarUrl' | 'verified' | 'averageRating' | 'followerCount'>;
}

export function toCardView(p: ProductCard): CardView {
  const c = p.creator;
  return {
    id: p.id,
    title: p.title,
    shortDescription: p.shortDescription,
    price: p.price,
    pricingModel: p.pricingModel,
    payWhatYouWant: p.payWhatYouWant,
    rating: p.rating,
    imageUrl: p.imageUrl,
    aiToolType: p.aiToolType,
    bundleItemCount: p.bundleItemCount,
    aiToolName: p.aiToolName,
    creator: { id: c.id, fullName: c.fullName, avatarUrl: c.avatarUrl, verified: c.verified, averageRating: c.averageRating, followerCount: c.followerCount },
  };
}

/** Appends the items of `more` that `list` does not hold yet (keyset pages never overlap, but a refreshed first page may). */
export function mergeById<T extends { id: string }>(list: readonly T[], more: readonly T[]): T[] {
  const ids = new Set(list.map((p) => p.id));
  return [...list, ...more.filter((p) => !ids.has(p.id) && ids.add(p.id))];
}

export type CreatorSummary = CardView['creator'] & { productCount: number };

/** The creators behind a list of products: each once, most products first, then in order of appearance. */
export function creatorsOf(items: readonly CardView[]): CreatorSummary[] {
  const byId = new Map<string, CreatorSummary & { first: number }>();
  items.forEach((p, i) => {
    const known = byId.get(p.creator.id);
    if (known) known.productCount += 1;
    else byId.set(p.creator.id, { ...p.creator, productCount: 1, first: i });
  });
  return [...byId.values()].sort((a, b) => b.productCount - a.productCount || a.first - b.first).map(({ first: _first, ...c }) => c);
}

/** The search with the server's corrections applied ({ chatbto: 'chatbot' }), or null when nothing was corrected. */
export function correctedQuery(search: string, corrections: Readonly<Record<string, string>>): string | null {
  const entries = Object.entries(corrections);
  if (!search.trim() || !entries.length) return null;
  let changed = false;
  const out = search.trim().replace(/[A-Za-z0-9]+/g, (word) => {
    const fix = corrections[word.toLowerCase()];
    if (fix && fix !== word.toLowerCase()) {
      changed = true;
      return fix;
    }
    return word;
  });
  return changed ? out : null;
}

/** 'Showing 24 products' style count line for the current results. */
export function resultCountText(count: number, hasMore: boolean): string {
  if (count === 0) return 'No products found';
  const noun = count === 1 ? 'product' : 'products';
  return hasMore ? `Showing the first ${count} ${noun}` : `${count} ${noun}`;
}

/**
 * Discovery that does not dead-end (issue 15): when a search finds nothing inside a category
 * or a budget, the marketplace says so ('No results in Audio & Voice', 'No results under $50')
 * and offers the same search without that restriction. The other filters are kept.
 */
export type Widening = 'category' | 'budget';

export interface Fallback {
  /** The restrictions this fallback lifts. */
  drop: Widening[];
  filters: MarketplaceFilters;
}

/** The budget as the end of a sentence: 'No results under $50'. */
const BUDGET_PHRASES: Record<string, string> = {
  free: 'among free products',
  'under-50': 'under $50',
  '50-100': 'between $50 and $100',
  '100-plus': 'at $100 or more',
};

export function budgetPhrase(budget: string, label = budget): string {
  return BUDGET_PHRASES[budget] ?? `for the budget ${label}`;
}

/** The searches to try when `filters` found nothing: without the category, without the budget, then without both. */
export function deadEndFallbacks(filters: MarketplaceFilters): Fallback[] {
  const set = (['category', 'budget'] as const).filter((k) => filters[k]);
  const without = (drop: Widening[]): Fallback => ({
    drop,
    filters: { ...filters, ...Object.fromEntries(drop.map((k) => [k, ''])) },
  });
  const fallbacks = set.map((k) => without([k]));
  if (set.length === 2) fallbacks.push(without([...set]));
  return fallbacks;
}

/** Which fallbacks to offer once their results are known: those lifting one restriction that find something, else the one lifting both. */
export function fallbacksToOffer<T extends { fallback: Fallback; count: number }>(tried: readonly T[]): T[] {
  const found = tried.filter((t) => t.count > 0);
  const single = found.filter((t) => t.fallback.drop.length === 1);
  return single.length ? single : found.slice(0, 1);
}

/** 'No results in Audio & Voice under $50' for the restrictions in force; null when there are none. */
export function noResultsTitle(filters: MarketplaceFilters, labels: { category?: string | undefined; budget?: string | undefined }): string | null {
  const parts: string[] = [];
  if (filters.category) parts.push(`in ${labels.category ?? filters.category}`);
  if (filters.budget) parts.push(budgetPhrase(filters.budget, labels.budget));
  return parts.length ? `No results ${parts.join(' ')}` : null;
}

/** The fallback's button: 'Show 3 results in all categories', 'Show 24+ results at any price'. */
export function fallbackActionText(drop: readonly Widening[], count: number, hasMore: boolean): string {
  const where = [drop.includes('category') ? 'in all categories' : '', drop.includes('budget') ? 'at any price' : ''].filter(Boolean).join(' ');
  return `Show ${count}${hasMore ? '+' : ''} ${count === 1 && !hasMore ? 'result' : 'results'} ${where}`;
}
