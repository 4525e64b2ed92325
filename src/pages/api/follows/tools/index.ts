/**
 * GET /api/follows/tools: { counts: { [toolId]: followers }, following: [toolId] } - every
 * tool's live follower count, and the tools the signed-in user follows (none for a visitor).
 */
import { getDb } from '@/db/database';
import { handle, json } from '@/functions/_shared/http';
import { getToolFollows } from '@/functions/follows/follows.service';

export const GET = handle(async ({ locals }) => json(await getToolFollows(await getDb(), locals.user?.id)));
