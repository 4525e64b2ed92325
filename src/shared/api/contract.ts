/**
 * The API contract's building block (docs/decisions/024): each route is declared once, as data,
 * with its method, path, who may call it, and zod schemas for its path parameters, query, body
 * and answer. Three things read these declarations:
 * - the server adapter (functions/_shared/endpoint.ts) parses every input before the handler runs;
 * - the typed client (src/shared/api/client.ts) takes its types from them (type-only: islands
 *   never bundle the route table);
 * - the OpenAPI generator (functions/api/openapi.ts) documents them at /api/openapi.json,
 *   /developers and docs/api.md.
 *
 * Schemas are zod/mini (docs/decisions/022): the same ones parse on the server and in forms.
 */
import * as z from 'zod/mini';
import type { ApiKeyScope } from '../domain';
import { LIMIT_DEFAULT, LIMIT_MAX } from './limits';
import type { ErrorCode } from '../error-codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - `public`: anyone; a signed-in caller is known to the handler (`user` may be null).
 * - `user`: a signed-in account (cookie session, or an API key within `scope`).
 * - `verified`: a signed-in account whose email is verified (docs/decisions/012).
 * - `secret`: a machine caller proving itself with a shared secret or signature checked by the
 *   handler (Vercel Cron, Stripe's webhook); never a session.
 */
export type RouteAuth = 'public' | 'user' | 'verified' | 'secret';

/** A request body: JSON parsed by `schema`, a multipart upload the handler reads, or raw bytes. */
export type RouteBody =
  { kind: 'json'; schema: z.ZodMiniType } | { kind: 'multipart'; fields: z.ZodMiniObject; file: string } | { kind: 'raw'; contentType: string };

/** An answer: JSON described by `schema`, another content type (a file, CSV), or none (204). */
export type RouteResponse = { kind: 'json'; schema: z.ZodMiniType } | { kind: 'file'; contentType: string } | { kind: 'empty' };

export interface RouteExample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface RouteSpec {
  method: HttpMethod;
  /** OpenAPI-style template: `/api/me/products/{id}`. */
  path: string;
  /** Unique, camelCase: the OpenAPI operationId. */
  operationId: string;
  /** Groups routes in the reference (`Products`, `Profile`, ...). */
  tag: string;
  summary: string;
  description?: string;
  auth: RouteAuth;
  /** An API key may call this route when it carries this scope; without one, only a cookie session may. */
  scope?: ApiKeyScope;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: RouteBody;
  /** The success status (200 by default; 204 for `empty` answers). */
  status?: 200 | 201 | 204;
  /** A PUT that may create: it answers 201 (same body) when it created the resource, `status` when it replaced it. */
  mayCreate?: true;
  response: RouteResponse;
  /** The error codes this route answers besides the ones every route may (validation, auth, limits). */
  errors?: readonly ErrorCode[];
  /** An example request for the reference and docs/api.md (ids are placeholders). */
  example?: RouteExample;
}

/** Declares a route; `const` keeps its method, path and schemas exact for the client's types. */
export function defineRoute<const R extends RouteSpec>(route: R): R {
  return route;
}

export const json = <S extends z.ZodMiniType>(schema: S) => ({ kind: 'json', schema }) as const;
export const empty = { kind: 'empty' } as const;
export const file = (contentType: string) => ({ kind: 'file', contentType }) as const;
export const multipart = <F extends z.ZodMiniObject>(fields: F, fileField = 'file') => ({ kind: 'multipart', fields, file: fileField }) as const;

// --- Types the client and the adapter derive from a route. ---

type SchemaOf<T> = T extends z.ZodMiniType ? T : never;
export type ParamsOf<R extends RouteSpec> = R['params'] extends z.ZodMiniObject ? z.output<R['params']> : Record<string, never>;
export type QueryOf<R extends RouteSpec> = R['query'] extends z.ZodMiniObject ? z.output<R['query']> : Record<string, never>;
export type BodyOf<R extends RouteSpec> = R['body'] extends { kind: 'json'; schema: infer S } ? z.output<SchemaOf<S>> : undefined;
/** What a caller may send: the schemas' input types. */
export type BodyInputOf<R extends RouteSpec> = R['body'] extends { kind: 'json'; schema: infer S }
  ? z.input<SchemaOf<S>>
  : R['body'] extends { kind: 'multipart' }
    ? FormData
    : undefined;
export type QueryInputOf<R extends RouteSpec> = R['query'] extends z.ZodMiniObject ? z.input<R['query']> : undefined;
export type ResponseOf<R extends RouteSpec> = R['response'] extends { kind: 'json'; schema: infer S }
  ? z.output<SchemaOf<S>>
  : R['response'] extends { kind: 'file' }
    ? Blob
    : undefined;

/** `GET /api/me/products/{id}`: how the client names a route. */
export type RouteKey<R extends RouteSpec> = `${R['method']} ${R['path']}`;
export type RouteMap<T extends readonly RouteSpec[]> = { [R in T[number] as RouteKey<R>]: R };

// --- Shared pieces of schemas. ---

/** A UUID path or body id, checked before any query. */
export const uuid = () => z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a valid id'));

/**
 * Every list answers `{ items, nextCursor }` (null on the last page). The cursor is opaque:
 * send it back as `cursor` for the next page; `limit` is 1 to 100 (default 20) unless a route
 * documents otherwise.
 */
export const page = <I extends z.ZodMiniType>(item: I) => z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });

export { LIMIT_DEFAULT, LIMIT_MAX } from './limits';

const limitMessage = `A whole number from 1 to ${LIMIT_MAX}`;

/** `cursor` and `limit` query parameters of a list (spread into a route's query); `limit` arrives as text. */
export const pageQuery = (defaultLimit = LIMIT_DEFAULT) => ({
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
  limit: z._default(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/, limitMessage)),
      z.pipe(
        z.transform((v: string) => Number(v)),
        z.number().check(z.minimum(1, limitMessage), z.maximum(LIMIT_MAX, limitMessage)),
      ),
    ),
    defaultLimit,
  ),
});
