/**
 * The data of the catalogue pages (/, /marketplace, /ai-tools, /tools/{id},
 * /tools/{id}/landing, the sitemap; /product/{id} is in product-page.service.ts), read from
 * the database when the page renders.
 *
 * Why from the database and not a build-time snapshot: these pages are rendered one at a time
 * when what they show changes (docs/decisions/015), so each reads only its own bounded slice
 * (a few indexed top-N queries), and the cost of a page does not grow with the catalogue.
 * Only the sitemap lists every product, in 16 shards.
 */
import { listPublicTools } from '../tools/tools.service';
import type { Db } from '@/db/database';
import type { ProductCard } from '@/src/shared/products';
import { PAGE_SIZE } from '@/src/shared/search';
import type { SiteFigures } from '@/src/shared/site-figures';
import type { ToolFiguresInput } from '@/src/shared/tool-pages';
import {
  countPublished,
  listMostDownloadedPublished,
  listNewestPublished,
  listPublishedForSitemap,
  listPublishingCreators,
  listToolFigures,
  listToolLatestUpdates,
  listTopRatedPublished,
  readCatalogueTotals,
} from './catalogue.repository';
import { toProductCard } from './catalogue.mapper';

/** The live figures of every AI tool (each counted through an index), or of the one `toolId` names, by tool id. */
export async function getToolFigures(db: Db, toolId?: string): Promise<Record<string, ToolFiguresInput>> {
  const rows = await listToolFigures(db, toolId);
  return Object.fromEntries(
    rows.map((t) => [
      t.id,
      {
        productCount: t.product_count,
        followerCount: t.follower_count,
        latestUpdateAt: t.latest_update_at ? new Date(t.latest_update_at).toISOString() : null,
        maintainerName: t.maintainer_name,
      },
    ]),
  );
}

/** The landing page: the carousel's picks per category, the featured (top-rated) and trending products. */
export async function getLandingData(db: Db, carouselCategories: readonly string[]) {
  const [featured, trending, ...picks] = await Promise.all([
    listTopRatedPublished(db, { limit: 3 }),
    listMostDownloadedPublished(db, 4),
    ...carouselCategories.map((categoryId) => listTopRatedPublished(db, { limit: 2, categoryId })),
  ]);
  return {
    featured: featured.map(toProductCard),
    trending: trending.map(toProductCard),
    picksByCategory: Object.fromEntries(carouselCategories.map((id, i) => [id, (picks[i] ?? []).map(toProductCard)])) as Record<string, ProductCard[]>,
  };
}

/**
 * From this many published products, the figures are reused for FIGURES_MAX_AGE_MS: their one
 * scan then costs more than the rest of the landing (0.52 s at 100k on PGlite), and a figure
 * rounded to two digits ('12K+') cannot move with one change.
 */
const FIGURES_REUSE_FROM = 10_000;
const FIGURES_MAX_AGE_MS = 5 * 60_000;
const figuresCache = new WeakMap<Db, { at: number; figures: SiteFigures }>();

/**
 * The landing page's live figures (issue 15, docs/decisions/028), read when the page renders.
 * Every change that alters them (a publish, an edit of the category or tool, an unpublish, a
 * delete) already re-renders '/' (functions/rebuilds/affected-pages.ts pagesShowingProduct);
 * downloads and ratings change without a content change and refresh with the stored page's age
 * (decision 015). Exact below FIGURES_REUSE_FROM products; above, at most 5 minutes old.
 */
export async function getSiteFigures(db: Db, now = Date.now()): Promise<SiteFigures> {
  const cached = figuresCache.get(db);
  if (cached && cached.figures.products >= FIGURES_REUSE_FROM && now - cached.at < FIGURES_MAX_AGE_MS) return cached.figures;
  const totals = await readCatalogueTotals(db);
  const figures: SiteFigures = {
    products: totals.products,
    creators: totals.creators,
    tools: totals.tools,
    downloads: totals.downloads,
    rating: totals.reviews > 0 && totals.averageRating !== null ? { average: totals.averageRating, reviews: totals.reviews } : null,
    byCategory: totals.byCategory,
  };
  figuresCache.set(db, { at: now, figures });
  return figures;
}

/** The marketplace's first page (newest first, as the search API's default sort) and the catalogue size. */
export async function getMarketplaceFirstPage(db: Db): Promise<{ items: ProductCard[]; hasMore: boolean; total: number }> {
  const [rows, total] = await Promise.all([listNewestPublished(db, PAGE_SIZE + 1), countPublished(db)]);
  return { items: rows.slice(0, PAGE_SIZE).map(toProductCard), hasMore: rows.length > PAGE_SIZE, total };
}

/** A tool's detail page: its figures and its best `limit` products. */
export async function getToolPageData(db: Db, toolId: string, limit: number) {
  const [figures, rows] = await Promise.all([getToolFigures(db, toolId), listTopRatedPublished(db, { limit, aiToolType: toolId })]);
  return { figures: figures[toolId], products: rows.map(toProductCard) };
}

/** The sitemap's page file: the tools' latest updates (their dates, not their figures) and the creators with published products. */
export async function getSitemapPagesSource(db: Db) {
  const [updates, creatorIds, directory] = await Promise.all([listToolLatestUpdates(db), listPublishingCreators(db), listPublicTools(db)]);
  const tools = Object.fromEntries(updates.map((u) => [u.tool_id, { latestUpdateAt: new Date(u.latest_update_at).toISOString() }]));
  return { tools, creatorIds, directory: directory.map((t) => ({ id: t.id, hasDetailPage: t.hasDetailPage, lastUpdate: t.lastUpdate })) };
}

/** One product shard of the sitemap (src/shared/sitemap.ts). */
export async function getSitemapShard(db: Db, shard: string) {
  const rows = await listPublishedForSitemap(db, shard);
  return rows.map((r) => ({
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : undefined,
  }));
}
