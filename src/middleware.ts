/**
 * Runs for every on-demand request (prebuilt pages skip it: they never see a session).
 * 0. A declared body over the path's limit is refused (413 PAYLOAD_TOO_LARGE).
 * 1. An /api request with `Authorization: Bearer …` is an API key request (docs/decisions/025,
 *    functions/api-keys/bearer.ts): the key, not a cookie, says who it is, on the routes and
 *    within the scopes functions/api-keys/route-scopes.ts opens to keys, under the key's own
 *    rate limit. No session is read and no cookie is set. The few routes that read their own
 *    Authorization (the cron sweep) are left to it.
 * 2. Otherwise, every state-changing request must come from our own origin (or from a client
 *    that is no browser: functions/_shared/auth-origin.ts). The rule protects cookie
 *    sessions, which a bearer request does not use; it stands in for Astro's own origin
 *    check, which is off (astro.config.mjs) because it refuses scripts' uploads and DELETEs.
 *    better-auth checks its routes again with the same trusted origins.
 * 3. The session is loaded into Astro.locals (user, sessionId) for pages and API routes;
 *    a refreshed session cookie is passed on to the response.
 * 4. Write routes are rate limited per account and address (functions/_shared/rate-limit.ts).
 * 5. A page rendered for the visitor (not a shared one) answers `cache-control: private,
 *    no-store` unless it set its own.
 * 6. A page's Content-Security-Policy keeps only the hashes of its own inline scripts and
 *    styles (functions/_shared/page-csp.ts): Astro writes those of the whole build.
 * 7. Methods (issue 32): a page answers GET and HEAD only (405 with `Allow`, OPTIONS 204 with
 *    `Allow`: functions/_shared/methods.ts), before any session work; an /api request no handler
 *    served (Astro's empty 404 for a method the route file lacks) gets 405 with the declared
 *    methods, or the API's 404 (functions/api/route-methods.ts). A page names its charset (page-csp.ts).
 * The auth module is imported lazily so that `astro build` never opens the database.
 */
import type { MiddlewareHandler } from 'astro';
import { declaredBodyTooLarge } from '../functions/_shared/body-limit';
import { hasOwnAuthorization } from '../functions/api-keys/route-scopes';
import { CATALOGUE_PATH } from '../functions/rebuilds/affected-pages';
import { provideJobs } from '../functions/jobs/provide-jobs';
import { COMMUNITY_PAGE_PATH } from './shared/community';

// The server bundle's background jobs (docs/decisions/063): the engine imports none, so the
// bundle's entry gives them, loaded when its engine first starts (a service's jobsReady, the cron
// drain), not with every cold start. Under `npm start` the start script's worker runs its own set.
provideJobs(() => import('../functions/all-jobs').then((m) => m.ALL_JOBS));

/**
 * A module loaded on first use, then kept: lazily, so that `astro build` evaluates none of them,
 * and once, because each `import()` is resolved again, and under `npm start` (tsx's loader
 * hooks, answered on the hooks' own thread) that cost about 0.3 ms of CPU per import, four of
 * them on every anonymous search (docs/decisions/066).
 */
function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
const httpModule = lazy(() => import('../functions/_shared/http'));
const authModule = lazy(() => import('../functions/auth/auth'));
const originModule = lazy(() => import('../functions/_shared/auth-origin'));
const envModule = lazy(() => import('@/env'));
const rateLimitModule = lazy(() => import('../functions/_shared/rate-limit'));
const bearerModule = lazy(() => import('../functions/api-keys/bearer'));
const pageCspModule = lazy(() => import('../functions/_shared/page-csp'));
const methodsModule = lazy(() => import('../functions/_shared/methods'));
const routeMethodsModule = lazy(() => import('../functions/api/route-methods'));

/**
 * On-demand paths that never need the session: auth (better-auth reads it itself), files,
 * health, and the machine callers with their own secret (Stripe's and Resend's webhooks sign their bodies; Vercel
 * Cron sends `Authorization: Bearer $CRON_SECRET`, which must never be read as a session or an
 * API key).
 */
