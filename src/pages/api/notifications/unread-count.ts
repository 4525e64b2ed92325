/** GET /api/notifications/unread-count: { count } of the signed-in user's unread notifications (the header badge). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getUnreadCount } from '@/functions/notifications/notifications.service';
import { getUnreadCount as route } from '@/src/shared/api/routes/updates';

export const GET = endpoint(route, async ({ user }) => ({ count: await getUnreadCount(await getDb(), user.id) }));
