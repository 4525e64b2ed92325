/** POST /api/tools/{toolId}/claims { method, email?, organisation? }: 'Claim Your Tool' starts (docs/decisions/038). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { startClaim } from '@/functions/tools/claims.service';
import { startToolClaim as route } from '@/src/shared/api/routes/tools';

export const POST = endpoint(route, async ({ user, params, body }) => startClaim(await getDb(), user.id, params.toolId, body));