const SKIP_SESSION = [/^\/api\/auth(\/|$)/, /^\/blobs\//, /^\/api\/health$/, /^\/api\/payments\/webhook$/, /^\/api\/email\/webhook$/, /^\/api\/cron\//];

export const onRequest: MiddlewareHandler = async (context, next) => {
  const { method } = context.request;
  const read = method === 'GET' || method === 'HEAD';
  if (!read) {
    const refusal = (await methodsModule()).pageMethodRefusal(method, context.url.pathname);
    if (refusal) return refusal;
  }
  const response = await answer(context, next);
  // Astro's answer to a method the route file does not export: empty, then its HTML 404 page.
  if (response.status === 404 && response.body === null && context.url.pathname.startsWith('/api/')) {
    return (await routeMethodsModule()).unservedApiAnswer(method, context.url.pathname);
  }
  // Prebuilt pages get theirs at build time (scripts/lib/page-headers.ts). A HEAD is rendered as
  // a GET is (the adapter drops the body), so its policy is read from the same page.
  if (context.isPrerendered || !read || !response.headers.has('content-security-policy')) return response;
  const { withPagePolicy } = await pageCspModule();
  return withPagePolicy(response);
};

/** The answer before its page policy is made its own (onRequest). */
const answer = async (context: Parameters<MiddlewareHandler>[0], next: Parameters<MiddlewareHandler>[1]): Promise<Response> => {
  context.locals.user = null;
  context.locals.sessionId = null;
  context.locals.apiKey = null;
  const { pathname } = context.url;
  // Catalogue pages are shared by every visitor (stored, or cached by the CDN): no session,
  // so no visitor's header or refreshed cookie can end up in another's copy (docs/decisions/015).
  context.locals.sharedPage =
    context.isPrerendered || (['GET', 'HEAD'].includes(context.request.method) && (CATALOGUE_PATH.test(pathname) || COMMUNITY_PAGE_PATH.test(pathname)));
  if (context.isPrerendered) return next();

  // Input limits (docs/decisions/010): a declared body over the path's limit is refused before
  // any route reads it; bodies without a length are capped as they are read (readBody).
  if (declaredBodyTooLarge(pathname, context.request.headers.get('content-length'))) {
    const { errorResponse } = await httpModule();
    return errorResponse('PAYLOAD_TOO_LARGE');
  }
  // Only the Bearer scheme: a browser behind HTTP Basic auth (a password-protected staging
  // site) sends Basic credentials with every request, and those go the cookie way.
  const authorization = pathname.startsWith('/api/') && !hasOwnAuthorization(pathname) ? context.request.headers.get('authorization') : null;
  if (authorization !== null && /^bearer(\s|$)/i.test(authorization.trim())) return withApiKey(context, next, authorization);

  if (!['GET', 'HEAD', 'OPTIONS'].includes(context.request.method)) {
    const { crossOriginRefusal } = await originModule();
    const { getEnv } = await envModule();
    const { trustedOriginsFor } = await authModule();
    const refusal = crossOriginRefusal(context.request, trustedOriginsFor(getEnv()));
    if (refusal) {
      const { errorResponse } = await httpModule();
      console.warn(`[security] ${context.request.method} ${pathname}: ${refusal}`);
      return errorResponse('FORBIDDEN', 'Cross-origin requests are not allowed');
    }
  }

  if (context.locals.sharedPage || SKIP_SESSION.some((pattern) => pattern.test(pathname))) return next();

  let setCookies: string[] = [];
  // Without a cookie there is no session to look up (loadSession would answer null): an
  // anonymous read, a search, costs no session work.
  if (context.request.headers.has('cookie')) {
    try {
      const { getAuth, loadSession } = await authModule();
      const session = await loadSession(await getAuth(), context.request.headers);
      if (session) {
        context.locals.user = session.user;
        context.locals.sessionId = session.sessionId;
        setCookies = session.setCookies;
      }
    } catch (error) {
      // A failed lookup ends as signed out (spec section 4), and is logged for us.
      console.error('[auth] session lookup failed:', error);
    }
  }
  // Write limits (docs/decisions/011): every write route counts against one, per account and address.
  const { enforceWriteLimit } = await rateLimitModule();
  const limited = await enforceWriteLimit(context);
  const response = limited ?? (await next());
  // A page rendered for one visitor (every on-demand page that is not a shared catalogue or
  // community page) is theirs alone: no cache keeps it, unless the page said otherwise.
  const privatePage = !pathname.startsWith('/api/') && !response.headers.has('cache-control');
  if (!setCookies.length && !privatePage) return response;
  const finish = (headers: Headers) => {
    for (const cookie of setCookies) headers.append('set-cookie', cookie);
    if (privatePage) headers.set('cache-control', 'private, no-store');
  };
  try {
    finish(response.headers);
    return response;
  } catch {
    // Immutable headers (a Response.redirect): copy the response to add them.
    const copy = new Response(response.body, response);
    finish(copy.headers);
    return copy;
  }
};

/** An /api request made with an API key: its owner in locals, the write limits, and no cookies out. */
async function withApiKey(context: Parameters<MiddlewareHandler>[0], next: Parameters<MiddlewareHandler>[1], authorization: string): Promise<Response> {
  const { authenticateBearer } = await bearerModule();
  const outcome = await authenticateBearer(context, authorization);
  if (!outcome.ok) return outcome.response;
  context.locals.user = outcome.key.user;
  context.locals.apiKey = { id: outcome.key.id, scopes: outcome.key.scopes };
  const { enforceWriteLimit } = await rateLimitModule();
  const response = (await enforceWriteLimit(context)) ?? (await next());
  if (!response.headers.has('set-cookie')) return response;
  // A key's answer never starts a browser session or sets a visitor cookie.
  try {
    response.headers.delete('set-cookie');
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.delete('set-cookie');
    return copy;
  }
}
