/** POST /api/admin/tools/{toolId}/review { decision, message? }: approve, ask for changes, or reject a submission (docs/decisions/038). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { reviewTool } from '@/functions/tools/submissions.service';
import { reviewTool as route } from '@/src/shared/api/routes/tools';

export const POST = endpoint(route, async ({ user, params, body }) => reviewTool(await getDb(), user.id, params.toolId, body));
