/**
 * Serves public files of the local blob store (the embedded default). With Vercel Blob,
 * stored URLs point at Vercel's CDN and this route is not used.
 *
 * Caching (docs/decisions/017): every file has an ETag (a hash of its bytes, so it holds
 * whichever store or copy of the data folder serves it) and a matching If-None-Match is
 * answered 304. Product images, whose paths carry their upload time and are never rewritten
 * (functions/uploads/blob-paths.ts), are immutable for a year; other files (avatars and
 * banners, rewritten in place and linked with ?v=<time>) for an hour. Private files are
 * never served here: deliverables go through /api/products/{id}/files/{name}, private and
 * no-store.
 */
import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { contentTypeFor, getBlobStore } from '@/functions/_shared/blob-store';
import { etagMatches } from '@/functions/_shared/http';
import { isProductImagePath } from '@/functions/uploads/blob-paths';

export const prerender = false;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ONE_HOUR = 'public, max-age=3600';

export const GET: APIRoute = async ({ params, request }) => {
  const pathname = params.path ?? '';
  let body: Buffer | null;
  try {
    body = await getBlobStore().get(pathname, 'public');
  } catch {
    body = null; // an invalid path is simply not found
  }
  if (!body) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  // SHA-1 as a fingerprint, not for security: about 1 ms per MB, and 304s save the transfer.
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers = {
    etag,
    'cache-control': isProductImagePath(pathname) ? IMMUTABLE : ONE_HOUR,
    'x-content-type-options': 'nosniff',
  };
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(body), { headers: { ...headers, 'content-type': contentTypeFor(pathname) } });
};
