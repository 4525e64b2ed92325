/**
 * The /marketplace island (spec section 2, Marketplace): search box, filters (category,
 * type, budget, AI tool, pricing model, technical level), sort, result count with the
 * 'Did you mean' note, the grid (1, 2 or 4 columns by width) with 'Load more', and the
 * #favorites and #creators views.
 *
 * The page is prebuilt: the server renders this island with the newest products (its
 * `initialItems` prop), so the first results are in the HTML and hydration matches them.
 * It fetches GET /api/products only when the URL carries filters or the visitor changes
 * something, and keeps the filters in the URL (history.replaceState) so a search can be
 * shared, reloaded or linked from the landing page (/marketplace?search=..&category=..&budget=..).
 *
 * Kept lean on purpose (the page's JavaScript budget is 80 KB compressed, React included):
 * the filter definitions and labels arrive as props, built by the page from src/shared.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { api } from '@/src/shared/api/client';
import { refreshFavorites, toggleFavorite } from '@/src/stores/favorites';
import { toast } from '@/src/stores/toasts';
import { MarketplaceCard } from './MarketplaceCard';
import MarketplaceCreators from './MarketplaceCreators';
import { useFavoriteIds, useFavoriteProducts, useFavoritesSource } from './use-favorites';
import {
  correctedQuery,
  countPanelFilters,
  creatorsOf,
  deadEndFallbacks,
  fallbackActionText,
  fallbacksToOffer,
  noResultsTitle,
  EMPTY_FILTERS,
  isDefaultQuery,
  marketplaceHref,
  productsQuery,
  readFilters,
  resultCountText,
  SEARCH_MAX_LENGTH,
  type Fallback,
  viewFromHash,
  type AllowedValues,
  type CardView,
  type MarketplaceFilters,
  type MarketplaceView,
} from './marketplace-query';

export interface Option {
  value: string;
  label: string;
}

/** One filter select: its URL key, label, 'any' option and options (grouped when `group` is set). */
export interface FilterDefinition {
  key: Exclude<keyof MarketplaceFilters, 'search' | 'sort'>;
  label: string;
  any: string;
  groups: { group?: string; options: Option[] }[];
}

interface Props {
  initialItems: CardView[];
  initialHasMore: boolean;
  pageSize: number;
  filters: FilterDefinition[];
  sorts: Option[];
}

interface Results {
  items: CardView[];
  nextCursor: string | null;
  hasMore: boolean;
  corrections: Record<string, string>;
  /** When a category or a budget emptied the results: the same search without it, with what it finds. */
  fallbacks?: FallbackResults[];
}

interface FallbackResults extends Omit<Results, 'fallbacks'> {
  fallback: Fallback;
  count: number;
}

type Status = 'idle' | 'loading' | 'error' | 'more';

const SEARCH_DEBOUNCE_MS = 350;
const LOAD_ERROR = { title: 'Failed to load marketplace', description: "We couldn't load the marketplace products. Please try again." };

const fetchProducts = (query: Record<string, string>, signal?: AbortSignal) => api('GET /api/products', { query, ...(signal ? { signal } : {}) });

