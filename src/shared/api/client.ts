/**
 * The one client every island uses to call the API (docs/decisions/024). A route is named as
 * `'METHOD /path/{param}'`, exactly as declared in src/shared/api/routes; the parameters, query,
 * body and answer are typed from its schemas. Only types are imported: the route table and its
 * schemas never reach the browser through this module.
 *
 *   const product = await api('GET /api/me/products/{id}', { params: { id } });
 *   await api('PATCH /api/me/products/{id}', { params: { id }, body: { status: 'published' } });
 *
 * Every failure is an ApiError carrying the server's `code`, `message` and field messages
 * (`{ error: { code, message, fields? } }`); islands branch on `code`. A network failure is
 * code `NETWORK` with status 0. Islands call it through useApiQuery / useApiMutation
 * (src/components/hooks/use-api.ts), which turn any other failure into an ApiError with
 * FALLBACK_ERROR_MESSAGE (toApiError): the one place that words it.
 */
import type * as z from 'zod/mini';
import type { BodyInputOf, QueryInputOf, ResponseOf, RouteSpec } from './contract';
import type { ApiRouteMap } from './routes';
import type { ErrorCode } from '../error-codes';

export type ApiRouteKey = keyof ApiRouteMap;
export type ApiErrorCode = ErrorCode | 'NETWORK';

/** What a person reads when a failure brings no message of its own. */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
    /** Seconds to wait before trying again, when the server said (429, 503). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** Any failure as an ApiError: an ApiError as it is, anything else (a bug, a bad answer) as INTERNAL with the fallback message. */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('INTERNAL', FALLBACK_ERROR_MESSAGE, 0);
}

type ParamsArg<R extends RouteSpec> = R['params'] extends z.ZodMiniObject ? { params: z.input<R['params']> } : { params?: never };
type QueryArg<R extends RouteSpec> = R['query'] extends z.ZodMiniObject ? { query?: QueryInputOf<R> } : { query?: never };
type BodyArg<R extends RouteSpec> = R['body'] extends { kind: 'json' | 'multipart' } ? { body: BodyInputOf<R> } : { body?: never };
/** `keepalive`: the request outlives the page (a click that also navigates away). */
export type RequestArgs<R extends RouteSpec> = ParamsArg<R> & QueryArg<R> & BodyArg<R> & { signal?: AbortSignal; keepalive?: boolean };
type ArgsTuple<R extends RouteSpec> = object extends RequestArgs<R> ? [args?: RequestArgs<R>] : [args: RequestArgs<R>];
export type ApiResponse<K extends ApiRouteKey> = ResponseOf<ApiRouteMap[K]>;

/** The address of a route: `{param}` filled in (encoded), the query appended without empty values. */
export function apiUrl(path: string, params: Record<string, string> = {}, query: Record<string, unknown> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiUrl: missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

export async function api<K extends ApiRouteKey>(key: K, ...[args]: ArgsTuple<ApiRouteMap[K]>): Promise<ApiResponse<K>> {
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  const { params, query, body, signal, keepalive } = (args ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    keepalive?: boolean;
  };
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(key.slice(space + 1), params, query), { method, headers, body: payload, credentials: 'same-origin', signal, keepalive });
  } catch (error) {
    if (signal?.aborted) throw error; // the caller cancelled: not a failure to report
    throw new ApiError('NETWORK', 'Network error: check your connection and try again.', 0);
  }
  if (response.status === 204) return undefined as ApiResponse<K>;
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('json')) return (await response.blob()) as ApiResponse<K>;
  const parsed = (await response.json().catch(() => null)) as { error?: { code?: ApiErrorCode; message?: string; fields?: Record<string, string> } } | null;
  if (!response.ok) {
    const error = parsed?.error;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      error?.code ?? 'INTERNAL',
      error?.message ?? FALLBACK_ERROR_MESSAGE,
      response.status,
      error?.fields ?? {},
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return parsed as ApiResponse<K>;
}
