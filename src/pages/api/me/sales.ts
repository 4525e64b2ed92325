/**
 * GET /api/me/sales?limit=&cursor=: the signed-in creator's sales (paid and refunded orders),
 * newest first, as { items, nextCursor } in integer cents. `limit` is 1 to 100 (default 50);
 * pass `nextCursor` back as `cursor` for the next page, until it is null. Open to API keys
 * with the sales:read scope (docs/decisions/025).
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { getSalesPage } from '@/functions/studio/studio.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await getSalesPage(await getDb(), user, Object.fromEntries(context.url.searchParams)));
});
