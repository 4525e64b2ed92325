/** POST /api/admin/reports/{id}/actions { action, reason, until?, hideContent? }: an administrator's action, logged (docs/decisions/037). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { actOnReport } from '@/functions/moderation/moderation.service';
import { actOnReport as route } from '@/src/shared/api/routes/moderation';

export const POST = endpoint(route, async ({ user, params, body }) => actOnReport(await getDb(), user.id, params.id, body));
