/**
 * The server side of the API contract (docs/decisions/024): `endpoint(route, handler)` turns a
 * route declared in src/shared/api into an Astro route that
 * 1. checks who is calling (the route's `auth`; an API key only within the route's `scope`),
 * 2. parses the path parameters, the query and the body with the route's schemas (strict:
 *    an unknown field or enum value is a 400 VALIDATION_FAILED naming it; a write route that
 *    declares no body refuses one with any field),
 * 3. runs the handler with typed input, and answers its result as JSON with the route's status
 *    (or passes a Response through: files, CSV, cookies).
 * Errors take the one shape of handle() in http.ts. Under test (API_CHECK_RESPONSES=1) every
 * JSON answer is also checked against the route's response schema, so the integration and e2e
 * suites prove the documented answers.
 */
import type { APIContext, APIRoute } from 'astro';
import * as z from 'zod/mini';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteSpec } from '@/src/shared/api/contract';
import { strictObject } from '@/src/shared/api/schemas/fields';
import type { SessionUser } from '@/src/shared/session';
import { assertEmailVerified, requireApiUser } from './auth-guard';
import { AppError } from './errors';
import { handle, json, readJsonBody, zodFields } from './http';

export interface HandlerInput<R extends RouteSpec> {
  context: APIContext;
  /** The caller; null only on `public` and `secret` routes. */
  user: R['auth'] extends 'user' | 'verified' ? SessionUser : SessionUser | null;
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
}

/** The answer of a `mayCreate` PUT that created its resource: sent with 201 instead of the route's status. */
export class Created<T> {
  constructor(readonly body: T) {}
}

export type HandlerResult<R extends RouteSpec> = R['response'] extends { kind: 'json' } ? ResponseOf<R> | Created<ResponseOf<R>> | Response : Response | void;

/**
 * What a write route that declares no body accepts: nothing, or an empty object (some clients
 * send `{}`). Any field is unknown, so a 400 that names it, as on routes with a body (issue 29:
 * `POST /api/studio/payouts {"amountCents":999999999}` answered 201).
 */
const NO_BODY = z.optional(strictObject({}));

const checkResponses = () => process.env['API_CHECK_RESPONSES'] === '1';

/** The query as an object: a repeated parameter becomes an array, a single one a string. */
function queryObject(searchParams: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(searchParams.keys())) {
    const all = searchParams.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

function parseOrThrow<S extends z.ZodMiniType>(schema: S, value: unknown, message?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_FAILED', message, zodFields(parsed.error));
}

/** An API key reaches a route only within the scope the route names (docs/decisions/025). */
function checkApiKey(route: RouteSpec, locals: App.Locals): void {
  const key = locals.apiKey;
  if (!key) return;
  if (!route.scope) throw new AppError('FORBIDDEN', 'API keys cannot be used on this route');
  if (!key.scopes.includes(route.scope)) throw new AppError('INSUFFICIENT_SCOPE', `This API key lacks the ${route.scope} scope`);
}

export function endpoint<const R extends RouteSpec>(route: R, handler: (input: HandlerInput<R>) => Promise<HandlerResult<R>> | HandlerResult<R>): APIRoute {
  const run = handle(async (context) => {
    checkApiKey(route, context.locals);
    let user: SessionUser | null = context.locals.user;
    if (route.auth === 'user' || route.auth === 'verified') user = requireApiUser(context);
    if (route.auth === 'verified' && user) assertEmailVerified(user);

    const params = route.params ? parseOrThrow(route.params, context.params, 'The id in the address is not valid') : {};
    const query = route.query ? parseOrThrow(route.query, queryObject(context.url.searchParams), 'Some query parameters are invalid') : {};
    let body: unknown = undefined;
    if (route.body?.kind === 'json') body = parseOrThrow(route.body.schema, await readJsonBody(context.request));
    else if (!route.body && route.method !== 'GET') parseOrThrow(NO_BODY, await readJsonBody(context.request));

    const answer = await handler({ context, user, params, query, body } as HandlerInput<R>);
    if (answer instanceof Response) return answer;
    const createdIt = answer instanceof Created && route.mayCreate === true;
    const result: unknown = answer instanceof Created ? answer.body : answer;
    if (route.response.kind === 'empty') return new Response(null, { status: 204 });
    if (route.response.kind === 'json' && checkResponses()) {
      const checked = route.response.schema.safeParse(result);
      if (!checked.success) {
        throw new Error(`the answer of ${route.method} ${route.path} does not match its schema: ${JSON.stringify(zodFields(checked.error))}`);
      }
    }
    return json(result, { status: createdIt ? 201 : (route.status ?? 200) });
  });
  const wrapped: APIRoute = (context) => run(context);
  return Object.assign(wrapped, { route });
}

/** The route an Astro route function serves, when it was made by endpoint() (the contract tests read it). */
export function routeOf(fn: unknown): RouteSpec | undefined {
  return typeof fn === 'function' && 'route' in fn ? (fn as { route: RouteSpec }).route : undefined;
}
