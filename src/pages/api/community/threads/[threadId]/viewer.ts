/** GET /api/community/threads/{threadId}/viewer: the caller's votes, follow and own posts on a thread, and its current counts. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getViewer } from '@/functions/community/community.service';
import { getCommunityThreadViewer as route } from '@/src/shared/api/routes/community';

export const GET = endpoint(route, async ({ user, params }) => getViewer(await getDb(), params.threadId.toLowerCase(), user?.id ?? null));
