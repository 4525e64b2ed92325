/** GET /api/notifications/unread-count: { count } of the signed-in user's unread notifications (the header badge). */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { getUnreadCount } from '@/functions/notifications/notifications.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  return json({ count: await getUnreadCount(await getDb(), user.id) });
});
