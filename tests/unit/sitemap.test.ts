import { describe, expect, it } from 'vitest';
import { SEED_AI_TOOLS as AI_TOOLS } from '@/db/seed/ai-tools-data';
import { TOOL_DETAIL_IDS } from '@/src/shared/ai-tool-ids';
import {
  SITEMAP_SHARDS,
  escapeXml,
  pageEntries,
  productEntries,
  productSitemapPath,
  profileEntries,
  renderSitemap,
  renderSitemapIndex,
  sitemapFiles,
} from '@/src/shared/sitemap';

const products = [
  { id: 'p1', createdAt: '2026-10-01T00:00:00.000Z', updatedAt: '2026-11-02T08:00:00.000Z' },
  { id: 'p2', createdAt: '2026-10-05T00:00:00.000Z' },
];
const tools = { chatgpt: { latestUpdateAt: '2026-12-01T00:00:00.000Z' } };

describe('sitemap entries', () => {
  it('lists the public pages, the six tool pages and the fourteen landing pages', () => {
    const paths = pageEntries(tools, AI_TOOLS).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/', '/marketplace', '/ai-tools', '/community', '/developers', '/support', '/terms', '/privacy']));
    for (const id of TOOL_DETAIL_IDS) expect(paths).toContain(`/tools/${id}`);
    for (const tool of AI_TOOLS) expect(paths).toContain(`/tools/${tool.id}/landing`);
    expect(paths).toHaveLength(8 + TOOL_DETAIL_IDS.length + AI_TOOLS.length);
    expect(paths.some((p) => p.startsWith('/product/'))).toBe(false);
  });
  it('lists every product dated by its last change, and each creator once', () => {
    expect(productEntries(products).map((e) => [e.path, e.lastmod])).toEqual([
      ['/product/p1', '2026-11-02T08:00:00.000Z'],
      ['/product/p2', '2026-10-05T00:00:00.000Z'],
    ]);
    expect(profileEntries(['u1', 'u2', 'u1']).map((e) => e.path)).toEqual(['/profile/u1', '/profile/u2']);
  });
  it('dates a tool page by its newest update or its own release, whichever is later', () => {
    const entries = pageEntries(tools, AI_TOOLS);
    expect(entries.find((e) => e.path === '/tools/chatgpt')?.lastmod).toBe('2026-12-01T00:00:00.000Z');
    expect(entries.find((e) => e.path === '/tools/claude')?.lastmod).toBe(AI_TOOLS.find((t) => t.id === 'claude')?.lastUpdate);
  });
});

describe('the sitemap index', () => {
  it('lists the page file and one file per hex digit, and a product lives in the shard of its first digit', () => {
    expect(sitemapFiles()).toEqual(['/sitemap-pages.xml', ...SITEMAP_SHARDS.map((s) => `/sitemap-products-${s}.xml`)]);
    expect(SITEMAP_SHARDS).toHaveLength(16);
    expect(productSitemapPath('A3f0c2d4-0000-4000-8000-000000000000')).toBe('/sitemap-products-a.xml');
    const xml = renderSitemapIndex('https://toolmint.example', sitemapFiles());
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<loc>https://toolmint.example/sitemap-products-f.xml</loc>');
  });
});

describe('renderSitemap', () => {
  it('writes absolute, escaped locations and W3C dates', () => {
    const xml = renderSitemap('https://toolmint.example', [
      { path: '/a?b=1&c=2', lastmod: '2026-11-02T08:00:00.000Z', changefreq: 'weekly', priority: 0.5 },
      { path: '/' },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<loc>https://toolmint.example/a?b=1&amp;c=2</loc>');
    expect(xml).toContain('<lastmod>2026-11-02</lastmod>');
    expect(xml).toContain('<priority>0.5</priority>');
    expect(xml).toContain('<loc>https://toolmint.example/</loc>');
  });
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
