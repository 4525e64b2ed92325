/** GET /api/favorites?cursor=&limit=: the signed-in user's favorite products, a page at a time. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listFavorites } from '@/functions/favorites/favorites.service';
import { listFavorites as route } from '@/src/shared/api/routes/favorites';

export const GET = endpoint(route, async ({ user, query }) => listFavorites(await getDb(), user.id, query));
