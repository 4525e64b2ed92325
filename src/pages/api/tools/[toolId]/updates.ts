/**
 * GET  /api/tools/{toolId}/updates?cursor=: the tool's updates newest first,
 *      { items, nextCursor, canPost } (canPost: the caller may post, for the form).
 * POST /api/tools/{toolId}/updates { title, content, updateType, version? }: the maintainer
 *      of the claimed tool or an administrator posts an update; 201 { update, notified }.
 *      Needs a verified email (403 EMAIL_NOT_VERIFIED).
 */
import { getDb } from '@/db/database';
import { requireVerifiedUser } from '@/functions/_shared/auth-guard';
import { handle, json, readJsonBody, toolIdParam } from '@/functions/_shared/http';
import { canPostUpdate, listToolUpdates, postToolUpdate } from '@/functions/tool-updates/tool-updates.service';

export const GET = handle(async (context) => {
  const { url, locals } = context;
  const db = await getDb();
  const toolId = toolIdParam(context, 'toolId');
  const page = await listToolUpdates(db, { toolId, cursor: url.searchParams.get('cursor') });
  return json({ ...page, canPost: await canPostUpdate(db, locals.user?.id, toolId) });
});

export const POST = handle(async (context) => {
  const user = requireVerifiedUser(context);
  const body: unknown = await readJsonBody(context.request);
  return json(await postToolUpdate(await getDb(), user.id, toolIdParam(context, 'toolId'), body), { status: 201 });
});
