/**
 * GET /tool-updates/feed.xml: the Atom feed of every tool's updates (latest 50), rendered on
 * demand so a new update is in it at once.
 */
import type { APIRoute } from 'astro';
import { getDb } from '@/db/database';
import { getEnv } from '@/env';
import { buildAtomFeed, feedResponse } from '@/functions/tool-updates/feed';
import { listToolUpdates } from '@/functions/tool-updates/tool-updates.service';

export const prerender = false;

export const GET: APIRoute = async ({ request }) => {
  const page = await listToolUpdates(await getDb(), { limit: 50 });
  const site = getEnv().SITE_URL;
  const xml = buildAtomFeed({
    selfUrl: new URL('/tool-updates/feed.xml', site).toString(),
    pageUrl: new URL('/ai-tools', site).toString(),
    title: 'AI tool updates on toolmint',
    subtitle: 'Features, announcements, fixes and security notices for the AI tools creators build with.',
    updates: page.items,
    fallbackUpdated: new Date('2026-01-01T00:00:00Z'),
    siteUrl: site,
  });
  return feedResponse(request, xml, 'public, max-age=300');
};
