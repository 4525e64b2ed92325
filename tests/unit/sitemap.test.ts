import { describe, expect, it } from 'vitest';
import { AI_TOOLS } from '../../src/shared/ai-tools';
import { TOOL_DETAIL_IDS } from '../../src/shared/ai-tool-ids';
import { escapeXml, renderSitemap, sitemapEntries } from '../../src/shared/sitemap';

const source = {
  products: [
    { id: 'p1', createdAt: '2026-10-01T00:00:00.000Z', updatedAt: '2026-11-02T08:00:00.000Z', creator: { id: 'u1' } },
    { id: 'p2', createdAt: '2026-10-05T00:00:00.000Z', creator: { id: 'u1' } },
  ],
  tools: { chatgpt: { latestUpdateAt: '2026-12-01T00:00:00.000Z' } },
};

describe('sitemapEntries', () => {
  it('lists the public pages, the six tool pages and the fourteen landing pages', () => {
    const paths = sitemapEntries(source, { products: false, profiles: false }).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/', '/marketplace', '/ai-tools', '/community', '/terms', '/privacy']));
    for (const id of TOOL_DETAIL_IDS) expect(paths).toContain(`/tools/${id}`);
    for (const tool of AI_TOOLS) expect(paths).toContain(`/tools/${tool.id}/landing`);
    expect(paths).toHaveLength(6 + TOOL_DETAIL_IDS.length + AI_TOOLS.length);
    expect(paths.some((p) => p.startsWith('/product/'))).toBe(false);
  });
  it('adds every product, and each creator once, when their pages exist', () => {
    const entries = sitemapEntries(source, { products: true, profiles: true });
    expect(entries.filter((e) => e.path.startsWith('/product/')).map((e) => [e.path, e.lastmod])).toEqual([
      ['/product/p1', '2026-11-02T08:00:00.000Z'],
      ['/product/p2', '2026-10-05T00:00:00.000Z'],
    ]);
    expect(entries.filter((e) => e.path.startsWith('/profile/')).map((e) => e.path)).toEqual(['/profile/u1']);
  });
  it("dates a tool page by its newest update or its own release, whichever is later", () => {
    const entries = sitemapEntries(source, { products: false, profiles: false });
    expect(entries.find((e) => e.path === '/tools/chatgpt')?.lastmod).toBe('2026-12-01T00:00:00.000Z');
    expect(entries.find((e) => e.path === '/tools/claude')?.lastmod).toBe(AI_TOOLS.find((t) => t.id === 'claude')?.lastUpdate);
  });
});

describe('renderSitemap', () => {
  it('writes absolute, escaped locations and W3C dates', () => {
    const xml = renderSitemap('https://toolmint.example', [{ path: '/a?b=1&c=2', lastmod: '2026-11-02T08:00:00.000Z', changefreq: 'weekly', priority: 0.5 }, { path: '/' }]);
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
