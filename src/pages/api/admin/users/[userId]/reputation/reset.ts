/** POST /api/admin/users/{userId}/reputation/reset { reason }: an administrator resets a reputation, logged (docs/decisions/052). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { resetReputation } from '@/functions/community-qa/reputation.service';
import { resetUserReputation as route } from '@/src/shared/api/routes/community-qa';

export const POST = endpoint(route, async ({ user, params, body }) => resetReputation(await getDb(), user.id, params.userId, body));
