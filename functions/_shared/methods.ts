/**
 * What a path answers to a method it does not serve (issue 32, web standards; RFC 9110 15.5.6
 * and 9.3.7): 405 with `Allow`, and OPTIONS answered 204 with `Allow`. No CORS header is ever
 * added here: an OPTIONS from another origin learns the methods, and is granted nothing.
 * - A page (every path outside /api/ and Astro's own /_ paths: /_image, /_server-islands,
 *   /_actions) answers GET and HEAD only: pageMethodRefusal, asked by the middleware (on-demand
 *   pages) and by the node server (prebuilt files, which never reach the middleware).
 * - An API route answers the methods its declarations name (functions/api/route-methods.ts).
 */
import { errorResponse } from './http';

/** What every page serves. */
const PAGE_METHODS = ['GET', 'HEAD'] as const;

const isPagePath = (pathname: string) => !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/_');

/** The answer to a method other than GET and HEAD on a page; null for GET, HEAD and non-page paths. */
export function pageMethodRefusal(method: string, pathname: string): Response | null {
  if (method === 'GET' || method === 'HEAD' || !isPagePath(pathname)) return null;
  return methodAnswer(method, PAGE_METHODS, 'page');
}

/**
 * OPTIONS: 204 with `Allow`. Anything else: 405 with `Allow`, in the API's error shape on /api,
 * a line of text on a page.
 */
export function methodAnswer(method: string, allowed: readonly string[], kind: 'api' | 'page'): Response {
  const allow = [...allowed, 'OPTIONS'].join(', ');
  if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } });
  if (kind === 'page') {
    return new Response(`${method} is not allowed here: this page answers ${allowed.join(' and ')}.\n`, {
      status: 405,
      headers: { allow, 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const response = errorResponse('METHOD_NOT_ALLOWED', `${method} is not allowed on this route: it answers ${allowed.join(', ')}.`);
  response.headers.set('allow', allow);
  return response;
}
