/**
 * Which routes an API key may call, and with which scope: the one place that says so
 * (docs/decisions/025). src/middleware.ts asks scopeFor() for every /api request that
 * carries `Authorization: Bearer`; a route not listed here answers 403 to every key, so a
 * new route is closed to keys until it is added (default deny). The account routes (sign-in,
 * password and email under /api/auth, /api/profile*, key management under /api/settings)
 * are never listed: a key must not be able to take over the account that made it.
 *
 * Routes are written as Astro names them (src/pages/api/<path>, [param] segments), as in
 * functions/_shared/rate-limit.ts. tests/integration/api-keys.test.ts checks that every
 * route named here exists.
 */
import type { ApiKeyScope } from '@/src/shared/domain';

export const API_KEY_ROUTES = {
  'GET /api/me/products': 'products:read',
  'GET /api/me/products/[id]': 'products:read',
  'GET /api/uploads/usage': 'products:read',
  'POST /api/me/products': 'products:write',
  'PUT /api/me/products/[id]': 'products:write',
  'PATCH /api/me/products/[id]': 'products:write',
  'DELETE /api/me/products/[id]': 'products:write',
  'POST /api/uploads/images': 'products:write',
  'POST /api/uploads/files': 'products:write',
  'DELETE /api/uploads': 'products:write',
  'GET /api/me/sales': 'sales:read',
  'GET /api/studio/earnings.csv': 'sales:read',
  // Licence keys (issue 14, another branch): the route may not exist yet where this is read.
  'POST /api/v1/licenses/verify': 'licenses:verify',
} as const satisfies Record<string, ApiKeyScope>;

/**
 * Routes that read the Authorization header themselves, with a credential that is not an API
 * key: the middleware leaves it to them. Vercel Cron sends `Bearer $CRON_SECRET`.
 */
export const OWN_AUTHORIZATION_ROUTES: readonly string[] = ['/api/cron/sweep'];

function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (/^\[.+\]$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const COMPILED = Object.entries(API_KEY_ROUTES).map(([route, scope]) => {
  const [method, path] = route.split(' ') as [string, string];
  return { method, pattern: patternOf(path), scope: scope as ApiKeyScope };
});

/** The scope a key needs for this request, or null when no key may make it. HEAD is a GET. */
export function scopeFor(method: string, pathname: string): ApiKeyScope | null {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return COMPILED.find((route) => route.method === verb && route.pattern.test(pathname))?.scope ?? null;
}

/** Whether the route reads the Authorization header itself (not an API key). */
export function hasOwnAuthorization(pathname: string): boolean {
  return OWN_AUTHORIZATION_ROUTES.some((path) => pathname === path || pathname === `${path}/`);
}
