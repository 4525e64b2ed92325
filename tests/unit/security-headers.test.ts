/**
 * The shared security header set, the site URL derived from HOST and PORT, and the Vercel
 * output routes built from them (docs/decisions/009).
 */
import { describe, expect, it } from 'vitest';
import { getEnv, siteUrlFor } from '@/env';
import { trustedOriginsFor } from '@/functions/auth/auth';
import {
  HSTS,
  NON_PAGE_CSP,
  PAGE_CSP_DIRECTIVES,
  PERMISSIONS_POLICY,
  PERMISSIONS_POLICY_WITH_MICROPHONE,
  isHttpsSite,
  securityHeaders,
} from '@/functions/_shared/security-headers';
import { pageKey, vercelHeaderRoutes, withVercelHeaders, type VercelRoute } from '@/scripts/lib/page-headers';

describe('SITE_URL', () => {
  it('is where the server listens when unset', () => {
    expect(getEnv({ PORT: '8080' }).SITE_URL).toBe('http://localhost:8080');
    expect(getEnv({ PORT: '8080', HOST: '127.0.0.1' }).SITE_URL).toBe('http://127.0.0.1:8080');
    expect(getEnv({}).SITE_URL).toBe('http://localhost:4321');
    expect(getEnv({ PORT: '9000', SITE_URL: '' }).SITE_URL).toBe('http://localhost:9000');
  });
  it('stays as given when set', () => {
    expect(getEnv({ PORT: '8080', SITE_URL: 'https://toolmint.app' }).SITE_URL).toBe('https://toolmint.app');
  });
  it('names a browser-reachable host for listen-everywhere addresses and IPv6', () => {
    expect(siteUrlFor('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(siteUrlFor('::', 3000)).toBe('http://localhost:3000');
    expect(siteUrlFor('::1', 3000)).toBe('http://[::1]:3000');
    expect(siteUrlFor('shop.internal', 80)).toBe('http://shop.internal');
  });
  it('makes the custom port a trusted auth origin', () => {
    expect(trustedOriginsFor(getEnv({ PORT: '8080' }))).toEqual(expect.arrayContaining(['http://localhost:8080', 'http://127.0.0.1:8080']));
  });
});

describe('securityHeaders', () => {
  it('sends the fixed set on every path', () => {
    expect(securityHeaders('/marketplace', { https: false })).toEqual({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS_POLICY,
    });
  });
  it('sends Permissions-Policy on documents only, the other headers on every answer', () => {
    const nonDocument = securityHeaders('/_astro/page.js', { https: true, document: false });
    expect(nonDocument).toEqual({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': HSTS,
    });
    // Not even on /auth: the microphone is a document's to ask for.
    expect(securityHeaders('/auth', { https: false, document: false })).not.toHaveProperty('permissions-policy');
    expect(securityHeaders('/unsubscribe', { https: false, document: false })['referrer-policy']).toBe('no-referrer');
    const documents = vercelHeaderRoutes({}, { https: false }).find((r) => r.headers?.['permissions-policy'] === PERMISSIONS_POLICY);
    for (const path of ['/', '/marketplace', '/product/abc', '/tools/chatgpt/landing', '/404.html'])
      expect(new RegExp(documents!.src!).test(path), path).toBe(true);
    for (const path of ['/_astro/page.js', '/api/health', '/blobs/a/b.webp', '/robots.txt', '/tool-updates/feed.xml', '/favicon.svg'])
      expect(new RegExp(documents!.src!).test(path), path).toBe(false);
  });
  it('allows the microphone on /auth only', () => {
    expect(securityHeaders('/auth', { https: false })['permissions-policy']).toBe(PERMISSIONS_POLICY_WITH_MICROPHONE);
    expect(securityHeaders('/auth/', { https: false })['permissions-policy']).toBe(PERMISSIONS_POLICY_WITH_MICROPHONE);
    for (const path of ['/', '/auth/reset-password', '/authors', '/api/auth/sign-in/email']) {
      expect(securityHeaders(path, { https: false })['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY_WITH_MICROPHONE).toContain('microphone=(self)');
  });
  it('sends no Referer from the unsubscribe page, whose address holds a token', () => {
    for (const path of ['/unsubscribe', '/unsubscribe/']) expect(securityHeaders(path, { https: false })['referrer-policy']).toBe('no-referrer');
    for (const path of ['/', '/settings/notifications', '/unsubscribed', '/api/unsubscribe']) {
      expect(securityHeaders(path, { https: false })['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
    const route = vercelHeaderRoutes({}, { https: false }).find((r) => r.headers?.['referrer-policy'] === 'no-referrer');
    expect(new RegExp(route!.src!).test('/unsubscribe')).toBe(true);
    expect(new RegExp(route!.src!).test('/marketplace')).toBe(false);
  });
  it('adds HSTS only for an https site', () => {
    expect(isHttpsSite('https://toolmint.app')).toBe(true);
    expect(isHttpsSite('http://localhost:4321')).toBe(false);
    expect(securityHeaders('/', { https: true })['strict-transport-security']).toBe(HSTS);
    expect(securityHeaders('/', { https: false })).not.toHaveProperty('strict-transport-security');
  });
  it('keeps inline scripts out of every policy and framing off', () => {
    const pagePolicy = PAGE_CSP_DIRECTIVES.join(';');
    expect(pagePolicy).not.toContain('unsafe-inline');
    expect(pagePolicy).not.toContain('unsafe-eval');
    expect(pagePolicy).toContain("frame-ancestors 'none'");
    expect(NON_PAGE_CSP).toContain("default-src 'none'");
    expect(NON_PAGE_CSP).toContain("frame-ancestors 'none'");
  });
});

describe('page policies in the build output', () => {
  it('looks pages up without the trailing slash, decoded', () => {
    expect(pageKey('/')).toBe('/');
    expect(pageKey('/marketplace/')).toBe('/marketplace');
    expect(pageKey('/tools/chatgpt')).toBe('/tools/chatgpt');
    expect(pageKey('/%ZZ')).toBe('/%ZZ');
    expect(pageKey('/marketplace/index.html')).toBe('/marketplace');
    expect(pageKey('/index.html')).toBe('/');
  });

  const pages = { '/': 'csp-home', '/tools/chatgpt': 'csp-tool', '/404': 'csp-404' };

  it('gives Vercel one route per page, matching the trailing-slash form, after the shared headers', () => {
    const routes = vercelHeaderRoutes(pages, { https: true });
    expect(routes[0]).toEqual({ src: '^/.*$', headers: securityHeaders('/', { https: true, document: false }), continue: true });
    const tool = routes.find((r) => r.headers?.['content-security-policy'] === 'csp-tool');
    expect(new RegExp(tool!.src!).test('/tools/chatgpt/')).toBe(true);
    expect(new RegExp(tool!.src!).test('/tools/chatgpt/landing')).toBe(false);
    const home = routes.find((r) => r.headers?.['content-security-policy'] === 'csp-home');
    expect(new RegExp(home!.src!).test('/')).toBe(true);
    expect(new RegExp(home!.src!).test('/marketplace')).toBe(false);
    const nonPage = routes.find((r) => r.headers?.['content-security-policy'] === NON_PAGE_CSP);
    for (const path of ['/api/health', '/blobs/a/b.webp', '/tool-updates/feed.xml', '/robots.txt', '/api/studio/earnings.csv']) {
      expect(new RegExp(nonPage!.src!).test(path), path).toBe(true);
    }
    expect(new RegExp(nonPage!.src!).test('/marketplace')).toBe(false);
    expect(routes.every((r) => r.continue)).toBe(true);
  });

  it("replaces the adapter's CSP routes and gives the 404 of unknown paths its page policy", () => {
    const config: { routes: VercelRoute[] } = {
      routes: [
        { src: '/_astro/(.*)', headers: { 'cache-control': 'public, max-age=31536000, immutable' }, continue: true },
        { src: '/tools/chatgpt', headers: { 'content-security-policy': 'csp-tool' } },
        { handle: 'filesystem' },
        { src: '^/api/health/?$', dest: '_render' },
        { src: '^/.*$', dest: '/404.html', status: 404 },
      ],
    };
    const { routes } = withVercelHeaders(config, pages, { https: false });
    expect(routes.filter((r) => r.src === '/tools/chatgpt')).toEqual([]);
    expect(routes).toContainEqual({ src: '/_astro/(.*)', headers: { 'cache-control': 'public, max-age=31536000, immutable' }, continue: true });
    expect(routes.at(-1)).toEqual({ src: '^/.*$', dest: '/404.html', status: 404, headers: { 'content-security-policy': 'csp-404' } });
    // An id that cannot exist is the 404 page at once, before the filesystem and the functions.
    const impossible = routes.find((r) => r.status === 404 && r.src?.startsWith('^/product/'));
    expect(impossible).toMatchObject({ dest: '/404.html', headers: { 'content-security-policy': 'csp-404' } });
    expect(routes.indexOf(impossible!)).toBeLessThan(routes.findIndex((r) => r.handle === 'filesystem'));
    for (const path of ['/product/not-a-uuid', '/product/123', '/product/x/']) expect(new RegExp(impossible!.src!).test(path), path).toBe(true);
    for (const path of ['/product/0b8f5c1e-4d2a-4f3b-9c6d-7e8f9a0b1c2d', '/product/0B8F5C1E-4D2A-4F3B-9C6D-7E8F9A0B1C2D/', '/product/a/b', '/products'])
      expect(new RegExp(impossible!.src!).test(path), path).toBe(false);
    // The same for the other kinds whose id has a shape (src/shared/ids.ts): tools, threads
    // and spaces, profiles. Their pages and their own routes' 404s keep their routes.
    const impossibleFor = (pathname: string) =>
      routes.filter((r) => r.status === 404 && r.dest === '/404.html' && r.src !== '^/.*$' && new RegExp(r.src!).test(pathname));
    for (const path of [
      '/tools/Not_A_Tool!',
      '/tools/ChatGPT',
      `/tools/${'a'.repeat(61)}`,
      '/tools/bad.id/landing',
      '/community/Not-A-Slug',
      '/community/-dash-first',
      '/community/a_b/',
      '/profile/not.an.id',
      `/profile/${'u'.repeat(101)}`,
    ]) {
      const [route] = impossibleFor(path);
      expect(route, path).toMatchObject({ headers: { 'cache-control': 'public, max-age=3600', 'content-security-policy': 'csp-404' } });
      expect(routes.indexOf(route!), path).toBeLessThan(routes.findIndex((r) => r.handle === 'filesystem'));
    }
    for (const path of [
      '/tools/chatgpt',
      '/tools/chatgpt/',
      '/tools/no-tool-by-this-name/landing',
      '/tools/chatgpt/feed.xml',
      '/tools',
      '/community/help',
      '/community/new',
      '/community/0B8F5C1E-4D2A-4F3B-9C6D-7E8F9A0B1C2D',
      '/community',
      '/profile/demo-alex',
      '/profile/Ab3_x-Y9',
      '/profile',
    ])
      expect(impossibleFor(path), path).toEqual([]);
    expect(routes.findIndex((r) => r.handle === 'filesystem')).toBeGreaterThan(routes.findIndex((r) => r.headers?.['content-security-policy'] === 'csp-tool'));
  });
});
