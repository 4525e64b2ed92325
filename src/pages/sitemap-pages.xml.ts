/**
 * /sitemap-pages.xml: the public pages, the tool pages (dated by their latest update) and the
 * profile of every creator with a published product, from the database; rendered when a tool
 * or product changes and served as a static file in between (docs/decisions/015).
 */
import type { APIRoute } from 'astro';
import { getDb } from '@/db/database';
import { getSitemapPagesSource } from '@/functions/catalogue/catalogue-pages.service';
import { pageEntries, profileEntries, renderSitemap } from '../shared/sitemap';
import { siteOrigin } from '@/functions/_shared/site-origin';

export const prerender = false;

export const GET: APIRoute = async () => {
  const { tools, creatorIds, directory } = await getSitemapPagesSource(await getDb());
  return new Response(renderSitemap(siteOrigin(), [...pageEntries(tools, directory), ...profileEntries(creatorIds)]), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};
