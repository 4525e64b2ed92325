/**
 * PUT /api/community/threads/{threadId}/answer { replyId }: mark a reply as the question's answer.
 * DELETE: clear it. The question's author, or the product's creator (docs/decisions/036).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { acceptAnswer, clearAnswer } from '@/functions/community/answers.service';
import { acceptAnswer as acceptRoute, clearAnswer as clearRoute } from '@/src/shared/api/routes/community-qa';

export const PUT = endpoint(acceptRoute, async ({ user, params, body }) => acceptAnswer(await getDb(), user.id, params.threadId, body.replyId));
export const DELETE = endpoint(clearRoute, async ({ user, params }) => clearAnswer(await getDb(), user.id, params.threadId));
