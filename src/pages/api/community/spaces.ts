/** GET /api/community/spaces: every community space, in display order. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listSpaces } from '@/functions/community/community.service';
import { listCommunitySpaces as route } from '@/src/shared/api/routes/community';

export const GET = endpoint(route, async () => listSpaces(await getDb()));
