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
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatCount } from '../../shared/format';
import { useSession } from '../../stores/use-session';
import { refreshFavorites, toggleFavorite } from '../../stores/favorites';
import { toast } from '../../stores/toasts';
import type { ProductCard } from '../../shared/products';
import { MarketplaceCard } from './MarketplaceCard';
import { useFavoriteIds, useFavoriteProducts, useFavoritesStatus } from './use-favorites';
import {
  correctedQuery,
  countPanelFilters,
  creatorsOf,
  EMPTY_FILTERS,
  isDefaultQuery,
  marketplaceHref,
  productsApiUrl,
  readFilters,
  resultCountText,
  SEARCH_MAX_LENGTH,
  toCardView,
  viewFromHash,
  type AllowedValues,
  type CardView,
  type CreatorSummary,
  type MarketplaceFilters,
  type MarketplaceView,
} from './marketplace-query';

export interface Option {
  value: string;
  label: string;
}

export interface MarketplaceOptions {
  categories: Option[];
  types: Option[];
  budgets: Option[];
  tools: { label: string; options: Option[] }[];
  pricing: Option[];
  levels: Option[];
  sorts: Option[];
}

interface Props {
  initialItems: CardView[];
  initialHasMore: boolean;
  pageSize: number;
  options: MarketplaceOptions;
}

interface Results {
  items: CardView[];
  nextCursor: string | null;
  hasMore: boolean;
  corrections: Record<string, string>;
}

interface SearchAnswer {
  items: ProductCard[];
  nextCursor: string | null;
  corrections?: Record<string, string>;
}

type Status = 'idle' | 'loading' | 'error' | 'loading-more';

const SEARCH_DEBOUNCE_MS = 350;
const LOAD_ERROR = { title: 'Failed to load marketplace', description: "We couldn't load the marketplace products. Please try again." };

async function fetchProducts(url: string, signal?: AbortSignal): Promise<SearchAnswer> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as SearchAnswer;
}

