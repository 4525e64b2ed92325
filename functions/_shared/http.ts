/**
 * The one wrapper every API route uses: it maps a ZodError to 400 VALIDATION_FAILED with
 * field messages, an AppError to its status, and anything else to a logged 500 with a
 * generic message (a stack trace never reaches the client).
 */
import { ZodError } from 'zod';
import type { APIContext } from 'astro';
import { AppError, ERRORS, type ErrorCode } from './errors';

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

export function zodFields(error: ZodError): Record<string, string> {
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
      if (error instanceof ZodError) return errorResponse('VALIDATION_FAILED', undefined, zodFields(error));
      if (error instanceof AppError) return errorResponse(error.code, error.message, error.fields);
      console.error(`[api] ${context.request.method} ${new URL(context.request.url).pathname} failed:`, error);
      return errorResponse('INTERNAL');
    }
  };
}
