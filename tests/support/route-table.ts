/**
 * The routes the hostile-input suite and the API contract test call, built from the route
 * declarations (API_ROUTES, src/shared/api/routes): each declared route with what its
 * declaration states (method, path, who may call, its path parameters' kinds, its body kind)
 * and the file that serves it (found from its path under src/pages/api), joined by operationId
 * to its valid example (tests/support/route-examples.ts); then better-auth's catch-all
 * endpoints, which no declaration covers (tests/support/better-auth-routes.ts).
 *
 * Nothing here restates a declaration: a route added to API_ROUTES joins both suites, and
 * exampleProblems() says what to add when its example is missing.
 */
import type { APIContext } from 'astro';
import type { HttpMethod, RouteAuth, RouteBody, RouteSpec as DeclaredRoute } from '@/src/shared/api/contract';
import { API_ROUTES } from '@/src/shared/api/routes';
import { fileForm, type CallOptions, type TestSession } from './api';
import { BETTER_AUTH_FILE, BETTER_AUTH_ROUTES, type BetterAuthRoute } from './better-auth-routes';
import { idKindsOf, type IdKind } from './id-kinds';
import { ROUTE_EXAMPLES, type RouteExample } from './route-examples';
import type { RouteFixtures } from './route-fixtures';

export type Handler = (context: APIContext) => Response | Promise<Response>;

/**
 * Who makes a route's valid request: anyone (visitors too), any signed-in user, the owner of
 * the object it names, or an administrator (then the owner, who is not one, is the other user).
 */
export type Caller = 'anyone' | 'user' | 'owner' | 'admin';

export interface RouteCase extends Omit<RouteExample, 'caller' | 'ids' | 'query'> {
  /** The declared route's operationId; none for better-auth's endpoints. */
  operationId?: string;
  method: HttpMethod;
  /** The path template, as declared: `/api/me/products/{id}`. */
  path: string;
  /** The route file under src/pages/api. */
  file: string;
  /** The file's handler for this route. */
  load: () => Promise<Handler>;
  /** Who may call, as declared: a visitor reaches a `public` or `secret` route's handler. */
  auth: RouteAuth;
  caller: Caller;
  /** The kinds of the path parameters that take an id (decide their hostile variants). */
  ids: Record<string, IdKind>;
  /** The body the route reads (hostile bodies are sent only to these). */
  body?: 'json' | 'multipart' | undefined;
  query?: ((fx: RouteFixtures) => Record<string, string>) | undefined;
}

const EXAMPLES_FILE = 'tests/support/route-examples.ts';

/**
 * The route file of the /api addresses no other file matches: it serves no route (only the 404
 * of functions/api/route-methods.ts, tested through the server in pages-on-demand.test.ts).
 */
export const UNROUTED_FILE = '[...unrouted].ts';
const examples: Partial<Record<string, RouteExample>> = ROUTE_EXAMPLES;
const declaredRoutes = API_ROUTES as readonly DeclaredRoute[];

const API_DIR = '../../src/pages/api/';
const MODULES = import.meta.glob<Record<string, unknown>>('../../src/pages/api/**/*.ts');

/** `/api/me/products/{id}` -> `me/products/[id].ts`, or `me/products/[id]/index.ts` when that is the file. */
function routeFileOf(path: string): string {
  const base = path.replace(/^\/api\/?/, '').replace(/\{([^}]+)\}/g, '[$1]');
  const candidates = base ? [`${base}.ts`, `${base}/index.ts`] : ['index.ts'];
  return candidates.find((file) => `${API_DIR}${file}` in MODULES) ?? candidates[0]!;
}

function loader(file: string, exported: HttpMethod | 'ALL'): () => Promise<Handler> {
  return async () => {
    const load = MODULES[`${API_DIR}${file}`];
    if (!load) throw new Error(`no route file src/pages/api/${file}`);
    const handler = (await load())[exported];
    if (typeof handler !== 'function') throw new Error(`src/pages/api/${file} exports no ${exported}`);
    return handler as Handler;
  };
}

/** A raw JSON body (Stripe's and Resend's events: their signature covers the bytes) meets the JSON variants at the signature check. */
function bodyKindOf(body: RouteBody | undefined): RouteCase['body'] {
  if (body?.kind === 'multipart') return 'multipart';
  if (body?.kind === 'json' || (body?.kind === 'raw' && body.contentType === 'application/json')) return 'json';
  return undefined;
}

/** Every route under /api/admin/ is for administrators only (and no other is); the declarations say `user`. */
function callerOf(route: DeclaredRoute, example: RouteExample): Caller {
  if (route.path.startsWith('/api/admin/')) return 'admin';
  return example.caller ?? (route.auth === 'public' || route.auth === 'secret' ? 'anyone' : 'user');
}

