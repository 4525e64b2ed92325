/**
 * PUT /api/follows/tools/{toolId}: follow; DELETE: unfollow. Both idempotent, both answer
 * { toolId, following, followerCount }. Signed-in users only.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { followTool, unfollowTool } from '@/functions/follows/follows.service';
import * as routes from '@/src/shared/api/routes/updates';

export const PUT = endpoint(routes.followTool, async ({ user, params }) => followTool(await getDb(), user.id, params.toolId));
export const DELETE = endpoint(routes.unfollowTool, async ({ user, params }) => unfollowTool(await getDb(), user.id, params.toolId));
