/**
 * GET  /api/community/threads?sort=&space=&tag=&search=&cursor=&limit=: threads, sorted and filtered.
 * POST /api/community/threads { spaceId, title, body, kind?, tags?, productIds?, toolIds?, productId? }: start one (201).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { createThread, listThreads } from '@/functions/community/community.service';
import * as routes from '@/src/shared/api/routes/community';

export const GET = endpoint(routes.listCommunityThreads, async ({ query }) => listThreads(await getDb(), query));

export const POST = endpoint(routes.createCommunityThread, async ({ user, body }) => createThread(await getDb(), user.id, body));
