/**
 * The /marketplace island (spec section 2, Marketplace): search box, filters (category,
 * type, budget, AI tool, pricing model, technical level), sort, result count with the
 * 'Did you mean' note, the grid (1, 2 or 4 columns by width) with 'Load more', and the
 * #favorites and #creators views. Its parts: the controls (MarketplaceFilters.tsx) and the
 * results (MarketplaceResults.tsx); this root holds the filters, the view and the requests.
 *
 * The page is prebuilt: the server renders this island with the newest products (its
 * `initialItems` prop), so the first results are in the HTML and hydration matches them.
 * It fetches GET /api/products only when the URL carries filters or the visitor changes
 * something, and keeps the filters in the URL (history.replaceState) so a search can be
 * shared, reloaded or linked from the landing page (/marketplace?search=..&category=..&budget=..).
 * A later search aborts the one in flight and any 'Load more' (useApiQuery), so an old answer
 * never replaces a newer one.
 *
 * Kept lean on purpose (the page's JavaScript budget is 80 KB compressed, React included):
 * the filter definitions and labels arrive as props, built by the page from src/shared.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { refreshFavorites } from '@/src/stores/favorites';
import { toast } from '@/src/stores/toasts';
import { useApiQuery } from '../hooks/use-api';
import { FilterPanel, SearchForm, SortBar, type FilterDefinition, type Option } from './MarketplaceFilters';
import { FavoritesView, LOAD_ERROR, ProductResults, type Status } from './MarketplaceResults';
import {
  EMPTY_FILTERS,
  isDefaultQuery,
  marketplaceHref,
  readFilters,
  viewFromHash,
  type AllowedValues,
  type CardView,
  type MarketplaceFilters,
  type MarketplaceView,
} from './marketplace-query';
import { loadMoreProducts, searchProducts, type FallbackResults } from './marketplace-results';
import { useFavoriteIds } from './use-favorites';

export type { FilterDefinition } from './MarketplaceFilters';

interface Props {
  initialItems: CardView[];
  initialHasMore: boolean;
  pageSize: number;
  filters: FilterDefinition[];
  sorts: Option[];
}

const SEARCH_DEBOUNCE_MS = 350;

export default function MarketplaceSearch({ initialItems, initialHasMore, pageSize, filters: definitions, sorts }: Props) {
  const [filters, setFilters] = useState<MarketplaceFilters>(EMPTY_FILTERS);
  const [searchText, setSearchText] = useState('');
  const [view, setView] = useState<MarketplaceView>('all');
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Event handlers and timers read the latest state through these.
  const current = useRef({ filters, view });
  current.current = { filters, view };
  const favoriteIds = useFavoriteIds();

  const search = useApiQuery(searchProducts, { initialData: { items: initialItems, nextCursor: null, hasMore: initialHasMore, corrections: {} } });
  const more = useApiQuery(loadMoreProducts, {
    onSuccess: (next) => search.setData(() => next),
    onError: () => toast({ ...LOAD_ERROR, variant: 'destructive' }),
  });
  const results = search.data!;
  const status: Status = search.busy ? 'loading' : search.error ? 'error' : more.busy ? 'more' : 'idle';

  function applyFilters(next: MarketplaceFilters, writeUrl = true) {
    clearTimeout(debounce.current);
    setFilters(next);
    if (writeUrl) history.replaceState(history.state, '', marketplaceHref(next, current.current.view));
    more.abort();
    void search.run(next);
  }

  const setFilter = (key: keyof MarketplaceFilters, value: string) => applyFilters({ ...current.current.filters, [key]: value });

  function setSearch(value: string) {
    setSearchText(value);
    applyFilters({ ...current.current.filters, search: value.trim() });
  }

  /** One click from 'No results in {category}' to the results it offered: already fetched, shown at once. */
  function takeFallback({ fallback, items, nextCursor, hasMore, corrections }: FallbackResults) {
    search.abort();
    clearTimeout(debounce.current);
    setFilters(fallback.filters);
    history.replaceState(history.state, '', marketplaceHref(fallback.filters, current.current.view));
    search.setData(() => ({ items, nextCursor, hasMore, corrections }));
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
    <div className={view === 'favorites' ? 'mk mk-favorites' : 'mk'} data-status={status}>
      <SearchForm text={searchText} onInput={onSearchInput} onSearch={setSearch} />
      <FilterPanel definitions={definitions} filters={filters} onFilter={setFilter} onClear={clearFilters} />
      <nav className="mk-tabs" aria-label="Marketplace views">
        {tab('all', 'All products')}
        {tab('favorites', <>Favorites{favoriteIds.size ? <span className="mk-count">{favoriteIds.size}</span> : null}</>)}
        {tab('creators', 'Creators')}
      </nav>
      <SortBar sorts={sorts} filters={filters} onFilter={setFilter} onClear={clearFilters} />
      {view === 'favorites' ? (
        <FavoritesView shown={[...results.items, ...initialItems]} favoriteIds={favoriteIds} onBrowse={() => showView('all')} />
      ) : (
        <ProductResults
          view={view}
          status={status}
          results={results}
          filters={filters}
          definitions={definitions}
          favoriteIds={favoriteIds}
          onRetry={() => void search.retry()}
          onClear={clearFilters}
          onSearch={setSearch}
          onFallback={takeFallback}
          onLoadMore={() => void more.run(filters, results, pageSize)}
        />
      )}
    </div>
  );
}
