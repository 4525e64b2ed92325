/** POST /api/tool-invites/accept { token }: the invitee becomes a co-maintainer (docs/decisions/038). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { acceptInvite } from '@/functions/tools/invites.service';
import { acceptToolInvite as route } from '@/src/shared/api/routes/tools';

export const POST = endpoint(route, async ({ user, body }) => acceptInvite(await getDb(), user.id, body));