export default function MarketplaceSearch({ initialItems, initialHasMore, pageSize, filters: definitions, sorts }: Props) {
  const [filters, setFilters] = useState<MarketplaceFilters>(EMPTY_FILTERS);
  const [searchText, setSearchText] = useState('');
  const [view, setView] = useState<MarketplaceView>('all');
  const [results, setResults] = useState<Results>({ items: initialItems, nextCursor: null, hasMore: initialHasMore, corrections: {} });
  const [status, setStatus] = useState<Status>('idle');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const request = useRef<AbortController>(null);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Event handlers and timers read the latest state through these.
  const current = useRef({ filters, view });
  current.current = { filters, view };

  const favoriteIds = useFavoriteIds();
  const favoriteProducts = useFavoriteProducts();
  const favoritesSource = useFavoritesSource();

  async function search(next: MarketplaceFilters) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setStatus('loading');
    try {
      const body = await fetchProducts(productsQuery(next), controller.signal);
      // Nothing in the category or the budget: find what the same search has without it (one request each).
      const tried = body.items.length
        ? []
        : await Promise.all(
            deadEndFallbacks(next).map(async (fallback): Promise<FallbackResults> => {
              const found = await fetchProducts(productsQuery(fallback.filters), controller.signal);
              const hasMore = found.nextCursor !== null;
              return { fallback, items: found.items, nextCursor: found.nextCursor, hasMore, corrections: found.corrections, count: found.items.length };
            }),
          );
      setResults({
        items: body.items,
        nextCursor: body.nextCursor,
        hasMore: body.nextCursor !== null,
        corrections: body.corrections,
        fallbacks: fallbacksToOffer(tried),
      });
      setStatus('idle');
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('[marketplace] search failed:', error);
      setStatus('error');
    }
  }

  function applyFilters(next: MarketplaceFilters, writeUrl = true) {
    clearTimeout(debounce.current);
    setFilters(next);
    if (writeUrl) history.replaceState(history.state, '', marketplaceHref(next, current.current.view));
    void search(next);
  }

  const setFilter = (key: keyof MarketplaceFilters, value: string) => applyFilters({ ...current.current.filters, [key]: value });

  function setSearch(value: string) {
    setSearchText(value);
    applyFilters({ ...current.current.filters, search: value.trim() });
  }

  /** One click from 'No results in {category}' to the results it offered: already fetched, shown at once. */
  function takeFallback({ fallback, items, nextCursor, hasMore, corrections }: FallbackResults) {
    request.current?.abort();
    clearTimeout(debounce.current);
    setFilters(fallback.filters);
    history.replaceState(history.state, '', marketplaceHref(fallback.filters, current.current.view));
    setResults({ items, nextCursor, hasMore, corrections });
    setStatus('idle');
  }

  function clearFilters() {
    setSearchText('');
    applyFilters(EMPTY_FILTERS);
  }

  function onSearchInput(value: string) {
    setSearchText(value);
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      if (value.trim() !== current.current.filters.search) setSearch(value);
    }, SEARCH_DEBOUNCE_MS);
  }

  function showView(next: MarketplaceView) {
    if (next === current.current.view) return;
    setView(next);
    history.pushState(history.state, '', marketplaceHref(current.current.filters, next));
  }

  async function loadMore() {
    setStatus('more');
    try {
      // The prebuilt first page has no cursor: fetch it again together with the next page.
      const { nextCursor, items } = results;
      const body = await fetchProducts(productsQuery(filters, nextCursor ? { cursor: nextCursor } : { limit: items.length + pageSize }));
      const ids = new Set(items.map((p) => p.id));
      setResults((r) => ({
        ...r,
        items: nextCursor ? [...items, ...body.items.filter((p) => !ids.has(p.id))] : body.items,
        nextCursor: body.nextCursor,
        hasMore: body.nextCursor !== null,
      }));
    } catch (error) {
      console.warn('[marketplace] load more failed:', error);
      toast({ ...LOAD_ERROR, variant: 'destructive' });
    }
    setStatus((s) => (s === 'more' ? 'idle' : s));
  }

  // After hydration: read the URL (filters from the landing page or a shared link, and the view).
  useEffect(() => {
    const allowed = Object.fromEntries([
      ...definitions.map((d) => [d.key, d.groups.flatMap((g) => g.options.map((o) => o.value))]),
      ['sort', sorts.map((o) => o.value)],
    ]) as AllowedValues;
    const fromUrl = readFilters(new URLSearchParams(location.search), allowed);
    const onLocation = () => setView(viewFromHash(location.hash));
    onLocation();
    if (!isDefaultQuery(fromUrl)) {
      setSearchText(fromUrl.search);
      applyFilters(fromUrl, false);
    }
    addEventListener('hashchange', onLocation);
    addEventListener('popstate', onLocation);
    return () => {
      removeEventListener('hashchange', onLocation);
      removeEventListener('popstate', onLocation);
    };
    // Runs once: later changes come from the visitor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (view === 'favorites') refreshFavorites();
  }, [view]);

  const panelCount = countPanelFilters(filters);
  const correction = correctedQuery(filters.search, results.corrections);
  const defaultSort = filters.search ? 'relevance' : 'newest';
  const onToggleLike = (id: string) => void toggleFavorite(id);

  const grid = (items: CardView[]) => (
    <ul className="grid grid-4 mk-grid" role="list">
      {items.map((product, i) => (
        <li key={product.id}>
          <MarketplaceCard
            product={product}
            toolLabel={product.aiToolName}
            liked={favoriteIds.has(product.id)}
            onToggleLike={onToggleLike}
            eager={i === 0}
            priority={i === 0}
          />
        </li>
      ))}
    </ul>
  );

  let body: ReactNode;
  let summary: ReactNode = null;
  if (view === 'favorites') {
    // Signed in: the account's favorites; a visitor: the liked products among those fetched.
    const known = favoritesSource === 'user' ? (favoriteProducts ?? []) : [...results.items, ...initialItems];
    const seen = new Set<string>();
    const items = known.filter((p) => favoriteIds.has(p.id) && !seen.has(p.id) && seen.add(p.id));
    body = (
      <section aria-labelledby="mk-fav">
        <h2 id="mk-fav" className="mk-view-title">
          Your favorites
        </h2>
        {favoritesSource === 'visitor' ? (
          <p className="mk-note">
            Favorites are kept on this device. <a href="/auth?mode=login&redirect=%2Fmarketplace%23favorites">Log in</a> to keep them in your account.
          </p>
        ) : null}
        {items.length ? (
          grid(items)
        ) : favoritesSource === 'loading' ? (
          <Skeleton />
        ) : (
          <State title="No favorites yet" text="Tap the heart on any product to save it here." action="Browse products" onAction={() => showView('all')} />
        )}
      </section>
    );
  } else if (status === 'loading') {
    body = <Skeleton />;
    summary = <span className="muted">Loading products...</span>;
  } else if (status === 'error') {
    body = <State title={LOAD_ERROR.title} text={LOAD_ERROR.description} action="Try Again" onAction={() => void search(filters)} alert />;
  } else if (!results.items.length) {
    const labelOf = (key: 'category' | 'budget') =>
      definitions
        .find((d) => d.key === key)
        ?.groups.flatMap((g) => g.options)
        .find((o) => o.value === filters[key])?.label;
    const offers = results.fallbacks ?? [];
    const title = noResultsTitle(filters, { category: labelOf('category'), budget: labelOf('budget') });
    body = offers.length ? (
      <div className="mk-state state-box">
        <h2>{title}</h2>
        <p className="muted">{offers.length > 1 ? 'The same search finds products elsewhere:' : 'The same search finds products elsewhere.'}</p>
        <div className="mk-fallbacks">
          {offers.map((offer) => (
            <button key={offer.fallback.drop.join('+')} type="button" className="btn btn-primary" onClick={() => takeFallback(offer)}>
              {fallbackActionText(offer.fallback.drop, offer.count, offer.hasMore)}
            </button>
          ))}
        </div>
      </div>
    ) : (
      <State
        title={title ?? 'No products match your search'}
        text="Try other words or fewer filters, or clear the filters to see every product."
        action="Clear filters"
        onAction={clearFilters}
      />
    );
  } else {
    const creators = view === 'creators' ? creatorsOf(results.items) : [];
    summary = (
      <>
        <span className="mk-result-count">
          {view === 'creators'
            ? `${creators.length} ${creators.length === 1 ? 'creator' : 'creators'} behind ${results.items.length === 1 ? 'this product' : `these ${results.items.length} products`}`
            : resultCountText(results.items.length, results.hasMore)}
        </span>
        {correction ? (
          <span className="mk-correction">
            Did you mean{' '}
            <button type="button" className="mk-link" onClick={() => setSearch(correction)}>
              {correction}
            </button>
            ? Showing results for it.
          </span>
        ) : null}
      </>
    );
    body =
      view === 'creators' ? (
        <MarketplaceCreators creators={creators} />
      ) : (
        <>
          {grid(results.items)}
          {results.hasMore ? (
            <div className="mk-more">
              <button type="button" className="btn btn-secondary" onClick={() => void loadMore()} disabled={status === 'more'}>
                {status === 'more' ? 'Loading...' : 'Load more'}
              </button>
            </div>
          ) : null}
        </>
      );
  }

  const tab = (name: MarketplaceView, label: ReactNode) => (
    <a
      href={marketplaceHref(filters, name)}
      className={view === name ? 'mk-tab active' : 'mk-tab'}
      aria-current={view === name ? 'page' : undefined}
      onClick={(e) => {
        e.preventDefault();
        showView(name);
      }}
    >
      {label}
    </a>
  );

  const clear = (className: string) =>
    isDefaultQuery(filters) ? null : (
      <button type="button" className={className} onClick={clearFilters}>
        Clear filters
      </button>
    );

  return (
    <div className={view === 'favorites' ? 'mk mk-favorites' : 'mk'} data-status={status}>
      <form
        className="mk-search"
        role="search"
        aria-label="Search the marketplace"
        action="/marketplace"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(searchText);
        }}
      >
        <svg className="mk-search-icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-3.5-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          name="search"
          value={searchText}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => onSearchInput(e.currentTarget.value)}
          placeholder="Search prompts, automations, agents, templates..."
          aria-label="Search products"
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>

      <button
        type="button"
        className="btn btn-secondary mk-filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls="mk-filters"
        onClick={() => setFiltersOpen(!filtersOpen)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Filters{panelCount ? ` (${panelCount})` : ''}
      </button>
      <div id="mk-filters" className={filtersOpen ? 'mk-filters open' : 'mk-filters'}>
        {definitions.map((d) => (
          <label className="mk-field" key={d.key}>
            <span>{d.label}</span>
            <select value={filters[d.key]} onChange={(e) => setFilter(d.key, e.currentTarget.value)}>
              <option value="">{d.any}</option>
              {d.groups.map((g) => {
                const options = g.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ));
                return g.group ? (
                  <optgroup key={g.group} label={g.group}>
                    {options}
                  </optgroup>
                ) : (
                  options
                );
              })}
            </select>
          </label>
        ))}
        {clear('btn btn-secondary mk-panel-clear')}
      </div>

      <nav className="mk-tabs" aria-label="Marketplace views">
        {tab('all', 'All products')}
        {tab('favorites', <>Favorites{favoriteIds.size ? <span className="mk-count">{favoriteIds.size}</span> : null}</>)}
        {tab('creators', 'Creators')}
      </nav>
      <div className="mk-bar-end">
        {clear('btn btn-ghost mk-clear')}
        <label className="mk-sort">
          <span>Sort by</span>
          <select value={filters.sort || defaultSort} onChange={(e) => setFilter('sort', e.currentTarget.value === defaultSort ? '' : e.currentTarget.value)}>
            {sorts.map((o) => (
              <option key={o.value} value={o.value} disabled={o.value === 'relevance' && !filters.search}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="mk-summary" role="status">
        {summary}
      </div>
      <div className="mk-body">
        {view === 'favorites' ? null : <h2 className="visually-hidden">{view === 'creators' ? 'Creators' : 'Products'}</h2>}
        {body}
      </div>
    </div>
  );
}

function Skeleton() {
  return (
    <ul className="grid grid-4 mk-grid" aria-hidden="true" data-skeleton>
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i}>
          <div className="pcard mk-skeleton">
            <div className="pcard-media" />
            <div className="pcard-body">
              <span className="sk sk-short" />
              <span className="sk" />
              <span className="sk sk-long" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function State({ title, text, action, onAction, alert }: { title: string; text: string; action: string; onAction(): void; alert?: boolean }) {
  return (
    <div className="mk-state state-box" role={alert ? 'alert' : undefined}>
      <h2>{title}</h2>
      <p className="muted">{text}</p>
      <button type="button" className="btn btn-primary" onClick={onAction}>
        {action}
      </button>
    </div>
  );
}
