/**
 * /a/{code}: an affiliate's short link (docs/decisions/081). On demand, renders nothing: a 302 to
 * /product/{id}?ref={code}, whose visit beacon checks the ref and sets the ref cookie. An
 * unknown code (or a product no longer published) answers an empty 404, which Astro serves as
 * the 404 page.
 */
import type { APIRoute } from 'astro';
import { getDb } from '@/db/database';
import { findLinkTarget } from '@/functions/payments/affiliates.service';

export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const target = await findLinkTarget(await getDb(), params.code ?? '');
  if (!target) return new Response(null, { status: 404 });
  return new Response(null, {
    status: 302,
    headers: { location: `/product/${target.productId}?ref=${encodeURIComponent(target.code)}`, 'cache-control': 'no-store' },
  });
};
