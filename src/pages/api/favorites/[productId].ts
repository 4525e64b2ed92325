/**
 * PUT /api/favorites/{productId} favorites a product; DELETE removes it. Both idempotent.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, uuidParam } from '@/functions/_shared/http';
import { addFavorite, removeFavorite } from '@/functions/favorites/favorites.service';

export const PUT = handle(async (context) => {
  const user = requireApiUser(context);
  await addFavorite(await getDb(), user.id, uuidParam(context, 'productId'));
  return new Response(null, { status: 204 });
});

export const DELETE = handle(async (context) => {
  const user = requireApiUser(context);
  await removeFavorite(await getDb(), user.id, uuidParam(context, 'productId'));
  return new Response(null, { status: 204 });
});
