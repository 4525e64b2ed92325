/** GET /api/admin/users/{userId}/reputation: a person's reputation, its parts and its resets (administrators only, docs/decisions/052). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getReputationForAdmin } from '@/functions/community-qa/reputation.service';
import { getUserReputation as route } from '@/src/shared/api/routes/community-qa';

export const GET = endpoint(route, async ({ user, params }) => getReputationForAdmin(await getDb(), user.id, params.userId));
