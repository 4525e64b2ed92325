/**
 * POST /api/notifications/{id}/read: marks one of the signed-in user's notifications read;
 * { unreadCount }. Another user's notification answers 404 like a missing one.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { markNotificationRead } from '@/functions/notifications/notifications.service';
import { markNotificationRead as route } from '@/src/shared/api/routes/updates';

export const POST = endpoint(route, async ({ user, params }) => markNotificationRead(await getDb(), user.id, params.id));
