/** DELETE /api/settings/account/sessions/{id}: signs out one of the caller's sessions (another's: 404), through better-auth. */
import { getDb } from '@/db/database';
import { getAuth } from '@/functions/auth/auth';
import { endpoint } from '@/functions/_shared/endpoint';
import { sessionTokenOf } from '@/functions/account/account.service';
import * as routes from '@/src/shared/api/routes/account';

export const DELETE = endpoint(routes.revokeSession, async ({ user, params }) => {
  const token = await sessionTokenOf(await getDb(), user.id, params.id);
  const auth = await getAuth();
  await (await auth.$context).internalAdapter.deleteSession(token);
});
