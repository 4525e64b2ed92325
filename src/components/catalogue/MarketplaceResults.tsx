/**
 * What the marketplace shows under its controls (MarketplaceSearch decides what to load): the
 * result count with 'Did you mean', and the grid with 'Load more', the creators behind it, the
 * skeleton while loading, 'Failed to load marketplace' with 'Try Again', the dead-end offers
 * ('No results in {category}' and one click to the results elsewhere) and the #favorites view.
 */
import type { ReactNode } from 'react';
import { toggleFavorite } from '@/src/stores/favorites';
import { MarketplaceCard } from './MarketplaceCard';
import MarketplaceCreators from './MarketplaceCreators';
import type { FilterDefinition } from './MarketplaceFilters';
import {
  correctedQuery,
  creatorsOf,
  fallbackActionText,
  noResultsTitle,
  resultCountText,
  type CardView,
  type MarketplaceFilters,
  type MarketplaceView,
} from './marketplace-query';
import type { FallbackResults, Results } from './marketplace-results';
import { useFavoriteProducts, useFavoritesSource } from './use-favorites';

export type Status = 'idle' | 'loading' | 'error' | 'more';

export const LOAD_ERROR = { title: 'Failed to load marketplace', description: "We couldn't load the marketplace products. Please try again." };

const onToggleLike = (id: string) => void toggleFavorite(id);

function Grid({ items, favoriteIds }: { items: CardView[]; favoriteIds: ReadonlySet<string> }) {
  return (
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

/** Signed in: the account's favorites; a visitor: the liked products among those fetched. */
export function FavoritesView({ shown, favoriteIds, onBrowse }: { shown: CardView[]; favoriteIds: ReadonlySet<string>; onBrowse(): void }) {
  const source = useFavoritesSource();
  const products = useFavoriteProducts();
  const known = source === 'user' ? (products ?? []) : shown;
  const seen = new Set<string>();
  const items = known.filter((p) => favoriteIds.has(p.id) && !seen.has(p.id) && seen.add(p.id));
  return (
    <>
      <div className="mk-summary" role="status" />
      <div className="mk-body">
        <section aria-labelledby="mk-fav">
          <h2 id="mk-fav" className="mk-view-title">
            Your favorites
          </h2>
          {source === 'visitor' ? (
            <p className="mk-note">
              Favorites are kept on this device. <a href="/auth?mode=login&redirect=%2Fmarketplace%23favorites">Log in</a> to keep them in your account.
            </p>
          ) : null}
          {items.length ? (
            <Grid items={items} favoriteIds={favoriteIds} />
          ) : source === 'loading' ? (
            <Skeleton />
          ) : (
            <State title="No favorites yet" text="Tap the heart on any product to save it here." action="Browse products" onAction={onBrowse} />
          )}
        </section>
      </div>
    </>
  );
}

interface Props {
  view: Exclude<MarketplaceView, 'favorites'>;
  status: Status;
  results: Results;
  filters: MarketplaceFilters;
  definitions: FilterDefinition[];
  favoriteIds: ReadonlySet<string>;
  onRetry(): void;
  onClear(): void;
  onSearch(text: string): void;
  onFallback(offer: FallbackResults): void;
  onLoadMore(): void;
}

/** The products (or the creators behind them) of the current search, with its count in the status line. */
export function ProductResults({ view, status, results, filters, definitions, favoriteIds, onRetry, onClear, onSearch, onFallback, onLoadMore }: Props) {
  let body: ReactNode;
  let summary: ReactNode = null;
  if (status === 'loading') {
    body = <Skeleton />;
    summary = <span className="muted">Loading products...</span>;
  } else if (status === 'error') {
    body = <State title={LOAD_ERROR.title} text={LOAD_ERROR.description} action="Try Again" onAction={onRetry} alert />;
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
            <button key={offer.fallback.drop.join('+')} type="button" className="btn btn-primary" onClick={() => onFallback(offer)}>
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
        onAction={onClear}
      />
    );
  } else {
    const creators = view === 'creators' ? creatorsOf(results.items) : [];
    const correction = correctedQuery(filters.search, results.corrections);
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
            <button type="button" className="mk-link" onClick={() => onSearch(correction)}>
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
          <Grid items={results.items} favoriteIds={favoriteIds} />
          {results.hasMore ? (
            <div className="mk-more">
              <button type="button" className="btn btn-secondary" onClick={onLoadMore} disabled={status === 'more'}>
                {status === 'more' ? 'Loading...' : 'Load more'}
              </button>
            </div>
          ) : null}
        </>
      );
  }
  return (
    <>
      <div className="mk-summary" role="status">
        {summary}
      </div>
      <div className="mk-body">
        <h2 className="visually-hidden">{view === 'creators' ? 'Creators' : 'Products'}</h2>
        {body}
      </div>
    </>
  );
}
