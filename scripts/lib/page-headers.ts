/**
 * Carries the headers of functions/_shared/security-headers.ts into the build output
 * (docs/decisions/009).
 *
 * Astro writes each prebuilt page's Content-Security-Policy (with the hashes of that page's
 * inline scripts and styles) as a header rather than a <meta>, because the adapters are built
 * with `staticHeaders` (a <meta> policy cannot hold frame-ancestors). This integration
 * collects those per-page policies and writes them where the servers read them:
 * - node: PAGE_CSP_FILE in the output folder, read by scripts/lib/serve.ts. The node adapter's
 *   own `_headers.json` is removed: its server matches paths by substring (`/tools/chatgpt`
 *   would get the policy of `/tools/chatgpt/landing`), so ours is the only one.
 * - Vercel: routes in .vercel/output/config.json that put every header on static files and
 *   function answers alike, replacing the adapter's CSP-only routes (which miss the
 *   trailing-slash form and the 404 of unknown paths).
 * On-demand pages get their policy from Astro at request time, on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
  DOCUMENT_PATHS,
  MICROPHONE_PATHS,
  NO_REFERRER_PATHS,
  NON_PAGE_CSP,
  NON_PAGE_PATHS,
  PERMISSIONS_POLICY,
  PERMISSIONS_POLICY_WITH_MICROPHONE,
  securityHeaders,
} from '@/functions/_shared/security-headers';
import { pagePolicy } from '@/functions/_shared/page-csp';

export const PAGE_CSP_FILE = 'page-csp.json';
/**
 * The patterns of the build's routes (their regular expressions' sources), for the node
 * server: a path that matches none of them, and is no file, is the 404 page, sent from memory
 * without Astro (docs/decisions/065). The 404 and 500 pages are not listed.
 */
const ROUTE_PATTERNS_FILE = 'route-patterns.json';

/** The build's route patterns, or undefined when the build has none written (then Astro decides every path). */
export function readRoutePatterns(outDir: string): RegExp[] | undefined {
  const file = path.join(outDir, ROUTE_PATTERNS_FILE);
  if (!fs.existsSync(file)) return undefined;
  const { patterns } = JSON.parse(fs.readFileSync(file, 'utf8')) as { patterns: { source: string; flags: string }[] };
  return patterns.map((p) => new RegExp(p.source, p.flags));
}

/** pathname of a prebuilt page (no trailing slash, '/' for the home page) to its policy. */
export type PageCsp = Record<string, string>;

/**
 * The key a request path is looked up under: decoded, without a trailing slash or a final
 * `/index.html` (the node server sends `/x/index.html` as the page `/x`, scripts/lib/static-serve.ts).
 */
export function pageKey(pathname: string): string {
  // A plain path, the usual case, is its own key: nothing to decode or cut (asked per request).
  if (!pathname.includes('%') && !pathname.endsWith('/') && !pathname.endsWith('/index.html')) return pathname;
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // bad percent-encoding: no prebuilt page has such a path
  }
  decoded = decoded.replace(/\/index\.html$/, '/');
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded;
}

export function readPageCsp(outDir: string): PageCsp {
  const file = path.join(outDir, PAGE_CSP_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as PageCsp) : {};
}

