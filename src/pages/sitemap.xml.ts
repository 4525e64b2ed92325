/**
 * /sitemap.xml (robots.txt points here): the sitemap index, listing the page file and the 16
 * product shards (src/shared/sitemap.ts). It never changes with content.
 */
import type { APIRoute } from 'astro';
import { renderSitemapIndex, sitemapFiles } from '../shared/sitemap';

export const prerender = false;

export const GET: APIRoute = ({ site }) =>
  new Response(renderSitemapIndex(site ?? 'http://localhost:4321', sitemapFiles()), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
