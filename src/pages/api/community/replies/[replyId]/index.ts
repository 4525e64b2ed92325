/**
 * PATCH  /api/community/replies/{replyId} { body }: its author edits it (15 minutes).
 * DELETE /api/community/replies/{replyId}: its author deletes it (soft).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { deleteReply, editReply } from '@/functions/community/community.service';
import * as routes from '@/src/shared/api/routes/community';

export const PATCH = endpoint(routes.editCommunityReply, async ({ user, params, body }) =>
  editReply(await getDb(), user.id, params.replyId.toLowerCase(), body),
);

export const DELETE = endpoint(routes.deleteCommunityReply, async ({ user, params }) => deleteReply(await getDb(), user.id, params.replyId.toLowerCase()));
