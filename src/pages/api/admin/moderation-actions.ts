/** GET /api/admin/moderation-actions?cursor=&limit=: the moderation log, newest first (administrators only, docs/decisions/037). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listModerationLog } from '@/functions/moderation/moderation.service';
import { listModerationLog as route } from '@/src/shared/api/routes/moderation';

export const GET = endpoint(route, async ({ user, query }) => listModerationLog(await getDb(), user.id, query));
