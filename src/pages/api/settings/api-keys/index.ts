/**
 * GET /api/settings/api-keys: the signed-in user's API keys, newest first, as
 * { items, nextCursor } (nextCursor is always null: an account has at most 20 keys, all on one
 * page). POST { name, scopes } creates one: 201 with the whole key, the only time it is shown.
 * Account routes (docs/decisions/025): a cookie session only; an API key is refused by the
 * middleware (403).
 */
import { getDb } from '@/db/database';
import { getAuth } from '@/functions/_shared/auth';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json, readJsonBody } from '@/functions/_shared/http';
import { createApiKey, listApiKeys } from '@/functions/api-keys/api-keys.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await listApiKeys(await getDb(), user.id));
});

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  const body: unknown = await readJsonBody(context.request);
  return json(await createApiKey(await getDb(), await getAuth(), user.id, body), { status: 201 });
});
