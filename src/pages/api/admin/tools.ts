/** GET /api/admin/tools?cursor=&limit=: tool submissions waiting for review, oldest first (administrators only, docs/decisions/038). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listToolQueue } from '@/functions/tools/submissions.service';
import { listToolQueue as route } from '@/src/shared/api/routes/tools';

export const GET = endpoint(route, async ({ user, query }) => listToolQueue(await getDb(), user.id, query));
