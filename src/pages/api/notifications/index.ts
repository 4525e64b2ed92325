/**
 * GET /api/notifications?cursor=&limit=&tool=: the signed-in user's tool updates, and a
 * creator's sale and refund notices, newest first (spec: /tool-updates),
 * { items, nextCursor, unreadCount }.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getFeed } from '@/functions/notifications/notifications.service';
import { listNotifications } from '@/src/shared/api/routes/updates';

export const GET = endpoint(listNotifications, async ({ user, query }) =>
  getFeed(await getDb(), user.id, { cursor: query.cursor, limit: query.limit, toolId: query.tool }),
);
