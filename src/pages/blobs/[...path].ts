/**
 * Serves public files of the local blob store (the embedded default). With Vercel Blob,
 * stored URLs point at Vercel's CDN and this route is not used.
 */
import type { APIRoute } from 'astro';
import { contentTypeFor, getBlobStore } from '../../../functions/_shared/blob-store';

export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const pathname = params.path ?? '';
  let body: Buffer | null = null;
  try {
    body = await getBlobStore().get(pathname, 'public');
  } catch {
    body = null; // an invalid path is simply not found
  }
  if (!body) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': contentTypeFor(pathname),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=3600',
    },
  });
};
