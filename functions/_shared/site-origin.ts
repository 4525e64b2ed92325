/**
 * The public origin (SITE_URL, or http://HOST:PORT when unset) as pages read it: at the time
 * they render, never baked into the build (issue 26, docs/decisions/046).
 *
 * - On-demand pages (the catalogue, rendered into the page store by the running server) read
 *   the server's own environment when they render.
 * - Pages Astro prebuilds (legal, auth, error pages, /developers) are rendered by `astro build`,
 *   which for the embedded server (`npm start`) runs with SITE_URL = BUILD_ORIGIN: the origin
 *   stands there as this placeholder, and the server fills in its own origin once, when it
 *   loads the build (scripts/lib/static-serve.ts). So one build serves any port or host, and
 *   `PORT=8080 npm start` after `npm start` reuses the build.
 * - A Vercel build knows its SITE_URL (a deployment has one) and bakes it: nothing to fill.
 */
import { getEnv } from '@/env';

/** Stands for the origin in what `astro build` writes for the embedded server. `.invalid` never resolves (RFC 6761). */
export const BUILD_ORIGIN = 'http://toolmint-build-origin.invalid';

/** The origin pages link to (canonical URLs, Open Graph, JSON-LD, API examples). */
export function siteOrigin(): URL {
  return new URL(getEnv().SITE_URL);
}

/** `text` with the build's placeholder replaced by `origin` (no trailing slash, as URL.origin gives it). */
export function fillOrigin(text: string, origin: string): string {
  return text.replaceAll(BUILD_ORIGIN, new URL(origin).origin);
}
