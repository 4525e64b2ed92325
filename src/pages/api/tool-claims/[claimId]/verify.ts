/** POST /api/tool-claims/{claimId}/verify { token? }: completes a claim, by the email link's token or the well-known file (docs/decisions/038). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { verifyClaim } from '@/functions/tools/claims.service';
import { verifyToolClaim as route } from '@/src/shared/api/routes/tools';

export const POST = endpoint(route, async ({ user, params, body }) => verifyClaim(await getDb(), user.id, params.claimId, body));
