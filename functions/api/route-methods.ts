/**
 * The methods the API serves at a path, from the route declarations (src/shared/api/routes):
 * what an /api request that no handler answered is told (issue 32). Astro answers a route file's
 * missing method with an empty 404 (then its HTML 404 page), and an /api path no file matches
 * reaches src/pages/api/[...unrouted].ts; the middleware turns both into this answer:
 * - a declared path, another method: 405 with `Allow` (OPTIONS: 204 with `Allow`);
 * - no declared path: 404 NOT_FOUND in the API's error shape, never the HTML page.
 * better-auth's /api/auth/* is its own (its catch-all answers every method there).
 * Loaded only for such an answer: the declarations are not read on the way of a served request.
 */
import { API_ROUTES } from '@/src/shared/api/routes';
import { errorResponse } from '../_shared/http';
import { methodAnswer } from '../_shared/methods';

interface PathMethods {
  pattern: RegExp;
  methods: string[];
}

let table: PathMethods[] | undefined;

function pathTable(): PathMethods[] {
  if (table) return table;
  const byPath = new Map<string, string[]>();
  for (const route of API_ROUTES) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route.method]);
  table = [...byPath].map(([path, methods]) => {
    const source = path
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    // HEAD is served wherever GET is (Astro runs the GET handler).
    const served = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
    return { pattern: new RegExp(`^${source}/?$`), methods: served };
  });
  return table;
}

/** The declared methods at `pathname`, or null when no route is declared there. */
function declaredMethodsAt(pathname: string): string[] | null {
  const found = pathTable().filter((entry) => entry.pattern.test(pathname));
  if (!found.length) return null;
  return [...new Set(found.flatMap((entry) => entry.methods))];
}

/** The answer to an /api request no handler served: 405 (or OPTIONS' 204) where the path is declared, else 404. */
export function unservedApiAnswer(method: string, pathname: string): Response {
  const methods = declaredMethodsAt(pathname);
  if (!methods) return errorResponse('NOT_FOUND', 'No API route at this address. The routes are listed at /api/openapi.json.');
  return methodAnswer(method, methods, 'api');
}
