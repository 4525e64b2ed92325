/**
 * POST /api/notifications/{id}/read: marks one of the signed-in user's notifications read;
 * { unreadCount }. Another user's notification answers 404 like a missing one.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, uuidParam } from '@/functions/_shared/http';
import { markNotificationRead } from '@/functions/notifications/notifications.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await markNotificationRead(await getDb(), user.id, uuidParam(context, 'id')));
});
