import type { APIRoute } from 'astro';
import { siteOrigin } from '@/functions/_shared/site-origin';

export const GET: APIRoute = () => {
  const sitemap = new URL('/sitemap.xml', siteOrigin()).toString();
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /products', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
