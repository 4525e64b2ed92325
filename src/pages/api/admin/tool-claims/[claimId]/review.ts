/** POST /api/admin/tool-claims/{claimId}/review { decision, message? }: an administrator decides a claim in review (docs/decisions/038). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { reviewClaim } from '@/functions/tools/claims.service';
import { reviewToolClaim as route } from '@/src/shared/api/routes/tools';

export const POST = endpoint(route, async ({ user, params, body }) => reviewClaim(await getDb(), user.id, params.claimId, body));
