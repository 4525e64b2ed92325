/**
 * PUT    /api/community/threads/{threadId}/follow: the caller follows the thread (its replies notify them).
 * DELETE /api/community/threads/{threadId}/follow: stops following it. Both answer { following }.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { followThread } from '@/functions/community/community.service';
import * as routes from '@/src/shared/api/routes/community';

export const PUT = endpoint(routes.followCommunityThread, async ({ user, params }) =>
  followThread(await getDb(), user.id, params.threadId.toLowerCase(), true),
);

export const DELETE = endpoint(routes.unfollowCommunityThread, async ({ user, params }) =>
  followThread(await getDb(), user.id, params.threadId.toLowerCase(), false),
);
