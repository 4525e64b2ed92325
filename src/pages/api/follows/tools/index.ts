/**
 * GET /api/follows/tools: { counts: { [toolId]: followers }, following: [toolId] } - every
 * tool's live follower count, and the tools the signed-in user follows (none for a visitor).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getToolFollows } from '@/functions/follows/follows.service';
import { getToolFollows as route } from '@/src/shared/api/routes/updates';

export const GET = endpoint(route, async ({ user }) => getToolFollows(await getDb(), user?.id));
