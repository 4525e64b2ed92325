/**
 * /sitemap.xml (robots.txt points here): the sitemap index, listing the page file, the 16
 * product shards and the community's file (src/shared/sitemap.ts). It never changes with content.
 */
import type { APIRoute } from 'astro';
import { SITEMAP_COMMUNITY_PATH, renderSitemapIndex, sitemapFiles } from '../shared/sitemap';
import { siteOrigin } from '@/functions/_shared/site-origin';

export const prerender = false;

export const GET: APIRoute = () =>
  new Response(renderSitemapIndex(siteOrigin(), [...sitemapFiles(), SITEMAP_COMMUNITY_PATH]), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
