/** POST /api/tools/{toolId}/maintainers { invitee }: a maintainer invites a co-maintainer by handle or email (docs/decisions/038). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { inviteMaintainer } from '@/functions/tools/invites.service';
import { inviteToolMaintainer as route } from '@/src/shared/api/routes/tools';

export const POST = endpoint(route, async ({ user, params, body }) => inviteMaintainer(await getDb(), user.id, params.toolId, body));
