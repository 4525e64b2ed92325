/** POST /api/unsubscribe/undo?token=: 'Undo' on the unsubscribe page (docs/decisions/041). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { undoUnsubscribe } from '@/functions/email/preferences.service';
import { verifyUnsubscribeToken } from '@/functions/email/unsubscribe-token';
import * as routes from '@/src/shared/api/routes/notification-settings';

export const POST = endpoint(routes.undoUnsubscribe, async ({ query }) => undoUnsubscribe(await getDb(), verifyUnsubscribeToken(query.token), query.scope));
