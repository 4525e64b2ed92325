/**
 * /sitemap-community.xml (docs/decisions/035): every community space and the newest listed
 * threads (not deleted, not hidden), up to the protocol's 50,000 URLs, each dated by its last
 * activity. Read from the newest-threads index; a CDN keeps it like the community pages.
 */
import type { APIRoute } from 'astro';
import { getDb } from '@/db/database';
import { COMMUNITY_CACHE_CONTROL } from '@/functions/community/community-pages';
import { listSitemapThreads } from '@/functions/community/community.repository';
import { listSpaces } from '@/functions/community/community.service';
import { SITEMAP_MAX_URLS, communityEntries, renderSitemap } from '../shared/sitemap';
import { siteOrigin } from '@/functions/_shared/site-origin';

export const prerender = false;

export const GET: APIRoute = async () => {
  const db = await getDb();
  const [spaces, threads] = await Promise.all([listSpaces(db), listSitemapThreads(db, SITEMAP_MAX_URLS)]);
  const entries = communityEntries(
    spaces.items,
    threads.map((t) => ({ id: t.id, lastActivityAt: new Date(t.last_activity_at).toISOString() })),
  );
  return new Response(renderSitemap(siteOrigin(), entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': COMMUNITY_CACHE_CONTROL },
  });
};
