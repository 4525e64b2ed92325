/**
 * The list view of /products: the header with 'Create AI Product', the counts by status, the
 * search and the status and category filters, and the creator's product cards (image, status,
 * price, category, quality, views, downloads, the review state) with their menus. What it
 * filters by lives in ProductStudio, so it survives a visit to the editor.
 */
import { useMemo } from 'react';
import { formatPrice } from '@/src/shared/format';
import { FALLBACK_IMAGE } from '@/src/shared/products';
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type ProductStatus } from '@/src/shared/domain';
import { CardMenu } from './CardMenu';
import { PlusIcon, SearchIcon } from './icons';
import { PRODUCT_STATUS_OPTIONS, SelectOptions } from './SelectOptions';
import type { StudioOptions, StudioProduct } from './types';
import { statusTone } from '../ui/tones';

export interface ListFilters {
  search: string;
  status: string;
  category: string;
}

export const NO_LIST_FILTERS: ListFilters = { search: '', status: 'all', category: 'all' };

interface Actions {
  onCreate(): void;
  onEdit(id: string): void;
  onPreview(product: StudioProduct): void;
  onDelete(product: StudioProduct): void;
}

function ProductCard({
  product: p,
  categoryName,
  onEdit,
  onPreview,
  onDelete,
}: { product: StudioProduct; categoryName: string | undefined } & Omit<Actions, 'onCreate'>) {
  return (
    <article className="st-card" aria-labelledby={`st-card-${p.id}`}>
      <div className="st-card-media">
        <img
          src={p.image_url || FALLBACK_IMAGE}
          alt=""
          loading="lazy"
          decoding="async"
          width={600}
          height={400}
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(FALLBACK_IMAGE)) e.currentTarget.src = FALLBACK_IMAGE;
          }}
        />
        <span className={`st-status ${statusTone(p.status)}`}>{PRODUCT_STATUS_LABELS[p.status]}</span>
      </div>
      <div className="st-card-body">
        <div className="st-card-top">
          <h2 className="st-card-title" id={`st-card-${p.id}`}>
            <button type="button" className="st-link-button clamp" onClick={() => onEdit(p.id)}>
              {p.title}
            </button>
          </h2>
          <CardMenu product={p} onPreview={() => onPreview(p)} onEdit={() => onEdit(p.id)} onDelete={() => onDelete(p)} />
        </div>
        {p.short_description && <p className="st-card-short clamp">{p.short_description}</p>}
        <div className="st-card-meta">
          <span className="st-card-price">{formatPrice(p.price, p.pricing_model, p.pay_what_you_want)}</span>
          {categoryName && <span className="badge">{categoryName}</span>}
          <span className={`st-quality ${statusTone(p.qualityScore.level)}`} title={p.qualityScore.message}>
            Quality {p.qualityScore.overall}
          </span>
        </div>
        <dl className="st-card-stats">
          <div>
            <dt>Views</dt>
            <dd>{p.views_count}</dd>
          </div>
          <div>
            <dt>Downloads</dt>
            <dd>{p.downloads_count}</dd>
          </div>
          <div>
            <dt>Updated</dt>
            <dd>{new Date(p.updated_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}</dd>
          </div>
        </dl>
        {p.status === 'published' && (
          <a className="st-card-link" href={`/product/${p.id}`}>
            View public page
          </a>
        )}
        {p.status === 'in_review' && <p className="st-card-review">Waiting for approval before it is public.</p>}
        {p.status === 'rejected' && <p className="st-card-review is-rejected">Not approved: {p.review_note ?? 'no reason given'}</p>}
      </div>
    </article>
  );
}

interface Props extends Actions {
  products: StudioProduct[];
  options: StudioOptions;
  filters: ListFilters;
  onFilters(filters: ListFilters): void;
}

