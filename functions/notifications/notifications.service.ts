/**
 * A signed-in user's tool-update notifications (spec sections 2, 4, 7 and 8): the
 * /tool-updates list, the unread count behind the header badge, and marking read one or all.
 * Called by src/pages/api/notifications/** and src/pages/tool-updates.astro.
 *
 * Invariant: every function takes the session's user id and the repository filters on it,
 * so nobody reads or marks another user's notifications (another user's id answers 404, the
 * same as an id that does not exist).
 */
import type { Db } from '../../db/database';
import { AppError } from '../_shared/errors';
import {
  decodeCursor, encodeCursor, NOTIFICATIONS_PAGE_SIZE, type FeedItem, type Page, type UpdateType,
} from '../../src/shared/tool-updates';
import { countUnread, listFeed, markAllRead, markRead } from './notifications.repository';
import { isUuid, isToolId } from '../../src/shared/ids';


function requireUserId(userId: string | null | undefined): string {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  return userId;
}

export interface FeedPage extends Page<FeedItem> {
  unreadCount: number;
}

export async function getFeed(
  db: Db,
  userId: string | null | undefined,
  options: { cursor?: string | null; toolId?: string | null; limit?: number } = {},
): Promise<FeedPage> {
  const me = requireUserId(userId);
  const limit = Math.min(Math.max(options.limit ?? NOTIFICATIONS_PAGE_SIZE, 1), 50);
  const toolId = options.toolId && isToolId(options.toolId) ? options.toolId : null;
  const [rows, unreadCount] = await Promise.all([
    listFeed(db, me, { toolId, after: decodeCursor(options.cursor), limit: limit + 1 }),
    countUnread(db, me),
  ]);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      toolId: r.tool_id,
      toolName: r.tool_name,
      title: r.title,
      content: r.content,
      updateType: r.update_type as UpdateType,
      version: r.version,
      createdAt: new Date(r.created_at).toISOString(),
      authorName: r.author_name,
      notificationId: r.notification_id,
      // An update without a notice (posted before the reader followed) has nothing to read.
      isRead: r.notification_id ? Boolean(r.is_read) : true,
      reason: r.reason ?? null,
      impactedProduct: r.impacted_product ?? null,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursor_at, last.id) : null,
    unreadCount,
  };
}

export async function getUnreadCount(db: Db, userId: string | null | undefined): Promise<number> {
  return countUnread(db, requireUserId(userId));
}

export async function markNotificationRead(db: Db, userId: string | null | undefined, notificationId: string): Promise<{ unreadCount: number }> {
  const me = requireUserId(userId);
  if (!isUuid(notificationId) || !(await markRead(db, me, notificationId))) throw new AppError('NOTIFICATION_NOT_FOUND');
  return { unreadCount: await countUnread(db, me) };
}

export async function markAllNotificationsRead(db: Db, userId: string | null | undefined): Promise<{ marked: number; unreadCount: number }> {
  const me = requireUserId(userId);
  const marked = await markAllRead(db, me);
  return { marked, unreadCount: await countUnread(db, me) };
}
