/**
 * GET /api/favorites: the signed-in user's favorite products ({ items }) and their ids.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { listFavorites } from '@/functions/favorites/favorites.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  const items = await listFavorites(await getDb(), user.id);
  return json({ items, nextCursor: null });
});
