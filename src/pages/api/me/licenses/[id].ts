/**
 * PATCH /api/me/licenses/{id} { disabled: boolean }: the creator disables or re-enables a
 * licence key of one of their products, from /sales (functions/licenses/licenses.service.ts,
 * docs/decisions/026). Answers the key as /sales shows it. Another creator's key, like one that
 * does not exist: 404 LICENSE_NOT_FOUND, and nothing changes.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, readJsonBody, uuidParam } from '@/functions/_shared/http';
import { changeLicense } from '@/functions/licenses/licenses.service';

export const PATCH = handle(async (context) => {
  const user = requireApiUser(context);
  const id = uuidParam(context, 'id');
  const body: unknown = await readJsonBody(context.request);
  return json(await changeLicense(await getDb(), user.id, id, body));
});
