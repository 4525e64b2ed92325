/**
 * GET /tools/{toolId}/feed.xml: the Atom feed of one tool's updates (latest 30), rendered on
 * demand so a new update is in it at once. Unknown tools answer 404.
 */
import type { APIRoute } from 'astro';
import { getDb } from '@/db/database';
import { getEnv } from '@/env';
import { AppError } from '@/functions/_shared/errors';
import { buildAtomFeed, feedResponse } from '@/functions/tool-updates/feed';
import { listToolUpdates } from '@/functions/tool-updates/tool-updates.service';
import { getPublicTool } from '@/functions/tools/tools.service';

export const prerender = false;

export const GET: APIRoute = async ({ params, request }) => {
  const toolId = params.toolId ?? '';
  const db = await getDb();
  const tool = await getPublicTool(db, toolId);
  if (!tool) return new Response('Tool Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  let page;
  try {
    page = await listToolUpdates(db, { toolId, limit: 30 });
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOOL_NOT_FOUND')
      return new Response('Tool Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    throw error;
  }
  const site = getEnv().SITE_URL;
  const xml = buildAtomFeed({
    selfUrl: new URL(`/tools/${tool.id}/feed.xml`, site).toString(),
    pageUrl: new URL(`/tools/${tool.id}`, site).toString(),
    title: `${tool.name} updates on toolmint`,
    subtitle: `Features, announcements, fixes and security notices for ${tool.name}.`,
    updates: page.items,
    fallbackUpdated: new Date(tool.lastUpdate),
    siteUrl: site,
  });
  return feedResponse(request, xml, 'public, max-age=300');
};
