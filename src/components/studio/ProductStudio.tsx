/**
 * /products (spec section 2, Product management): the creator's own products newest first,
 * with search, a status filter and a category filter; each card's menu has Preview, Edit and
 * Delete (confirmed). The editor opens in place: 'Create AI Product', or /products?edit={id}
 * (someone else's id: 'Product not found'). The URL follows the view, so Back works.
 * This root routes between the views and holds the products; the list is ProductList.tsx.
 */
import { useEffect, useState } from 'react';
import { toast } from '@/src/stores/toasts';
import { api } from '@/src/shared/api/client';
import { useApiMutation, useApiQuery } from '../hooks/use-api';
import { ConfirmDialog } from './ConfirmDialog';
import type { ProductEditor } from './ProductEditor';
import type { ProductPreview } from './ProductPreview';
import { lazyModule } from './lazy-module';
import { NO_LIST_FILTERS, ProductList } from './ProductList';
import type { StudioCreator, StudioOptions, StudioProduct, StudioReviews } from './types';

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

export function ProductStudio({ initialProducts, initialView, options, creator, reviews }: Props) {
  const [products, setProducts] = useState(initialProducts);
  const [view, setView] = useState<View>(initialView);
  const [filters, setFilters] = useState(NO_LIST_FILTERS);
  const [preview, setPreview] = useState<StudioProduct | null>(null);
  const [deleting, setDeleting] = useState<StudioProduct | null>(null);

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

  // An id that is not in the loaded list: ask the server (it answers not found for anyone else's).
  const unlisted = view.kind === 'edit' && !products.some((p) => p.id === view.id) ? view.id : null;
  const fetched = useApiQuery((signal) => api('GET /api/me/products/{id}', { params: { id: unlisted! }, signal }), {
    key: unlisted,
    onError: (e) => {
      // An id that is not one (VALIDATION_FAILED) is as missing as someone else's product.
      if (e.code !== 'PRODUCT_NOT_FOUND' && e.code !== 'VALIDATION_FAILED')
        toast({ title: 'Error loading product', description: e.message, variant: 'destructive' });
      if (unlisted) setView({ kind: 'missing', id: unlisted });
    },
  });
  const editing = view.kind === 'edit' ? (products.find((p) => p.id === view.id) ?? (fetched.data?.id === view.id ? fetched.data : null)) : null;

  const onSaved = (saved: StudioProduct, mode: 'create' | 'edit') => {
    setProducts((list) => (mode === 'create' ? [saved, ...list] : list.map((p) => (p.id === saved.id ? saved : p))));
    fetched.setData((p) => (p?.id === saved.id ? saved : p));
  };

  const remove = useApiMutation((_signal, product: StudioProduct) => api('DELETE /api/me/products/{id}', { params: { id: product.id } }), {
    onSuccess: (_, product) => {
      setProducts((list) => list.filter((p) => p.id !== product.id));
      toast({ title: 'Product deleted', description: `${product.title} was deleted.`, variant: 'success' });
      setDeleting(null);
      if (view.kind === 'edit' && view.id === product.id) go({ kind: 'list' });
    },
    onError: () => toast({ title: 'Delete failed', description: 'Failed to delete product', variant: 'destructive' }),
  });

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

  if (view.kind === 'edit') {
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
      <ProductList
        products={products}
        options={options}
        filters={filters}
        onFilters={setFilters}
        onCreate={() => go({ kind: 'create' })}
        onEdit={(id) => go({ kind: 'edit', id })}
        onPreview={setPreview}
        onDelete={setDeleting}
      />
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
          busy={remove.busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove.run(deleting)}
        />
      )}
    </div>
  );
}
