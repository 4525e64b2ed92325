/**
 * GET /api/settings/notifications: the caller's channel per kind, and whether their address is suppressed.
 * PUT /api/settings/notifications { preferences }: replaces them (docs/decisions/041).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { preferencesView, savePreferences } from '@/functions/email/preferences.service';
import * as routes from '@/src/shared/api/routes/notification-settings';

export const GET = endpoint(routes.getNotificationSettings, async ({ user }) => preferencesView(await getDb(), user));

export const PUT = endpoint(routes.putNotificationSettings, async ({ user, body }) => savePreferences(await getDb(), user, body));
