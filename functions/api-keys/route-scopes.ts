/**
 * Which routes an API key may call, and with which scope (docs/decisions/025), read from the
 * route declarations (src/shared/api/routes: a route's `scope`, docs/decisions/024), so the
 * middleware, endpoint() and the OpenAPI document can never disagree. src/middleware.ts asks
 * scopeFor() for every /api request that carries `Authorization: Bearer`; a route without a
 * scope answers 403 to every key (default deny). Account routes (sign-in, password and email
 * under /api/auth, the profile, key and webhook management) have none: a key must not be able
 * to take over the account that made it.
 *
 * API_KEY_ROUTES names routes as Astro does (src/pages/api/<path>, [param] segments), as
 * functions/_shared/rate-limit.ts does; tests/integration/api-keys.test.ts checks each exists.
 */
import type { RouteSpec } from '@/src/shared/api/contract';
import { API_ROUTES } from '@/src/shared/api/routes';
import type { ApiKeyScope } from '@/src/shared/domain';

const ROUTES: readonly RouteSpec[] = API_ROUTES;
const astroPath = (path: string) => path.replace(/\{(\w+)\}/g, '[$1]');

export const API_KEY_ROUTES: Readonly<Record<string, ApiKeyScope>> = Object.fromEntries(
  ROUTES.filter((r) => r.scope).map((r) => [`${r.method} ${astroPath(r.path)}`, r.scope!]),
);

/**
 * Routes that read the Authorization header themselves, with a credential that is not an API
 * key (their `auth` is `secret`): Vercel Cron sends `Bearer $CRON_SECRET`.
 */
const OWN_AUTHORIZATION_ROUTES: readonly string[] = ROUTES.filter((r) => r.auth === 'secret').map((r) => r.path);

function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const COMPILED = ROUTES.filter((r) => r.scope).map((r) => ({ method: r.method, pattern: patternOf(r.path), scope: r.scope! }));

/** The scope a key needs for this request, or null when no key may make it. HEAD is a GET. */
export function scopeFor(method: string, pathname: string): ApiKeyScope | null {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return COMPILED.find((route) => route.method === verb && route.pattern.test(pathname))?.scope ?? null;
}

/** Whether the route reads the Authorization header itself (not an API key). */
export function hasOwnAuthorization(pathname: string): boolean {
  return OWN_AUTHORIZATION_ROUTES.some((path) => pathname === path || pathname === `${path}/`);
}
