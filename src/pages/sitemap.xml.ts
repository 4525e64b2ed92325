/**
 * /sitemap.xml, prebuilt from the content snapshot (robots.txt points here). Product and
 * profile pages are listed when their routes exist in src/pages, which other features add.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { readSnapshot } from '../../functions/catalogue/snapshot';
import { renderSitemap, sitemapEntries } from '../shared/sitemap';

export const prerender = true;

/** True when src/pages/{dir}/ holds a dynamic page such as [productId].astro. */
function hasDynamicRoute(dir: string): boolean {
  const full = path.join(process.cwd(), 'src', 'pages', dir);
  return fs.existsSync(full) && fs.readdirSync(full).some((name) => name.startsWith('['));
}

export const GET: APIRoute = ({ site }) => {
  const entries = sitemapEntries(readSnapshot(), { products: hasDynamicRoute('product'), profiles: hasDynamicRoute('profile') });
  return new Response(renderSitemap(site ?? 'http://localhost:4321', entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};
