/**
 * /sitemap-products-{0-f}.xml: the published products whose id starts with that hex digit,
 * from the database; a product's change re-renders its own shard only (docs/decisions/015).
 * Any other shard name is 404.
 */
import type { APIRoute } from 'astro';
import { getDb } from '@/db/database';
import { getSitemapShard } from '@/functions/catalogue/catalogue-pages.service';
import { isSitemapShard, productEntries, renderSitemap } from '../shared/sitemap';
import { siteOrigin } from '@/functions/_shared/site-origin';

export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  if (!isSitemapShard(params.shard)) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const products = await getSitemapShard(await getDb(), params.shard);
  return new Response(renderSitemap(siteOrigin(), productEntries(products)), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};
