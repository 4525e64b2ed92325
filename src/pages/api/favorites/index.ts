/** GET /api/favorites: the signed-in user's favorite products. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listFavorites } from '@/functions/favorites/favorites.service';
import { listFavorites as route } from '@/src/shared/api/routes/favorites';

export const GET = endpoint(route, async ({ user }) => ({ items: await listFavorites(await getDb(), user.id), nextCursor: null }));
