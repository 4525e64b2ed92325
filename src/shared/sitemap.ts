/**
 * The sitemap (https://www.sitemaps.org/protocol.html): the public pages, every AI tool
 * page, and every published product and creator profile. Pure functions: the sitemap
 * routes (src/pages/sitemap*.xml.ts) feed them from the database.
 */
/** A tool of the directory as the sitemap lists it (functions/tools/tools.service.ts). */
export interface SitemapTool {
  id: string;
  hasDetailPage: boolean;
  /** The latest release its copy knows of (YYYY-MM-DD). */
  lastUpdate: string | null;
}

export interface SitemapEntry {
  path: string;
  /** ISO date or date-time. */
  lastmod?: string | null;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
}

export interface SitemapSource {
  products: readonly { id: string; updatedAt?: string; createdAt: string }[];
  tools: Readonly<Record<string, { latestUpdateAt: string | null } | undefined>>;
}

/** Prebuilt public pages that are not generated from data. */
const STATIC_PUBLIC_PATHS: readonly SitemapEntry[] = [
  { path: '/', changefreq: 'daily', priority: 1 },
  { path: '/marketplace', changefreq: 'daily', priority: 0.9 },
  { path: '/ai-tools', changefreq: 'weekly', priority: 0.8 },
  { path: '/community', changefreq: 'monthly', priority: 0.3 },
  { path: '/developers', changefreq: 'monthly', priority: 0.3 },
  { path: '/support', changefreq: 'yearly', priority: 0.3 },
  { path: '/terms', changefreq: 'yearly', priority: 0.2 },
  { path: '/privacy', changefreq: 'yearly', priority: 0.2 },
];

/**
 * The sitemap is an index (https://www.sitemaps.org/protocol.html#index): one file for the
 * site's pages, tool pages and creator profiles, and one per shard of the products, by the
 * first hex digit of the product's id. A product's change rewrites its own shard only, and
 * each shard stays far under the protocol's 50,000 URLs (about 1/16 of the catalogue: up to
 * 800,000 products). Random UUIDs spread the products evenly.
 */
export const SITEMAP_SHARDS = [...'0123456789abcdef'] as const;
export type SitemapShard = (typeof SITEMAP_SHARDS)[number];
export const SITEMAP_INDEX_PATH = '/sitemap.xml';
export const SITEMAP_PAGES_PATH = '/sitemap-pages.xml';

/** The community's file (docs/decisions/035): its spaces and its newest threads, at most SITEMAP_MAX_URLS. */
export const SITEMAP_COMMUNITY_PATH = '/sitemap-community.xml';
/** The protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** The community's spaces and threads, each dated by its last activity. */
export function communityEntries(spaces: readonly { id: string }[], threads: readonly { id: string; lastActivityAt: string }[]): SitemapEntry[] {
  return [
    ...spaces.map((s): SitemapEntry => ({ path: `/community/${s.id}`, changefreq: 'daily', priority: 0.4 })),
    ...threads.map((t): SitemapEntry => ({ path: `/community/${t.id}`, lastmod: t.lastActivityAt, changefreq: 'weekly', priority: 0.5 })),
  ].slice(0, SITEMAP_MAX_URLS);
}

export function productSitemapPath(productId: string): string {
  return `/sitemap-products-${productId.charAt(0).toLowerCase()}.xml`;
}

export function isSitemapShard(value: string | undefined): value is SitemapShard {
  return value !== undefined && (SITEMAP_SHARDS as readonly string[]).includes(value);
}

/** Every file the index lists. */
export function sitemapFiles(): string[] {
  return [SITEMAP_PAGES_PATH, ...SITEMAP_SHARDS.map((shard) => `/sitemap-products-${shard}.xml`)];
}

/** The public pages, the detail tool pages and every approved tool's landing page, each once. */
export function pageEntries(tools: SitemapSource['tools'], directory: readonly SitemapTool[]): SitemapEntry[] {
  const entries: SitemapEntry[] = [...STATIC_PUBLIC_PATHS];
  for (const tool of directory) {
    if (tool.hasDetailPage) entries.push({ path: `/tools/${tool.id}`, lastmod: toolLastmod(tool, tools), changefreq: 'weekly', priority: 0.7 });
  }
  for (const tool of directory) entries.push({ path: `/tools/${tool.id}/landing`, lastmod: toolLastmod(tool, tools), changefreq: 'monthly', priority: 0.6 });
  return entries;
}

export function productEntries(products: SitemapSource['products']): SitemapEntry[] {
  return products.map((product) => ({ path: `/product/${product.id}`, lastmod: product.updatedAt ?? product.createdAt, changefreq: 'weekly', priority: 0.6 }));
}

/** Each creator once. */
export function profileEntries(creatorIds: readonly string[]): SitemapEntry[] {
  return [...new Set(creatorIds)].map((id) => ({ path: `/profile/${id}`, changefreq: 'weekly', priority: 0.4 }));
}

function toolLastmod(tool: SitemapTool, tools: SitemapSource['tools']): string | null {
  const staticDate = tool.lastUpdate;
  const live = tools[tool.id]?.latestUpdateAt ?? null;
  if (!live) return staticDate;
  if (!staticDate) return live;
  return new Date(live) > new Date(staticDate) ? live : staticDate;
}

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The index document listing the sitemap files. */
export function renderSitemapIndex(site: string | URL, paths: readonly string[]): string {
  const items = paths.map((p) => `  <sitemap>\n    <loc>${escapeXml(new URL(p, site).toString())}</loc>\n  </sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** The XML document; `lastmod` is written as a W3C date (YYYY-MM-DD). */
export function renderSitemap(site: string | URL, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = new URL(entry.path, site).toString();
    const lastmod = entry.lastmod ? new Date(entry.lastmod) : null;
    return [
      '  <url>',
      `    <loc>${escapeXml(loc)}</loc>`,
      lastmod && !Number.isNaN(lastmod.getTime()) ? `    <lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : null,
      entry.changefreq ? `    <changefreq>${entry.changefreq}</changefreq>` : null,
      entry.priority !== undefined ? `    <priority>${entry.priority.toFixed(1)}</priority>` : null,
      '  </url>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
