/**
 * GET  /api/tools/{toolId}/updates?cursor=&limit=: the tool's updates newest first,
 *      { items, nextCursor, canPost } (canPost: the caller may post, for the form).
 * POST /api/tools/{toolId}/updates { title, content, updateType, version? }: the maintainer
 *      of the claimed tool or an administrator posts an update; 201 { update, notifying }; the notices are written by a background job.
 *      Needs a verified email (403 EMAIL_NOT_VERIFIED).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { canPostUpdate, listToolUpdates, postToolUpdate } from '@/functions/tool-updates/tool-updates.service';
import * as routes from '@/src/shared/api/routes/updates';

export const GET = endpoint(routes.listToolUpdates, async ({ user, params, query }) => {
  const db = await getDb();
  const page = await listToolUpdates(db, { toolId: params.toolId, cursor: query.cursor, limit: query.limit });
  return { ...page, canPost: await canPostUpdate(db, user?.id, params.toolId) };
});

export const POST = endpoint(routes.postToolUpdate, async ({ user, params, body }) => postToolUpdate(await getDb(), user.id, params.toolId, body));
