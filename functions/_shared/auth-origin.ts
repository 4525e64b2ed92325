/**
 * The same-origin rule for state-changing requests made with a browser's cookies. Called by
 * src/middleware.ts for every on-demand POST, PUT, PATCH and DELETE, except those made with an
 * API key (docs/decisions/025), which carry no ambient credential; it stands in for Astro's
 * own origin check, which is off (astro.config.mjs). better-auth checks its routes again.
 *
 * Browsers send Origin on every such request, and Sec-Fetch-Site where they support Fetch
 * Metadata; a request with neither comes from a non-browser client, which carries no
 * ambient cookies of a victim, so it is let through (the route still checks the session).
 */
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isStateChanging(method: string): boolean {
  return STATE_CHANGING_METHODS.has(method.toUpperCase());
}

/** Null when the request may proceed, else the reason it is refused. */
export function crossOriginRefusal(request: Request, trustedOrigins: readonly string[]): string | null {
  if (!isStateChanging(request.method)) return null;
  const origin = request.headers.get('origin');
  const fetchSite = request.headers.get('sec-fetch-site');
  const allowed = new Set([...trustedOrigins, new URL(request.url).origin]);
  if (origin !== null) {
    return allowed.has(origin) ? null : `Cross-origin request refused (origin ${origin})`;
  }
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return `Cross-origin request refused (${fetchSite})`;
  }
  return null;
}
