/**
 * The portfolio of a creator's published products on /profile/{userId} (spec section 2):
 * sort Newest, Popular (downloads), Top Rated, and a category filter, with 'Load more'.
 * The first page (newest, all categories) comes from the server as props.
 */
import { useId, useState } from 'react';
import { formatCount, formatPrice, formatRating, isRated } from '@/src/shared/format';
import { PORTFOLIO_SORTS, type PortfolioSort } from '@/src/shared/profile';
import type { PortfolioItem } from '@/src/shared/api/schemas/profile';
import type { CategoryId } from '@/src/shared/domain';
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { usePagedList } from '../hooks/use-paged-list';
import { FALLBACK_IMAGE } from '@/src/shared/products';

interface Props {
  userId: string;
  initialItems: PortfolioItem[];
  initialNextCursor: string | null;
  categories: { id: string; name: string }[];
  emptyText: string;
}

export default function Portfolio({ userId, initialItems, initialNextCursor, categories, emptyText }: Props) {
  const [sort, setSort] = useState<PortfolioSort>('newest');
  const [category, setCategory] = useState<CategoryId | ''>('');
  const uid = useId();
  const portfolio = usePagedList(
    (signal, cursor, nextSort: PortfolioSort, nextCategory: CategoryId | '') =>
      api('GET /api/profiles/{userId}/products', {
        params: { userId },
        query: { sort: nextSort, ...(nextCategory ? { category: nextCategory } : {}), ...(cursor ? { cursor } : {}) },
        signal,
      }),
    {
      initial: { items: initialItems, nextCursor: initialNextCursor },
      onError: (_error, more) =>
        toast({
          title: 'Could not load products',
          description: more ? 'We could not load more products. Please try again.' : 'We could not load these products. Please try again.',
          variant: 'destructive',
        }),
    },
  );
  const { items, nextCursor } = portfolio;
  const loading = portfolio.loading || portfolio.loadingMore;

  function apply(nextSort: PortfolioSort, nextCategory: CategoryId | '') {
    setSort(nextSort);
    setCategory(nextCategory);
    void portfolio.load(nextSort, nextCategory);
  }

  return (
    <div className="portfolio">
      <div className="portfolio-controls">
        <div className="segmented" role="group" aria-label="Sort products">
          {PORTFOLIO_SORTS.map((s) => (
            <button key={s.id} type="button" aria-pressed={sort === s.id} onClick={() => apply(s.id, category)}>
              {s.label}
            </button>
          ))}
        </div>
        {categories.length > 1 ? (
          <div className="portfolio-filter">
            <label htmlFor={`${uid}-category`} className="visually-hidden">
              Category
            </label>
            <select id={`${uid}-category`} className="text-control" value={category} onChange={(e) => apply(sort, e.target.value as CategoryId | '')}>
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <div aria-live="polite" aria-busy={loading} className={loading ? 'is-loading' : undefined}>
        {items.length === 0 ? (
          <p className="muted portfolio-empty">{emptyText}</p>
        ) : (
          <ul className="portfolio-grid">
            {items.map((p) => (
              <li key={p.id} className="pcard-mini card">
                <a href={`/product/${p.id}`} className="pcard-mini-link">
                  <img src={p.imageUrl || FALLBACK_IMAGE} alt="" width={400} height={250} loading="lazy" decoding="async" />
                  <span className="pcard-mini-body">
                    <span className="pcard-mini-title">{p.title}</span>
                    {p.shortDescription ? <span className="pcard-mini-desc clamp">{p.shortDescription}</span> : null}
                    <span className="pcard-mini-meta">
                      {p.bundleItemCount > 0 ? (
                        <span className="badge pcard-mini-bundle">
                          Bundle<span className="visually-hidden"> of {p.bundleItemCount} products</span>
                        </span>
                      ) : null}
                      <span className="pcard-mini-price">{formatPrice(p.price, p.pricingModel, p.payWhatYouWant)}</span>
                      {isRated(p.rating) ? (
                        <span role="img" aria-label={`Rating ${formatRating(p.rating)} out of 5`}>
                          ★ {formatRating(p.rating)}
                        </span>
                      ) : (
                        <span>{formatRating(p.rating)}</span>
                      )}
                      <span>{formatCount(p.downloadsCount)} downloads</span>
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {nextCursor !== null ? (
        <button type="button" className="btn btn-secondary portfolio-more" onClick={() => void portfolio.more(sort, category)} disabled={loading}>
          {loading ? 'Loading…' : 'Load more products'}
        </button>
      ) : null}
    </div>
  );
}
