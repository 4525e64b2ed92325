/** POST /api/admin/tools/{toolId}/revoke { reason }: an administrator revokes a tool's claim (docs/decisions/038). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { revokeClaim } from '@/functions/tools/claims.service';
import { revokeToolClaim as route } from '@/src/shared/api/routes/tools';

export const POST = endpoint(route, async ({ user, params, body }) => revokeClaim(await getDb(), user.id, params.toolId, body));
