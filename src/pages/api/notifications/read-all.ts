/** POST /api/notifications/read-all: marks every unread notification of the signed-in user read; { marked, unreadCount }. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { markAllNotificationsRead } from '@/functions/notifications/notifications.service';
import { markAllNotificationsRead as route } from '@/src/shared/api/routes/updates';

export const POST = endpoint(route, async ({ user }) => markAllNotificationsRead(await getDb(), user.id));