export function ProductList({ products, options, filters, onFilters, onCreate, ...actions }: Props) {
  const { search, status, category } = filters;
  const set = (change: Partial<ListFilters>) => onFilters({ ...filters, ...change });

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    return products.filter(
      (p) =>
        (status === 'all' || p.status === status) &&
        (category === 'all' || p.category_id === category) &&
        (!q || p.title.toLowerCase().includes(q) || (p.short_description ?? '').toLowerCase().includes(q) || p.tags.some((t) => t.toLowerCase().includes(q))),
    );
  }, [products, search, status, category]);

  // Every product counts under its status: one waiting for review is neither published nor a draft (issue 32).
  const counts = useMemo(() => {
    const by = Object.fromEntries(PRODUCT_STATUSES.map((s) => [s, 0])) as Record<ProductStatus, number>;
    for (const p of products) by[p.status] += 1;
    return { total: products.length, ...by };
  }, [products]);

  const categoryName = (id: string | null) => options.categories.find((c) => c.value === id)?.label;
  const filtersActive = search.trim() !== '' || status !== 'all' || category !== 'all';

  return (
    <>
      <header className="st-head page-head">
        <div>
          <p className="eyebrow">Creator studio</p>
          <h1>AI-Native Product Management</h1>
          <p className="muted st-lede">Create, preview and manage the AI tools and digital products you sell.</p>
        </div>
        <button type="button" className="btn btn-primary st-create" onClick={onCreate}>
          <PlusIcon size={18} /> Create AI Product
        </button>
      </header>

      <ul className="st-counts" aria-label="Your products by status">
        <li>
          <strong>{counts.total}</strong> total
        </li>
        <li>
          <span className="st-dot is-published" aria-hidden="true" /> <strong>{counts.published}</strong> published
        </li>
        {counts.in_review > 0 && (
          <li>
            <span className="st-dot is-in-review" aria-hidden="true" /> <strong>{counts.in_review}</strong> in review
          </li>
        )}
        <li>
          <span className="st-dot is-draft" aria-hidden="true" /> <strong>{counts.draft}</strong> drafts
        </li>
        {counts.rejected > 0 && (
          <li>
            <span className="st-dot is-rejected" aria-hidden="true" /> <strong>{counts.rejected}</strong> not approved
          </li>
        )}
        <li>
          <span className="st-dot is-archived" aria-hidden="true" /> <strong>{counts.archived}</strong> archived
        </li>
      </ul>

      <div className="st-toolbar" role="search">
        <label className="st-search">
          <SearchIcon />
          <span className="visually-hidden">Search your products</span>
          <input type="search" value={search} onChange={(e) => set({ search: e.target.value })} placeholder="Search your products" />
        </label>
        <label className="st-filter">
          <span>Status</span>
          <select className="st-input" value={status} onChange={(e) => set({ status: e.target.value })}>
            <option value="all">All statuses</option>
            <SelectOptions options={PRODUCT_STATUS_OPTIONS} />
          </select>
        </label>
        <label className="st-filter">
          <span>Category</span>
          <select className="st-input" value={category} onChange={(e) => set({ category: e.target.value })}>
            <option value="all">All categories</option>
            {options.categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      <p className="st-result-count" role="status" aria-live="polite">
        {products.length === 0 ? '' : `${filtered.length} of ${products.length} product${products.length === 1 ? '' : 's'}`}
      </p>

      {products.length === 0 ? (
        <div className="st-state state-box">
          <h2>No products yet</h2>
          <p className="muted">List your first AI tool, prompt pack or workflow. The editor scores your listing as you write.</p>
          <button type="button" className="btn btn-primary" onClick={onCreate}>
            <PlusIcon size={18} /> Create AI Product
          </button>
        </div>
      ) : filtered.length === 0 ? (
        <div className="st-state state-box">
          <h2>No products match</h2>
          <p className="muted">Try another search, or clear the filters.</p>
          {filtersActive && (
            <button type="button" className="btn btn-secondary" onClick={() => onFilters(NO_LIST_FILTERS)}>
              Clear filters
            </button>
          )}
        </div>
      ) : (
        <ul className="st-grid card-list">
          {filtered.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} categoryName={categoryName(p.category_id)} {...actions} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
