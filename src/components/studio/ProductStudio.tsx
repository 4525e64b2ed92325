/**
 * /products (spec section 2, Product management): the creator's own products newest first,
 * with search, a status filter and a category filter; each card's menu has Preview, Edit and
 * Delete (confirmed). The editor opens in place: 'Create AI Product', or /products?edit={id}
 * (someone else's id: 'Product not found'). The URL follows the view, so Back works.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/src/stores/toasts';
import { formatPrice } from '@/src/shared/format';
import { FALLBACK_IMAGE } from '@/src/shared/products';
import { PRODUCT_STATUS_LABELS } from '@/src/shared/domain';
import { api, ApiError } from '@/src/shared/api/client';
import { ConfirmDialog } from './ConfirmDialog';
import { DotsIcon, EditIcon, EyeIcon, PlusIcon, SearchIcon, TrashIcon } from './icons';
import type { ProductEditor } from './ProductEditor';
import type { ProductPreview } from './ProductPreview';
import { lazyModule } from './lazy-module';
import { PRODUCT_STATUS_OPTIONS, SelectOptions } from './SelectOptions';
import type { StudioCreator, StudioOptions, StudioProduct, StudioReviews } from './types';
import { statusTone } from '../ui/tones';

// The editor and the preview load when they open, not with the list (docs/decisions/033).
const editorModule = lazyModule(() => import('./ProductEditor'));
const previewModule = lazyModule(() => import('./ProductPreview'));

// A page opened on the editor (?new=1, ?edit={id}) has it before it hydrates: the server
// rendered it, and the first client render must match that HTML and not lose what is typed.
// The server always has it.
if (typeof window === 'undefined' || opensOnEditor(window.location.search)) await editorModule.load();

function opensOnEditor(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('new') === '1' || Boolean(params.get('edit'));
}

function LoadingState({ failed, what }: { failed: boolean; what: string }) {
  return (
    <div className="st-state state-box" role="status">
      <p>{failed ? `The ${what} could not be loaded. Check your connection and reload the page.` : `Loading the ${what}…`}</p>
    </div>
  );
}

function Editor(props: Parameters<typeof ProductEditor>[0]) {
  const { module, failed } = editorModule.useLoaded();
  return module ? <module.ProductEditor {...props} /> : <LoadingState failed={failed} what="editor" />;
}

function Preview(props: Parameters<typeof ProductPreview>[0]) {
  const { module } = previewModule.useLoaded();
  return module ? <module.ProductPreview {...props} /> : null;
}

type View = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; id: string } | { kind: 'missing'; id: string };

interface Props {
  initialProducts: StudioProduct[];
  initialView: View;
  options: StudioOptions;
  creator: StudioCreator;
  reviews: StudioReviews;
}

function viewFromLocation(): View {
  const params = new URLSearchParams(window.location.search);
  const edit = params.get('edit');
  if (edit) return { kind: 'edit', id: edit };
  if (params.get('new') === '1') return { kind: 'create' };
  return { kind: 'list' };
}

function urlFor(view: View): string {
  if (view.kind === 'create') return '/products?new=1';
  if (view.kind === 'edit' || view.kind === 'missing') return `/products?edit=${encodeURIComponent(view.id)}`;
  return '/products';
}

function CardMenu({ product, onPreview, onEdit, onDelete }: { product: StudioProduct; onPreview(): void; onEdit(): void; onDelete(): void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const choose = (action: () => void) => {
    setOpen(false);
    // The menu item disappears: focus its button first, so a dialog opened now returns focus there.
    button.current?.focus();
    action();
  };
  const onKey = (e: React.KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (e.key === 'Home') {
      e.preventDefault();
      items[0]?.focus();
    } else if (e.key === 'End') {
      e.preventDefault();
      items[items.length - 1]?.focus();
    }
  };

  return (
    <div className="st-menu">
      <button
        ref={button}
        type="button"
        className="st-icon-btn st-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Actions for ${product.title}`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <DotsIcon size={20} />
      </button>
      {open && (
        <ul ref={menu} className="st-menu-list" role="menu" aria-label={`Actions for ${product.title}`} onKeyDown={onKey}>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(onPreview)}>
              <EyeIcon size={16} /> Preview
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(onEdit)}>
              <EditIcon size={16} /> Edit
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} className="is-danger" onClick={() => choose(onDelete)}>
              <TrashIcon size={16} /> Delete
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

export function ProductStudio({ initialProducts, initialView, options, creator, reviews }: Props) {
  const [products, setProducts] = useState(initialProducts);
  const [view, setView] = useState<View>(initialView);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [category, setCategory] = useState('all');
  const [preview, setPreview] = useState<StudioProduct | null>(null);
  const [deleting, setDeleting] = useState<StudioProduct | null>(null);
  const [busyDelete, setBusyDelete] = useState(false);
  const [loadingEdit, setLoadingEdit] = useState(false);
  const [fetched, setFetched] = useState<StudioProduct | null>(null);

  // Back and forward move between the list and the editor.
  useEffect(() => {
    const onPop = () => setView(viewFromLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const go = (next: View) => {
    if (urlFor(next) !== `${window.location.pathname}${window.location.search}`) window.history.pushState(null, '', urlFor(next));
    setView(next);
    window.scrollTo({ top: 0 });
  };

  const editing = view.kind === 'edit' ? (products.find((p) => p.id === view.id) ?? (fetched?.id === view.id ? fetched : null)) : null;

  // An id that is not in the loaded list: ask the server (it answers not found for anyone else's).
  useEffect(() => {
    if (view.kind !== 'edit' || editing) return;
    let cancelled = false;
    setLoadingEdit(true);
    api('GET /api/me/products/{id}', { params: { id: view.id } })
      .then((p) => !cancelled && setFetched(p))
      .catch((e: unknown) => {
        if (cancelled) return;
        // An id that is not one (VALIDATION_FAILED) is as missing as someone else's product.
        if (e instanceof ApiError && e.code !== 'PRODUCT_NOT_FOUND' && e.code !== 'VALIDATION_FAILED')
          toast({ title: 'Error loading product', description: e.message, variant: 'destructive' });
        setView({ kind: 'missing', id: view.id });
      })
      .finally(() => !cancelled && setLoadingEdit(false));
    return () => {
      cancelled = true;
    };
  }, [view, editing]);

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    return products.filter(
      (p) =>
        (status === 'all' || p.status === status) &&
        (category === 'all' || p.category_id === category) &&
        (!q || p.title.toLowerCase().includes(q) || (p.short_description ?? '').toLowerCase().includes(q) || p.tags.some((t) => t.toLowerCase().includes(q))),
    );
  }, [products, search, status, category]);

  const counts = useMemo(
    () => ({
      total: products.length,
      published: products.filter((p) => p.status === 'published').length,
      draft: products.filter((p) => p.status === 'draft').length,
      archived: products.filter((p) => p.status === 'archived').length,
    }),
    [products],
  );

  const onSaved = (saved: StudioProduct, mode: 'create' | 'edit') => {
    setProducts((list) => (mode === 'create' ? [saved, ...list] : list.map((p) => (p.id === saved.id ? saved : p))));
    if (fetched?.id === saved.id) setFetched(saved);
  };

  async function confirmDelete() {
    if (!deleting) return;
    setBusyDelete(true);
    try {
      await api('DELETE /api/me/products/{id}', { params: { id: deleting.id } });
      setProducts((list) => list.filter((p) => p.id !== deleting.id));
      toast({ title: 'Product deleted', description: `${deleting.title} was deleted.`, variant: 'success' });
      setDeleting(null);
      if (view.kind === 'edit' && view.id === deleting.id) go({ kind: 'list' });
    } catch {
      toast({ title: 'Delete failed', description: 'Failed to delete product', variant: 'destructive' });
    } finally {
      setBusyDelete(false);
    }
  }

  const categoryName = (id: string | null) => options.categories.find((c) => c.value === id)?.label;
  const filtersActive = search.trim() !== '' || status !== 'all' || category !== 'all';

  if (view.kind === 'create' || (view.kind === 'edit' && editing)) {
    return (
      <Editor
        key={view.kind === 'edit' ? view.id : 'create'}
        mode={view.kind === 'edit' ? 'edit' : 'create'}
        product={view.kind === 'edit' ? editing : null}
        options={options}
        onSaved={onSaved}
        onClose={() => go({ kind: 'list' })}
        onEdit={(id) => go({ kind: 'edit', id })}
      />
    );
  }

  if (view.kind === 'edit' || loadingEdit) {
    return (
      <div className="st-state state-box" role="status">
        <p>Loading product…</p>
      </div>
    );
  }

  if (view.kind === 'missing') {
    return (
      <div className="st-state state-box">
        <h1>Product not found</h1>
        <p className="muted">This product does not exist, or it is not one of yours.</p>
        <button type="button" className="btn btn-primary" onClick={() => go({ kind: 'list' })}>
          Back to your products
        </button>
      </div>
    );
  }

  return (
    <div className="st-studio">
      <header className="st-head page-head">
        <div>
          <p className="eyebrow">Creator studio</p>
          <h1>AI-Native Product Management</h1>
          <p className="muted st-lede">Create, preview and manage the AI tools and digital products you sell.</p>
        </div>
        <button type="button" className="btn btn-primary st-create" onClick={() => go({ kind: 'create' })}>
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
        <li>
          <span className="st-dot is-draft" aria-hidden="true" /> <strong>{counts.draft}</strong> drafts
        </li>
        <li>
          <span className="st-dot is-archived" aria-hidden="true" /> <strong>{counts.archived}</strong> archived
        </li>
      </ul>

      <div className="st-toolbar" role="search">
        <label className="st-search">
          <SearchIcon />
          <span className="visually-hidden">Search your products</span>
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search your products" />
        </label>
        <label className="st-filter">
          <span>Status</span>
          <select className="st-input" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="all">All statuses</option>
            <SelectOptions options={PRODUCT_STATUS_OPTIONS} />
          </select>
        </label>
        <label className="st-filter">
          <span>Category</span>
          <select className="st-input" value={category} onChange={(e) => setCategory(e.target.value)}>
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
          <button type="button" className="btn btn-primary" onClick={() => go({ kind: 'create' })}>
            <PlusIcon size={18} /> Create AI Product
          </button>
        </div>
      ) : filtered.length === 0 ? (
        <div className="st-state state-box">
          <h2>No products match</h2>
          <p className="muted">Try another search, or clear the filters.</p>
          {filtersActive && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setSearch('');
                setStatus('all');
                setCategory('all');
              }}
            >
              Clear filters
            </button>
          )}
        </div>
      ) : (
        <ul className="st-grid card-list">
          {filtered.map((p) => (
            <li key={p.id}>
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
                      <button type="button" className="st-link-button clamp" onClick={() => go({ kind: 'edit', id: p.id })}>
                        {p.title}
                      </button>
                    </h2>
                    <CardMenu product={p} onPreview={() => setPreview(p)} onEdit={() => go({ kind: 'edit', id: p.id })} onDelete={() => setDeleting(p)} />
                  </div>
                  {p.short_description && <p className="st-card-short clamp">{p.short_description}</p>}
                  <div className="st-card-meta">
                    <span className="st-card-price">{formatPrice(p.price, p.pricing_model)}</span>
                    {categoryName(p.category_id) && <span className="badge">{categoryName(p.category_id)}</span>}
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
            </li>
          ))}
        </ul>
      )}

      {preview && (
        <Preview
          product={preview}
          creator={creator}
          reviews={reviews}
          options={options}
          onClose={() => setPreview(null)}
          onEdit={(id) => {
            setPreview(null);
            go({ kind: 'edit', id });
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this product?"
          message={`“${deleting.title}” will be removed from your products${deleting.status === 'published' ? ' and from the marketplace' : ''}, with its images and files. This cannot be undone.`}
          confirmLabel="Delete product"
          destructive
          busy={busyDelete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </div>
  );
}
