/** PUT /api/settings/account/handle: chooses the caller's handle (/@handle). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { chooseHandle } from '@/functions/account/account.service';
import * as routes from '@/src/shared/api/routes/account';

export const PUT = endpoint(routes.setHandle, async ({ user, body }) => chooseHandle(await getDb(), user.id, body.handle));
