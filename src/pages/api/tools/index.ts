/** POST /api/tools: 'List Your Tools', a submission waiting for an administrator (docs/decisions/038). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { submitTool } from '@/functions/tools/submissions.service';
import { submitTool as route } from '@/src/shared/api/routes/tools';

export const POST = endpoint(route, async ({ user, body }) => submitTool(await getDb(), user.id, body));
