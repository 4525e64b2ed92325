/**
 * Runs for every on-demand request (prebuilt pages skip it: they never see a session).
 * 0. A declared body over the path's limit is refused (413 PAYLOAD_TOO_LARGE).
 * 1. State-changing /api requests outside /api/auth must come from our own origin
 *    (better-auth checks its own routes).
 * 2. The session is loaded into Astro.locals (user, sessionId) for pages and API routes;
 *    a refreshed session cookie is passed on to the response.
 * 3. Write routes are rate limited per account and address (functions/_shared/rate-limit.ts).
 * The auth module is imported lazily so that `astro build` never opens the database.
 */
import type { MiddlewareHandler } from 'astro';
import { declaredBodyTooLarge } from '../functions/_shared/body-limit';
import { CATALOGUE_PATH } from '../functions/rebuilds/affected-pages';

/**
 * On-demand paths that never need the session: auth (better-auth reads it itself), files,
 * health, and the machine callers with their own secret (Stripe's webhook signs its body; Vercel
 * Cron sends `Authorization: Bearer $CRON_SECRET`, which must never be read as a session or an
 * API key).
 */
const SKIP_SESSION = [/^\/api\/auth(\/|$)/, /^\/blobs\//, /^\/api\/health$/, /^\/api\/payments\/webhook$/, /^\/api\/cron\//];

export const onRequest: MiddlewareHandler = async (context, next) => {
  context.locals.user = null;
  context.locals.sessionId = null;
  const { pathname } = context.url;
  // Catalogue pages are shared by every visitor (stored, or cached by the CDN): no session,
  // so no visitor's header or refreshed cookie can end up in another's copy (docs/decisions/015).
  context.locals.sharedPage = context.isPrerendered || (['GET', 'HEAD'].includes(context.request.method) && CATALOGUE_PATH.test(pathname));
  if (context.isPrerendered) return next();

  // Input limits (docs/decisions/010): a declared body over the path's limit is refused before
  // any route reads it; bodies without a length are capped as they are read (readBody).
  if (declaredBodyTooLarge(pathname, context.request.headers.get('content-length'))) {
    const { errorResponse } = await import('../functions/_shared/http');
    return errorResponse('PAYLOAD_TOO_LARGE');
  }
  if (pathname.startsWith('/api/') && !pathname.startsWith('/api/auth/')) {
    const { crossOriginRefusal } = await import('../functions/_shared/auth-origin');
    const { getEnv } = await import('../functions/_shared/env');
    const { trustedOriginsFor } = await import('../functions/_shared/auth');
    const refusal = crossOriginRefusal(context.request, trustedOriginsFor(getEnv()));
    if (refusal) {
      const { errorResponse } = await import('../functions/_shared/http');
      console.warn(`[security] ${context.request.method} ${pathname}: ${refusal}`);
      return errorResponse('FORBIDDEN', 'Cross-origin requests are not allowed');
    }
  }

  if (context.locals.sharedPage || SKIP_SESSION.some((pattern) => pattern.test(pathname))) return next();

  const { getAuth, loadSession } = await import('../functions/_shared/auth');
  let setCookies: string[] = [];
  try {
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
  // Write limits (docs/decisions/011): every write route counts against one, per account and address.
  const { enforceWriteLimit } = await import('../functions/_shared/rate-limit');
  const limited = await enforceWriteLimit(context);
  const response = limited ?? (await next());
  if (!setCookies.length) return response;
  try {
    for (const cookie of setCookies) response.headers.append('set-cookie', cookie);
    return response;
  } catch {
    // Immutable headers (a Response.redirect): copy the response to add the cookies.
    const copy = new Response(response.body, response);
    for (const cookie of setCookies) copy.headers.append('set-cookie', cookie);
    return copy;
  }
};
