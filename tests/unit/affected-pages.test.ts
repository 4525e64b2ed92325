import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_PAGE_ROUTES,
  CATALOGUE_PATH,
  NON_CATALOGUE_ROUTE,
  pagesShowingProduct,
  pagesShowingReviews,
  pagesShowingTool,
} from '@/functions/rebuilds/affected-pages';
import { nextFiguresSince, pagesShowingFigures } from '@/functions/rebuilds/figures';
import { fixedCataloguePaths, isCataloguePath } from '@/scripts/lib/page-publisher';

describe('pages a change touches', () => {
  it("a product: its page, the marketplace, the landing page, its tool pages, the directory, its sitemap shard and the sitemap's page file", () => {
    expect(pagesShowingProduct({ id: 'b1', toolIds: ['n8n'] }).sort()).toEqual(
      ['/product/b1', '/marketplace', '/', '/tools/n8n', '/tools/n8n/landing', '/ai-tools', '/sitemap-products-b.xml', '/sitemap-pages.xml'].sort(),
    );
  });

  it('a product moved to another tool touches both tools, each page once', () => {
    const paths = pagesShowingProduct({ id: 'p1', toolIds: ['n8n', 'make'] });
    expect(paths).toEqual(expect.arrayContaining(['/tools/n8n', '/tools/n8n/landing', '/tools/make', '/tools/make/landing']));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("a product review: the pages showing the product's rating, not the directory or the sitemap (docs/decisions/029)", () => {
    expect(pagesShowingReviews({ id: 'b1', toolId: 'n8n' }).sort()).toEqual(['/product/b1', '/marketplace', '/', '/tools/n8n', '/tools/n8n/landing'].sort());
    expect(pagesShowingReviews({ id: 'b1', toolId: null }).sort()).toEqual(['/product/b1', '/marketplace', '/'].sort());
    for (const p of pagesShowingReviews({ id: '0b8f8c8e-3c8a-4f7e-9d1a-2f2e6b1c9a00', toolId: 'make' })) expect(isCataloguePath(p), p).toBe(true);
  });

  it('a tool whose row has no detail page has only its landing page; unknown, the detail path is rendered too', () => {
    expect(pagesShowingTool('make', false)).toEqual(['/tools/make/landing', '/ai-tools', '/sitemap-pages.xml']);
    expect(pagesShowingTool('quillmate', true)).toEqual(['/tools/quillmate', '/tools/quillmate/landing', '/ai-tools', '/sitemap-pages.xml']);
    // A product's tool (its row not read): a tool approved after launch is not missed by a built-in list.
    expect(pagesShowingTool('quillmate')).toEqual(['/tools/quillmate', '/tools/quillmate/landing', '/ai-tools', '/sitemap-pages.xml']);
    expect(pagesShowingProduct({ id: 'p1', toolIds: ['quillmate'] })).toContain('/tools/quillmate');
    expect(pagesShowingTool(null)).toEqual([]);
  });

  it('every path a change names is one the embedded server stores', () => {
    for (const p of [...pagesShowingProduct({ id: '0b8f8c8e-3c8a-4f7e-9d1a-2f2e6b1c9a00', toolIds: ['claude', 'make'] }), ...fixedCataloguePaths()]) {
      expect(isCataloguePath(p), p).toBe(true);
    }
    expect(isCataloguePath('/profile/x')).toBe(false);
    expect(isCataloguePath('/dashboard')).toBe(false);
    expect(isCataloguePath('/product/a/b')).toBe(false);
  });
});

describe('shared pages', () => {
  it('every catalogue path is rendered without the session, and no account page is', () => {
    for (const p of [
      '/',
      '/marketplace',
      '/marketplace/',
      '/ai-tools',
      '/sitemap.xml',
      '/sitemap-pages.xml',
      '/sitemap-products-0.xml',
      '/tools/n8n',
      '/tools/n8n/landing',
      '/tools/nope',
      '/product/abc',
      '/product/abc/x',
    ]) {
      expect(CATALOGUE_PATH.test(p), p).toBe(true);
    }
    for (const p of ['/products', '/tool-updates', '/profile/u1', '/dashboard', '/library', '/api/products', '/marketplacex', '/auth', '/checkout/cs_1']) {
      expect(CATALOGUE_PATH.test(p), p).toBe(false);
    }
  });
});

describe('ISR on Vercel', () => {
  it('caches the catalogue routes only: accounts, the API and every other route are excluded', () => {
    for (const route of CATALOGUE_PAGE_ROUTES) expect(NON_CATALOGUE_ROUTE.test(route), route).toBe(false);
    for (const route of [
      '/dashboard',
      '/library',
      '/profile/[userId]',
      '/api/products',
      '/api/auth/[...all]',
      '/checkout/[sessionId]',
      '/sitemap.xml.bak',
      '/marketplace/x',
      '/_image',
      '/tool-updates',
    ]) {
      expect(NON_CATALOGUE_ROUTE.test(route), route).toBe(true);
    }
  });
});

describe('pages a figure change touches (docs/decisions/064, 073)', () => {
  it("a product's views: its page, the landing page, the marketplace and its tool's pages; a tool's followers: its pages and the directory", () => {
    expect(pagesShowingFigures({ productId: 'p1', toolId: 'n8n' }).sort()).toEqual(
      ['/product/p1', '/', '/marketplace', '/tools/n8n', '/tools/n8n/landing'].sort(),
    );
    expect(pagesShowingFigures({ productId: 'p1', toolId: null }).sort()).toEqual(['/product/p1', '/', '/marketplace'].sort());
    expect(pagesShowingFigures({ toolId: 'make', hasDetailPage: false }).sort()).toEqual(['/ai-tools', '/tools/make/landing'].sort());
    expect(pagesShowingFigures({})).toEqual([]);
    for (const p of pagesShowingFigures({ productId: '0b8f8c8e-3c8a-4f7e-9d1a-2f2e6b1c9a00', toolId: 'quillmate', hasDetailPage: true }))
      expect(isCataloguePath(p), p).toBe(true);
  });

  it('the next pass reads again the 5 s before the newest change, or from it after a full read, never before its own start', () => {
    const since = new Date('2026-11-29T10:00:00.000Z');
    const latest = new Date('2026-11-29T10:01:00.000Z');
    expect(nextFiguresSince(since, { latest, full: false }).toISOString()).toBe('2026-11-29T10:00:55.000Z');
    expect(nextFiguresSince(since, { latest, full: true })).toEqual(latest);
    expect(nextFiguresSince(since, { latest: new Date('2026-11-29T10:00:02.000Z'), full: false })).toEqual(since);
  });
});
