/**
 * /sitemap.xml (https://www.sitemaps.org/protocol.html): the public pages, every AI tool
 * page, and every published product and creator profile. Pure functions:
 * src/pages/sitemap.xml.ts feeds them from the database.
 */
import { AI_TOOL_IDS, TOOL_DETAIL_IDS } from './ai-tool-ids';
import { findAiTool } from './ai-tools';

export interface SitemapEntry {
  path: string;
  /** ISO date or date-time. */
  lastmod?: string | null;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
}

export interface SitemapSource {
  products: readonly { id: string; updatedAt?: string; createdAt: string; creator: { id: string } }[];
  tools: Readonly<Record<string, { latestUpdateAt: string | null } | undefined>>;
  generatedAt?: string;
}

/** Prebuilt public pages that are not generated from data. */
export const STATIC_PUBLIC_PATHS: readonly SitemapEntry[] = [
  { path: '/', changefreq: 'daily', priority: 1 },
  { path: '/marketplace', changefreq: 'daily', priority: 0.9 },
  { path: '/ai-tools', changefreq: 'weekly', priority: 0.8 },
  { path: '/community', changefreq: 'monthly', priority: 0.3 },
  { path: '/terms', changefreq: 'yearly', priority: 0.2 },
  { path: '/privacy', changefreq: 'yearly', priority: 0.2 },
];

/**
 * Every entry, without duplicates. Product and profile pages are listed only when their
 * route exists (`include`), so the sitemap never points at a page that answers 404.
 */
export function sitemapEntries(source: SitemapSource, include: { products: boolean; profiles: boolean }): SitemapEntry[] {
  const entries: SitemapEntry[] = [...STATIC_PUBLIC_PATHS];
  for (const id of TOOL_DETAIL_IDS) {
    entries.push({ path: `/tools/${id}`, lastmod: toolLastmod(id, source), changefreq: 'weekly', priority: 0.7 });
  }
  for (const id of AI_TOOL_IDS) {
    entries.push({ path: `/tools/${id}/landing`, lastmod: toolLastmod(id, source), changefreq: 'monthly', priority: 0.6 });
  }
  if (include.products) {
    for (const product of source.products) {
      entries.push({ path: `/product/${product.id}`, lastmod: product.updatedAt ?? product.createdAt, changefreq: 'weekly', priority: 0.6 });
    }
  }
  if (include.profiles) {
    const creators = new Set(source.products.map((p) => p.creator.id));
    for (const id of creators) entries.push({ path: `/profile/${id}`, changefreq: 'weekly', priority: 0.4 });
  }
  const seen = new Set<string>();
  return entries.filter((e) => (seen.has(e.path) ? false : (seen.add(e.path), true)));
}

function toolLastmod(id: string, source: SitemapSource): string | null {
  const staticDate = findAiTool(id)?.lastUpdate ?? null;
  const live = source.tools[id]?.latestUpdateAt ?? null;
  if (!live) return staticDate;
  if (!staticDate) return live;
  return new Date(live) > new Date(staticDate) ? live : staticDate;
}

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
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
    ].filter(Boolean).join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
