/**
 * The one wrapper every API route uses: it maps a zod error (classic or mini) to 400 VALIDATION_FAILED with
 * field messages, an AppError to its status (and Retry-After when it carries one), and anything else to a logged 500 with a
 * generic message (a stack trace never reaches the client); a full disk is 507 STORAGE_FULL. Also the one way routes read
 * a request body (capped: readBody, readJsonBody).
 */
import { $ZodError } from 'zod/v4/core';
import type { APIContext } from 'astro';
import { bodyLimitFor } from './body-limit';
import { AppError, ERRORS, type ErrorCode } from './errors';
import { isStorageFull } from '@/env/storage-full';
import { storageFullError } from './storage-full';

/**
 * Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 13.1.2: `W/` is
 * ignored on both sides; `*` matches any current representation). Used by the blob route and
 * the node server's static files.
 */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), { ...init, headers });
}

export function errorResponse(code: ErrorCode, message?: string, fields?: Record<string, string>): Response {
  const error: { code: ErrorCode; message: string; fields?: Record<string, string> } = {
    code,
    message: message ?? ERRORS[code].message,
  };
  if (fields) error.fields = fields;
  return json({ error }, { status: ERRORS[code].status });
}

export function zodFields(error: $ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export type Handler = (context: APIContext) => Promise<Response> | Response;

export function handle(fn: Handler): Handler {
  return async (context) => {
    try {
      return await fn(context);
    } catch (error) {
      if (error instanceof $ZodError) return errorResponse('VALIDATION_FAILED', undefined, zodFields(error));
      if (error instanceof AppError) {
        const response = errorResponse(error.code, error.message, error.fields);
        if (error.retryAfterSeconds !== undefined) response.headers.set('retry-after', String(error.retryAfterSeconds));
        return response;
      }
      const route = `${context.request.method} ${new URL(context.request.url).pathname}`;
      // A full disk is the operator's to fix, not a bug: 507 with a message that says so (issue 29).
      if (isStorageFull(error)) return errorResponse(storageFullError(error, route).code);
      console.error(`[api] ${route} failed:`, error);
      return errorResponse('INTERNAL');
    }
  };
}

// --- Request bodies and path ids (docs/decisions/010): the only way routes read them. ---

const bodyTooLarge = () => new AppError('PAYLOAD_TOO_LARGE');

/**
 * The body's bytes, read up to `limit` (the path's limit from body-limit.ts by default): a
 * declared Content-Length over it is refused before reading, and a body that grows past it
 * (chunked, or a runtime that does not check the length) is cut off, never held whole.
 */
export async function readBody(
  request: Request,
  limit = bodyLimitFor(new URL(request.url).pathname),
  tooLarge: () => AppError = bodyTooLarge,
): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The client went away or sent a broken stream: nothing to answer, nothing to log.
    throw new AppError('VALIDATION_FAILED', 'The request body could not be read');
  }
  return Buffer.concat(chunks);
}

/** The JSON body (undefined when empty), read through readBody's limit; malformed JSON is a 400. */
export async function readJsonBody(request: Request, limit?: number): Promise<unknown> {
  const bytes = await readBody(request, limit);
  const text = bytes.toString('utf8');
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The request body is not valid JSON');
  }
}
