/**
 * DELETE /api/settings/api-keys/{id}: revokes one of the signed-in user's API keys (204);
 * from then on the key answers 401. Another user's key, or none, is 404 and nothing changes.
 * An account route: a cookie session only (docs/decisions/025).
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { apiKeyIdParam, handle } from '@/functions/_shared/http';
import { revokeApiKey } from '@/functions/api-keys/api-keys.service';

export const DELETE = handle(async (context) => {
  const user = requireApiUser(context);
  await revokeApiKey(await getDb(), user.id, apiKeyIdParam(context, 'id'));
  return new Response(null, { status: 204 });
});
