/**
 * PUT /api/follows/tools/{toolId}: follow; DELETE: unfollow. Both idempotent, both answer
 * { toolId, following, followerCount }. Signed-in users only.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, toolIdParam } from '@/functions/_shared/http';
import { followTool, unfollowTool } from '@/functions/follows/follows.service';

export const PUT = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await followTool(await getDb(), user.id, toolIdParam(context, 'toolId')));
});

export const DELETE = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await unfollowTool(await getDb(), user.id, toolIdParam(context, 'toolId')));
});
