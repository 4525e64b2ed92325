/**
 * GET /api/notifications?cursor=&tool=: the signed-in user's tool updates, and a creator's
 * sale and refund notices, newest first (spec: /tool-updates), { items, nextCursor, unreadCount }.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { getFeed } from '@/functions/notifications/notifications.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  const { searchParams } = context.url;
  return json(await getFeed(await getDb(), user.id, { cursor: searchParams.get('cursor'), toolId: searchParams.get('tool') }));
});
