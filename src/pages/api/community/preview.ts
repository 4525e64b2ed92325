/** POST /api/community/preview { body }: the Markdown rendered and sanitized as a post would show it. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { previewPost } from '@/functions/community/community.service';
import { previewCommunityPost as route } from '@/src/shared/api/routes/community';

export const POST = endpoint(route, async ({ user, body }) => previewPost(await getDb(), user.id, body.body));
