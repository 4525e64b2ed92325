/**
 * /sitemap.xml (robots.txt points here): the sitemap index, listing the page file, the 16
 * product shards and the community's file (src/shared/sitemap.ts). It never changes with content.
 */
import type { APIRoute } from 'astro';
import { SITEMAP_COMMUNITY_PATH, renderSitemapIndex, sitemapFiles } from '../shared/sitemap';

export const prerender = false;

export const GET: APIRoute = ({ site }) =>
  new Response(renderSitemapIndex(site ?? 'http://localhost:4321', [...sitemapFiles(), SITEMAP_COMMUNITY_PATH]), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
