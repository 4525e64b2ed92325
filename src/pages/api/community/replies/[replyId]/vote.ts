/**
 * PUT    /api/community/replies/{replyId}/vote: the caller up-votes the reply.
 * DELETE /api/community/replies/{replyId}/vote: takes the vote back. Both answer { voteCount, voted }.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { voteReply } from '@/functions/community/community.service';
import * as routes from '@/src/shared/api/routes/community';

export const PUT = endpoint(routes.voteCommunityReply, async ({ user, params }) => voteReply(await getDb(), user.id, params.replyId.toLowerCase(), true));

export const DELETE = endpoint(routes.unvoteCommunityReply, async ({ user, params }) => voteReply(await getDb(), user.id, params.replyId.toLowerCase(), false));
