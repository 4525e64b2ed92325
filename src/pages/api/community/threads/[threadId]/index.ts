/**
 * GET    /api/community/threads/{threadId}: a thread.
 * PATCH  /api/community/threads/{threadId} { title?, body?, tags? }: its author edits it (15 minutes).
 * DELETE /api/community/threads/{threadId}: its author deletes it (soft).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { deleteThread, editThread, requireThread } from '@/functions/community/community.service';
import * as routes from '@/src/shared/api/routes/community';

export const GET = endpoint(routes.getCommunityThread, async ({ user, params }) =>
  requireThread(await getDb(), params.threadId.toLowerCase(), user?.id ?? null),
);

export const PATCH = endpoint(routes.editCommunityThread, async ({ user, params, body }) =>
  editThread(await getDb(), user.id, params.threadId.toLowerCase(), body),
);

export const DELETE = endpoint(routes.deleteCommunityThread, async ({ user, params }) => deleteThread(await getDb(), user.id, params.threadId.toLowerCase()));