export default function MarketplaceSearch({ initialItems, initialHasMore, pageSize, options }: Props) {
  const [filters, setFilters] = useState<MarketplaceFilters>(EMPTY_FILTERS);
  const [searchText, setSearchText] = useState('');
  const [view, setView] = useState<MarketplaceView>('all');
  const [results, setResults] = useState<Results>({ items: initialItems, nextCursor: null, hasMore: initialHasMore, corrections: {} });
  const [status, setStatus] = useState<Status>('idle');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const request = useRef<AbortController | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const viewRef = useRef(view);
  viewRef.current = view;

  const session = useSession();
  const favoriteIds = useFavoriteIds();
  const favoriteProducts = useFavoriteProducts();
  const favoritesStatus = useFavoritesStatus();

  const allowed: AllowedValues = useMemo(
    () => ({
      category: options.categories.map((o) => o.value),
      type: options.types.map((o) => o.value),
      budget: options.budgets.map((o) => o.value),
      tool: options.tools.flatMap((g) => g.options.map((o) => o.value)),
      pricing: options.pricing.map((o) => o.value),
      level: options.levels.map((o) => o.value),
      sort: options.sorts.map((o) => o.value),
    }),
    [options],
  );
  const toolLabels = useMemo(() => new Map(options.tools.flatMap((g) => g.options.map((o) => [o.value, o.label] as const))), [options]);
  const toolLabel = (id: string) => toolLabels.get(id) ?? 'AI Tool';

  async function search(next: MarketplaceFilters) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setStatus('loading');
    try {
      const body = await fetchProducts(productsApiUrl(next), controller.signal);
      setResults({ items: body.items.map(toCardView), nextCursor: body.nextCursor, hasMore: body.nextCursor !== null, corrections: body.corrections ?? {} });
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
    if (writeUrl) history.replaceState(history.state, '', marketplaceHref(next, viewRef.current));
    void search(next);
  }

  function setFilter(key: keyof MarketplaceFilters, value: string) {
    applyFilters({ ...filtersRef.current, [key]: value });
  }

  function clearFilters() {
    setSearchText('');
    applyFilters(EMPTY_FILTERS);
  }

  function onSearchInput(value: string) {
    setSearchText(value);
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      if (value.trim() !== filtersRef.current.search) applyFilters({ ...filtersRef.current, search: value.trim() });
    }, SEARCH_DEBOUNCE_MS);
  }

  function showView(next: MarketplaceView) {
    if (next === viewRef.current) return;
    setView(next);
    history.pushState(history.state, '', marketplaceHref(filtersRef.current, next));
  }

  async function loadMore() {
    setStatus('loading-more');
    try {
      // The prebuilt first page has no cursor: fetch it again together with the next page.
      const url = results.nextCursor
        ? productsApiUrl(filters, { cursor: results.nextCursor })
        : productsApiUrl(filters, { limit: results.items.length + pageSize });
      const body = await fetchProducts(url);
      const more = body.items.map(toCardView);
      setResults((current) => ({
        items: results.nextCursor ? [...current.items, ...more.filter((p) => !current.items.some((c) => c.id === p.id))] : more,
        nextCursor: body.nextCursor,
        hasMore: body.nextCursor !== null,
        corrections: current.corrections,
      }));
    } catch (error) {
      console.warn('[marketplace] load more failed:', error);
      toast({ ...LOAD_ERROR, variant: 'destructive' });
    } finally {
      setStatus((s) => (s === 'loading-more' ? 'idle' : s));
    }
  }

  // After hydration: read the URL (filters from the landing page or a shared link, and the view).
  useEffect(() => {
    const fromUrl = readFilters(new URLSearchParams(window.location.search), allowed);
    setView(viewFromHash(window.location.hash));
    if (!isDefaultQuery(fromUrl)) {
      setSearchText(fromUrl.search);
      applyFilters(fromUrl, false);
    }
    const onLocation = () => setView(viewFromHash(window.location.hash));
    window.addEventListener('hashchange', onLocation);
    window.addEventListener('popstate', onLocation);
    return () => {
      window.removeEventListener('hashchange', onLocation);
      window.removeEventListener('popstate', onLocation);
      clearTimeout(debounce.current);
      request.current?.abort();
    };
    // Runs once: later changes come from the visitor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (view === 'favorites' && signedIn) refreshFavorites();
  }, [view, signedIn]);

  const panelCount = countPanelFilters(filters);
  const hasAnyFilter = !isDefaultQuery(filters);
  const correction = correctedQuery(filters.search, results.corrections);
  const effectiveSort = filters.sort || (filters.search ? 'relevance' : 'newest');
  const onToggleLike = (id: string) => void toggleFavorite(id);

  const grid = (items: CardView[]) => (
    <ul className="grid grid-4 mk-grid" role="list">
      {items.map((product, i) => (
        <li key={product.id}>
          <MarketplaceCard product={product} toolLabel={toolLabel(product.aiToolType)} liked={favoriteIds.has(product.id)} onToggleLike={onToggleLike} eager={i < 4} />
        </li>
      ))}
    </ul>
  );

  let body: ReactNode;
  if (view === 'favorites') {
    const known = signedIn ? (favoriteProducts ?? []).map(toCardView) : [...results.items, ...initialItems];
    const seen = new Set<string>();
    const items = known.filter((p) => favoriteIds.has(p.id) && !seen.has(p.id) && seen.add(p.id));
    const waiting = session.status === 'loading' || (favoritesStatus !== 'ready' && items.length === 0);
    body = (
      <section aria-labelledby="mk-favorites-title">
        <h2 id="mk-favorites-title" className="mk-view-title">Your favorites</h2>
        {!signedIn && session.status === 'signed-out' ? (
          <p className="mk-note">
            Favorites are kept on this device. <a href="/auth?mode=login&redirect=%2Fmarketplace%23favorites">Log in</a> to keep them in your account.
          </p>
        ) : null}
        {waiting ? (
          <Skeleton />
        ) : items.length ? (
          grid(items)
        ) : (
          <EmptyState title="No favorites yet" text="Tap the heart on any product to save it here." action="Browse products" onAction={() => showView('all')} />
        )}
      </section>
    );
  } else if (status === 'loading') {
    body = <Skeleton />;
  } else if (status === 'error') {
    body = (
      <div className="mk-state" role="alert">
        <h2>{LOAD_ERROR.title}</h2>
        <p className="muted">{LOAD_ERROR.description}</p>
        <button type="button" className="btn btn-primary" onClick={() => void search(filters)}>Try Again</button>
      </div>
    );
  } else if (results.items.length === 0) {
    body = <EmptyState title="No products match your search" text="Try other words or fewer filters, or clear the filters to see every product." action="Clear filters" onAction={clearFilters} />;
  } else if (view === 'creators') {
    body = <Creators creators={creatorsOf(results.items)} />;
  } else {
    body = (
      <>
        {grid(results.items)}
        {results.hasMore ? (
          <div className="mk-more">
            <button type="button" className="btn btn-secondary" onClick={() => void loadMore()} disabled={status === 'loading-more'} aria-busy={status === 'loading-more'}>
              {status === 'loading-more' ? 'Loading...' : 'Load more'}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  const select = (key: Exclude<keyof MarketplaceFilters, 'search' | 'sort'>, label: string, anyLabel: string, list: Option[]) => (
    <label className="mk-field">
      <span>{label}</span>
      <select value={filters[key]} onChange={(e) => setFilter(key, e.currentTarget.value)}>
        <option value="">{anyLabel}</option>
        {list.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
    </label>
  );

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

  return (
    <div className="mk">
      <form
        className="mk-search"
        role="search"
        aria-label="Search the marketplace"
        action="/marketplace"
        onSubmit={(e) => {
          e.preventDefault();
          applyFilters({ ...filtersRef.current, search: searchText.trim() });
        }}
      >
        <svg className="mk-search-icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
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
        <button type="submit" className="btn btn-primary">Search</button>
      </form>

      <button type="button" className="btn btn-secondary mk-filters-toggle" aria-expanded={filtersOpen} aria-controls="mk-filters" onClick={() => setFiltersOpen((o) => !o)}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true"><path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        Filters{panelCount ? ` (${panelCount})` : ''}
      </button>
      <div id="mk-filters" className={filtersOpen ? 'mk-filters open' : 'mk-filters'}>
        {select('category', 'Category', 'All categories', options.categories)}
        {select('type', 'Type', 'All types', options.types)}
        {select('budget', 'Budget', 'Any price', options.budgets)}
        <label className="mk-field">
          <span>AI tool</span>
          <select value={filters.tool} onChange={(e) => setFilter('tool', e.currentTarget.value)}>
            <option value="">All AI tools</option>
            {options.tools.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.options.map((o) => (
                  <option key={o.value} value={o.value}>{o.label}</option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        {select('pricing', 'Pricing model', 'Any pricing', options.pricing)}
        {select('level', 'Technical level', 'Any level', options.levels)}
        {hasAnyFilter ? (
          <button type="button" className="btn btn-secondary mk-panel-clear" onClick={clearFilters}>Clear filters</button>
        ) : null}
      </div>

      <nav className="mk-tabs" aria-label="Marketplace views">
        {tab('all', 'All products')}
        {tab('favorites', <>Favorites{favoriteIds.size ? <span className="mk-count">{favoriteIds.size}</span> : null}</>)}
        {tab('creators', 'Creators')}
      </nav>
      <div className="mk-bar-end">
        {hasAnyFilter ? (
          <button type="button" className="btn btn-ghost mk-clear" onClick={clearFilters}>Clear filters</button>
        ) : null}
        <label className="mk-sort">
          <span>Sort by</span>
          <select value={effectiveSort} onChange={(e) => setFilter('sort', e.currentTarget.value === (filters.search ? 'relevance' : 'newest') ? '' : e.currentTarget.value)}>
            {options.sorts.map((o) => (
              <option key={o.value} value={o.value} disabled={o.value === 'relevance' && !filters.search}>{o.label}</option>
            ))}
          </select>
        </label>
      </div>

      <div className="mk-summary" role="status" aria-live="polite">
        {view === 'favorites' ? null : status === 'loading' ? (
          <span className="muted">Loading products...</span>
        ) : status === 'error' ? null : (
          <>
            <span className="mk-result-count">
              {view === 'creators' ? creatorCountText(creatorsOf(results.items).length, results.items.length) : resultCountText(results.items.length, results.hasMore)}
            </span>
            {correction ? (
              <span className="mk-correction">
                Did you mean{' '}
                <button
                  type="button"
                  className="mk-link"
                  onClick={() => {
                    setSearchText(correction);
                    applyFilters({ ...filters, search: correction });
                  }}
                >
                  {correction}
                </button>
                ? Showing results for it.
              </span>
            ) : null}
          </>
        )}
      </div>

      <div className="mk-body">{body}</div>
    </div>
  );
}

function creatorCountText(creators: number, products: number): string {
  return `${creators} ${creators === 1 ? 'creator' : 'creators'} behind ${products === 1 ? 'this product' : `these ${products} products`}`;
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
              <span className="sk sk-short" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ title, text, action, onAction }: { title: string; text: string; action: string; onAction(): void }) {
  return (
    <div className="mk-state">
      <h2>{title}</h2>
      <p className="muted">{text}</p>
      <button type="button" className="btn btn-primary" onClick={onAction}>{action}</button>
    </div>
  );
}

function Creators({ creators }: { creators: CreatorSummary[] }) {
  return (
    <ul className="grid grid-3 mk-creators" role="list">
      {creators.map((c) => (
        <li key={c.id} className="mk-creator card">
          {c.avatarUrl ? (
            <img className="mk-avatar" src={c.avatarUrl} alt="" width={56} height={56} loading="lazy" />
          ) : (
            <span className="mk-avatar mk-avatar-initial" aria-hidden="true">{(c.fullName.trim()[0] ?? '?').toUpperCase()}</span>
          )}
          <div className="mk-creator-text">
            <h3>
              <a href={`/profile/${encodeURIComponent(c.id)}`}>{c.fullName}</a>
            </h3>
            <p className="mk-creator-meta">
              {c.verified ? <span className="badge badge-verified">Verified</span> : null}
              <span className="pcard-rating">
                <span aria-hidden="true">★</span> {c.averageRating > 0 ? c.averageRating.toFixed(1) : 'New'}
                {c.averageRating > 0 ? <span className="visually-hidden"> out of 5 stars</span> : null}
              </span>
              <span>{formatCount(c.followerCount)} {c.followerCount === 1 ? 'follower' : 'followers'}</span>
            </p>
            <p className="muted mk-creator-count">
              {c.productCount} {c.productCount === 1 ? 'product' : 'products'} in these results
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
