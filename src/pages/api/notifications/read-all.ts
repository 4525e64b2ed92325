/** POST /api/notifications/read-all: marks every unread notification of the signed-in user read; { marked, unreadCount }. */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { markAllNotificationsRead } from '@/functions/notifications/notifications.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await markAllNotificationsRead(await getDb(), user.id));
});