/** An example's query without the parameters it leaves out. */
function queryOf(example: RouteExample): RouteCase['query'] {
  const query = example.query;
  if (!query) return undefined;
  return (fx) => Object.fromEntries(Object.entries(query(fx)).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function declaredCase(route: DeclaredRoute): RouteCase | undefined {
  const example = examples[route.operationId];
  if (!example) return undefined;
  const file = routeFileOf(route.path);
  return {
    ...example,
    operationId: route.operationId,
    method: route.method,
    path: route.path,
    file,
    load: loader(file, route.method),
    auth: route.auth,
    caller: callerOf(route, example),
    ids: { ...idKindsOf(route.params), ...example.ids },
    body: bodyKindOf(route.body),
    query: queryOf(example),
  };
}

function betterAuthCase({ method, path, auth, body, caller, ids, ...example }: BetterAuthRoute): RouteCase {
  return {
    ...example,
    method,
    path,
    file: BETTER_AUTH_FILE,
    load: loader(BETTER_AUTH_FILE, 'ALL'),
    auth,
    caller: caller ?? (auth === 'public' ? 'anyone' : 'user'),
    ids: { ...ids },
    body,
    query: queryOf(example),
  };
}

/** Every declared route that has an example, in the order of API_ROUTES, then better-auth's endpoints. */
export const ROUTES: readonly RouteCase[] = [...declaredRoutes.flatMap((route) => declaredCase(route) ?? []), ...BETTER_AUTH_ROUTES.map(betterAuthCase)];

/**
 * What the examples lack or hold in excess, each as what to change and where (none when they
 * match the declarations). With the fixtures, also the names of the parameters the examples send.
 */
export function exampleProblems(fx?: RouteFixtures): string[] {
  const problems: string[] = [];
  for (const route of declaredRoutes) {
    const what = `operationId \`${route.operationId}\` (${route.method} ${route.path})`;
    const example = examples[route.operationId];
    if (!example) {
      problems.push(
        `add an example for ${what} to ROUTE_EXAMPLES in ${EXAMPLES_FILE}: its valid request against the fixtures of tests/support/route-fixtures.ts (\`{}\` when it needs nothing)`,
      );
      continue;
    }
    const params = Object.keys(route.params?.shape ?? {});
    if (params.length && !example.params) problems.push(`give the example of ${what} in ${EXAMPLES_FILE} its params: ${params.join(', ')}`);
    if (fx && example.params) {
      const sent = Object.keys(example.params(fx));
      if (sent.sort().join() !== [...params].sort().join())
        problems.push(
          `the example of ${what} in ${EXAMPLES_FILE} sends params ${sent.join(', ') || 'none'}; the route declares ${params.join(', ') || 'none'}`,
        );
    }
    if (fx && example.query) {
      const declared = Object.keys(route.query?.shape ?? {});
      const unknown = Object.keys(example.query(fx)).filter((name) => !declared.includes(name));
      if (unknown.length) problems.push(`the example of ${what} in ${EXAMPLES_FILE} sends query parameters the route does not declare: ${unknown.join(', ')}`);
    }
    const body = bodyKindOf(route.body);
    if (body === 'json' && !example.json) problems.push(`give the example of ${what} in ${EXAMPLES_FILE} a valid JSON body (json)`);
    if (body === 'multipart' && !example.multipart) problems.push(`give the example of ${what} in ${EXAMPLES_FILE} a valid upload (multipart)`);
  }
  const declared = new Set(declaredRoutes.map((route) => route.operationId));
  for (const operationId of Object.keys(examples).filter((id) => !declared.has(id)))
    problems.push(`remove the example of \`${operationId}\` from ${EXAMPLES_FILE}: no route in src/shared/api/routes has that operationId`);
  return problems;
}

/** Who a request of `who` is sent as: an admin route's owner is the administrator, its other user the (non-admin) owner. */
export function sessionFor(route: RouteCase, who: 'visitor' | 'other' | 'owner', fx: RouteFixtures): TestSession | null {
  if (who === 'visitor') return null;
  if (route.caller === 'admin') return who === 'owner' ? fx.admin : fx.owner;
  return who === 'owner' ? fx.owner : fx.other;
}

/** The request path of a route with its parameters filled in (encoded as a browser would). */
export function pathOf(route: RouteCase, params: Record<string, string>): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The body of a route's valid example. */
export function validBody(route: RouteCase, fx: RouteFixtures): CallOptions {
  if (route.json) return { json: route.json(fx) };
  if (route.multipart) {
    const { fields, file } = route.multipart(fx);
    return { form: fileForm(file.name, file.bytes, file.type, fields) };
  }
  return {};
}
