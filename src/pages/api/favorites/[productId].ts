/** PUT /api/favorites/{productId} favorites a product; DELETE removes it. Both idempotent. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { addFavorite, removeFavorite } from '@/functions/favorites/favorites.service';
import * as routes from '@/src/shared/api/routes/favorites';

export const PUT = endpoint(routes.addFavorite, async ({ user, params }) => addFavorite(await getDb(), user.id, params.productId));
export const DELETE = endpoint(routes.removeFavorite, async ({ user, params }) => removeFavorite(await getDb(), user.id, params.productId));
