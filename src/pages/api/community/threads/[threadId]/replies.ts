/**
 * GET  /api/community/threads/{threadId}/replies?cursor=&limit=: the replies, oldest first.
 * POST /api/community/threads/{threadId}/replies { body, parentReplyId? }: reply (201).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { createReply, listReplies } from '@/functions/community/community.service';
import * as routes from '@/src/shared/api/routes/community';

export const GET = endpoint(routes.listCommunityReplies, async ({ user, params, query }) =>
  listReplies(await getDb(), params.threadId.toLowerCase(), { cursor: query.cursor, limit: query.limit, viewerId: user?.id ?? null }),
);

export const POST = endpoint(routes.createCommunityReply, async ({ user, params, body }) =>
  createReply(await getDb(), user.id, params.threadId.toLowerCase(), body),
);
