/** GET /api/admin/tool-claims: proven claims of tools that already have an owner (administrators only, docs/decisions/038). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listClaimQueue } from '@/functions/tools/claims.service';
import { listToolClaimQueue as route } from '@/src/shared/api/routes/tools';

export const GET = endpoint(route, async ({ user }) => ({ items: await listClaimQueue(await getDb(), user.id) }));
