/** GET /api/settings/account/sessions: the caller's active sessions (never their tokens). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listSessions } from '@/functions/account/account.service';
import * as routes from '@/src/shared/api/routes/account';

export const GET = endpoint(routes.listSessions, async ({ user, context }) => listSessions(await getDb(), user.id, context.locals.sessionId));
