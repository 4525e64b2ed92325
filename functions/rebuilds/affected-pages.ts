/**
 * Which catalogue pages show what (docs/decisions/015): the only place that knows it. A
 * change re-renders exactly these paths, on the embedded server (scripts/lib/page-publisher.ts)
 * and on Vercel (on-demand revalidation, functions/rebuilds/revalidate.ts).
 */
import { SITEMAP_PAGES_PATH, productSitemapPath } from '@/src/shared/sitemap';

/**
 * The routes of the catalogue pages (Astro route patterns), the only on-demand routes whose
 * answer is the same for every visitor: cached on Vercel's CDN (ISR) and kept as files by the
 * embedded server. Everything else (accounts, the API) must never be cached.
 */
export const CATALOGUE_PAGE_ROUTES = [
  '/',
  '/marketplace',
  '/ai-tools',
  '/sitemap.xml',
  '/sitemap-pages.xml',
  '/sitemap-products-[shard].xml',
  '/tools/[toolId]',
  '/tools/[toolId]/landing',
  '/tools/[...slug]',
  '/product/[...slug]',
] as const;

/**
 * Request paths answered by a catalogue route: the same HTML for every visitor, so they are
 * rendered without the session (src/middleware.ts) and never carry a cookie.
 */
export const CATALOGUE_PATH = /^\/(?:marketplace|ai-tools)?\/?$|^\/sitemap(?:-pages|-products-[0-9a-f])?\.xml$|^\/(?:tools|product)(?:\/|$)/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** For the Vercel adapter's `isr.exclude` (it takes RegExps): matches every route pattern that is not a catalogue page. */
export const NON_CATALOGUE_ROUTE = new RegExp(`^(?!(?:${CATALOGUE_PAGE_ROUTES.map(escapeRegExp).join('|')})$)`);

/** The sitemap files list every product: they are refreshed last, after the pages a visitor sees. */
export function isSitemapPath(pathname: string): boolean {
  return pathname.startsWith('/sitemap');
}

export function productPath(id: string): string {
  return `/product/${id}`;
}

/**
 * A tool's pages: its detail page and its landing page, plus the directory and the sitemap's
 * page file (their dates). Whether it has a detail page is its row's `detail_page`; a caller
 * that has not read the row (a product's tool) leaves it unknown, and the detail path is
 * rendered anyway: for a tool without one it answers 404, which the page store removes and a
 * revalidation takes as a valid render (no built-in list of tools to fall out of date).
 */
export function pagesShowingTool(toolId: string | null | undefined, hasDetailPage?: boolean): string[] {
  if (!toolId) return [];
  return [...(hasDetailPage === false ? [] : [`/tools/${toolId}`]), `/tools/${toolId}/landing`, '/ai-tools', SITEMAP_PAGES_PATH];
}

/**
 * Every stored page a product appears on: its own page, the marketplace's first page and the
 * landing page (newest, top-rated and trending picks), the pages of the AI tools it belongs
 * or belonged to (their product counts), its sitemap shard and the sitemap's page file (its
 * creator may have just become a publishing creator). Its creator's profile is not
 * stored: it renders on every request, so it is current at once. Other products'
 * 'You might also like' lists are refreshed when those pages are next rendered (their own change
 * or their figures: docs/decisions/064, 073).
 */
export function pagesShowingProduct(product: { id: string; toolIds: readonly (string | null | undefined)[] }): string[] {
  const paths = [
    productPath(product.id),
    '/marketplace',
    '/',
    ...product.toolIds.flatMap((id) => pagesShowingTool(id)),
    productSitemapPath(product.id),
    SITEMAP_PAGES_PATH,
  ];
  return [...new Set(paths)];
}

/**
 * The stored pages that show a product's reviews or rating (docs/decisions/029): its own page
 * (the reviews section), the marketplace's first page and the landing page (cards, 'Top
 * rated'), and its AI tool's pages (cards). Not the sitemap: a review changes no URL or
 * date there. The creator's profile is not stored (it renders on every request).
 */
export function pagesShowingReviews(product: { id: string; toolId: string | null | undefined }): string[] {
  const tool = pagesShowingTool(product.toolId).filter((p) => p.startsWith('/tools/'));
  return [...new Set([productPath(product.id), '/marketplace', '/', ...tool])];
}