export interface VercelRoute {
  src?: string;
  dest?: string;
  status?: number;
  handle?: string;
  headers?: Record<string, string>;
  continue?: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Routes that put every security header on every answer of a Vercel deployment. */
export function vercelHeaderRoutes(pages: PageCsp, options: { https: boolean }): VercelRoute[] {
  const pageRoutes = Object.entries(pages).map(([pathname, csp]) => ({
    src: pathname === '/' ? '^/$' : `^${escapeRegExp(pathname)}/?$`,
    headers: { 'content-security-policy': csp },
    continue: true,
  }));
  return [
    { src: '^/.*$', headers: securityHeaders('/', { ...options, document: false }), continue: true },
    // Permissions-Policy on documents only (functions/_shared/security-headers.ts).
    { src: DOCUMENT_PATHS, headers: { 'permissions-policy': PERMISSIONS_POLICY }, continue: true },
    { src: MICROPHONE_PATHS, headers: { 'permissions-policy': PERMISSIONS_POLICY_WITH_MICROPHONE }, continue: true },
    { src: NO_REFERRER_PATHS, headers: { 'referrer-policy': 'no-referrer' }, continue: true },
    { src: NON_PAGE_PATHS, headers: { 'content-security-policy': NON_PAGE_CSP }, continue: true },
    ...pageRoutes,
  ];
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * Addresses of ids that cannot exist (not the shape of the kind's ids, src/shared/ids.ts): the
 * 404 page at once, as a static file, before the filesystem and the functions (an ISR or
 * on-demand function would render each one: docs/decisions/065 and 073). Deeper paths keep
 * their routes, except below a tool id that cannot be one.
 */
const IMPOSSIBLE_ID_PATHS = [
  // /product/{uuid}: any other single segment.
  `^/product/(?!${UUID}/?$)[^/]+/?$`,
  // /tools/{tool id} and what is below it (TOOL_ID_PATTERN): a first segment of any other shape.
  '^/tools/(?![a-z0-9-]{1,60}(?:/|$))[^/]+(?:/.*)?$',
  // /community/{thread uuid or space slug} (SPACE_SLUG_PATTERN): any other single segment.
  `^/community/(?!(?:${UUID}|[a-z0-9][a-z0-9-]{0,63})/?$)[^/]+/?$`,
  // /profile/{user id} (USER_ID_PATTERN): any other single segment.
  '^/profile/(?![A-Za-z0-9_-]{1,100}/?$)[^/]+/?$',
] as const;

/** The adapter's own static-header routes: a src and a CSP, nothing else. */
const isAdapterCspRoute = (route: VercelRoute) =>
  route.headers !== undefined && Object.keys(route.headers).join() === 'content-security-policy' && !route.dest && !route.continue && !route.handle;

/** Rewrites the Vercel output config: our header routes first, the 404 of unknown paths with its page policy. */
export function withVercelHeaders(config: { routes?: VercelRoute[] }, pages: PageCsp, options: { https: boolean }): { routes: VercelRoute[] } {
  const kept = (config.routes ?? []).filter((route) => !isAdapterCspRoute(route));
  const notFoundCsp = pages['/404'];
  const routes = kept.map((route) =>
    route.status === 404 && route.dest === '/404.html' && notFoundCsp
      ? { ...route, headers: { ...route.headers, 'content-security-policy': notFoundCsp } }
      : route,
  );
  const impossible = IMPOSSIBLE_ID_PATHS.map((src) => ({
    src,
    dest: '/404.html',
    status: 404,
    headers: { 'cache-control': 'public, max-age=3600', ...(notFoundCsp ? { 'content-security-policy': notFoundCsp } : {}) },
  }));
  return { ...config, routes: [...vercelHeaderRoutes(pages, options), ...impossible, ...routes] };
}

/**
 * The prebuilt page of `pathname` in the client folder of a build (`build.format: 'directory'`:
 * `/x` is `x/index.html`; the 404 and 500 pages are `404.html` and `500.html`), or undefined.
 */
function prebuiltHtml(clientDir: string, pathname: string): string | undefined {
  const name = pathname.slice(1);
  const candidates = name ? [path.join(clientDir, name, 'index.html'), path.join(clientDir, `${name}.html`)] : [path.join(clientDir, 'index.html')];
  const file = candidates.find((candidate) => fs.existsSync(candidate));
  return file && fs.readFileSync(file, 'utf8');
}

/** Each prebuilt page's policy with only its own inline hashes (functions/_shared/page-csp.ts, docs/decisions/074). */
function ownPolicies(pages: PageCsp, clientDir: string): PageCsp {
  return Object.fromEntries(
    Object.entries(pages).map(([pathname, csp]) => {
      const html = prebuiltHtml(clientDir, pathname);
      return [pathname, html === undefined ? csp : pagePolicy(csp, html)];
    }),
  );
}

/** The Astro integration (astro.config.mjs). */
export function pageHeaders(options: { vercel: boolean; https: boolean }): AstroIntegration {
  let outDir: URL | undefined;
  let root: URL | undefined;
  const pages: PageCsp = {};
  let patterns: { source: string; flags: string }[] = [];
  return {
    name: 'toolmint:page-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
        root = config.root;
      },
      'astro:routes:resolved': ({ routes }) => {
        patterns = routes
          .filter((route) => route.pattern !== '/404' && route.pattern !== '/500')
          .map((route) => ({ source: route.patternRegex.source, flags: route.patternRegex.flags }));
      },
      'astro:build:generated': ({ routeToHeaders }) => {
        for (const [pathname, { headers }] of routeToHeaders) {
          const csp = headers.get('content-security-policy');
          if (csp) pages[pageKey(pathname)] = csp;
        }
      },
      // Runs after the adapter's own build:done (Astro puts the adapter first).
      'astro:build:done': ({ dir: clientDir }) => {
        if (!outDir || !root) return;
        const policies = ownPolicies(pages, fileURLToPath(clientDir));
        if (options.vercel) {
          const file = fileURLToPath(new URL('.vercel/output/config.json', root));
          const config = JSON.parse(fs.readFileSync(file, 'utf8')) as { routes?: VercelRoute[] };
          fs.writeFileSync(file, JSON.stringify(withVercelHeaders(config, policies, options), null, 2));
          return;
        }
        const dir = fileURLToPath(outDir);
        fs.writeFileSync(path.join(dir, PAGE_CSP_FILE), JSON.stringify(policies, null, 2));
        fs.writeFileSync(path.join(dir, ROUTE_PATTERNS_FILE), JSON.stringify({ patterns }));
        fs.rmSync(path.join(dir, '_headers.json'), { force: true });
      },
    },
  };
}
