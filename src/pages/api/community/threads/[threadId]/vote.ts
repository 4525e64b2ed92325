/**
 * PUT    /api/community/threads/{threadId}/vote: the caller up-votes the thread.
 * DELETE /api/community/threads/{threadId}/vote: takes the vote back. Both answer { voteCount, voted }.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { voteThread } from '@/functions/community/community.service';
import * as routes from '@/src/shared/api/routes/community';

export const PUT = endpoint(routes.voteCommunityThread, async ({ user, params }) => voteThread(await getDb(), user.id, params.threadId.toLowerCase(), true));

export const DELETE = endpoint(routes.unvoteCommunityThread, async ({ user, params }) =>
  voteThread(await getDb(), user.id, params.threadId.toLowerCase(), false),
);
