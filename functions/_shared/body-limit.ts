/**
 * How many bytes a request body may have, per path: the one policy behind every body cap.
 * Enforced in three places that all read it from here:
 * - src/middleware.ts refuses a declared Content-Length over the limit before any route runs
 *   (node server, Vercel and dev alike);
 * - scripts/lib/serve.ts (the node server) refuses it before Astro sees the request, and
 *   counts the bytes of a body sent without Content-Length (chunked), cutting it off at the
 *   limit;
 * - readBody()/readJsonBody() in functions/_shared/http.ts, the only way routes (and
 *   better-auth, through handleAuthRequest) read a body, stop reading at the limit on any
 *   runtime.
 * Over the limit the answer is 413 PAYLOAD_TOO_LARGE. Multipart uploads have their own,
 * tighter per-file limits (functions/uploads/read-upload.ts answers FILE_TOO_LARGE with the
 * file's limit); their ceiling here only has to sit above those.
 */

const MB = 1024 * 1024;

/** JSON bodies and better-auth's forms. */
export const JSON_BODY_LIMIT = 1 * MB;
/** A product's form: long description, content text, many lists and links. */
export const PRODUCT_BODY_LIMIT = 2 * MB;
/** Multipart uploads: above the largest file limit (25 MB deliverables) and its form overhead. */
export const UPLOAD_BODY_LIMIT = 32 * MB;

const LIMITS: readonly { pattern: RegExp; limit: number }[] = [
  { pattern: /^\/api\/uploads\/(images|files)\/?$/, limit: UPLOAD_BODY_LIMIT },
  { pattern: /^\/api\/profile\/(avatar|banner)\/?$/, limit: UPLOAD_BODY_LIMIT },
  { pattern: /^\/api\/me\/products(\/[^/]+)?\/?$/, limit: PRODUCT_BODY_LIMIT },
];

/** The body limit of a path (a URL's pathname); JSON_BODY_LIMIT unless it is listed above. */
export function bodyLimitFor(pathname: string): number {
  return LIMITS.find((entry) => entry.pattern.test(pathname))?.limit ?? JSON_BODY_LIMIT;
}

/** A declared Content-Length over the path's limit (an absent one is checked while reading). */
export function declaredBodyTooLarge(pathname: string, contentLength: string | null | undefined): boolean {
  const declared = Number(contentLength ?? NaN);
  return Number.isFinite(declared) && declared > bodyLimitFor(pathname);
}
