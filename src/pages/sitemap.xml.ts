/**
 * /sitemap.xml (robots.txt points here), from the database: rendered when a product or tool
 * changes and served as a static file in between (docs/decisions/015).
 */
import type { APIRoute } from 'astro';
import { getDb } from '../../db/database';
import { getSitemapSource } from '../../functions/catalogue/catalogue-pages.service';
import { renderSitemap, sitemapEntries } from '../shared/sitemap';

export const prerender = false;

export const GET: APIRoute = async ({ site }) => {
  const entries = sitemapEntries(await getSitemapSource(await getDb()), { products: true, profiles: true });
  return new Response(renderSitemap(site ?? 'http://localhost:4321', entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};
