/** POST /api/admin/users/{userId}/unsuspend { reason }: an administrator lifts a suspension before its end, logged (docs/decisions/042). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { liftSuspension } from '@/functions/moderation/moderation.service';
import { liftSuspension as route } from '@/src/shared/api/routes/moderation';

export const POST = endpoint(route, async ({ user, params, body }) => liftSuspension(await getDb(), user.id, params.userId, body));
