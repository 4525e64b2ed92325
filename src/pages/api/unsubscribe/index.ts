/**
 * POST /api/unsubscribe?token=: the one-click unsubscribe of RFC 8058 (List-Unsubscribe-Post),
 * and the unsubscribe page's button. No sign-in: the signed token names the user and the kind.
 * 400 for a forged, expired or unknown-kind token (docs/decisions/041).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { unsubscribe } from '@/functions/email/preferences.service';
import { verifyUnsubscribeToken } from '@/functions/email/unsubscribe-token';
import * as routes from '@/src/shared/api/routes/notification-settings';

export const POST = endpoint(routes.unsubscribeOneClick, async ({ query }) => unsubscribe(await getDb(), verifyUnsubscribeToken(query.token), query.scope));
