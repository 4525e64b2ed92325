/** POST /api/admin/products/{id}/reject { reason }: an administrator keeps a product in review private, saying why (docs/decisions/031). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { rejectProduct } from '@/functions/products/review-queue.service';
import { rejectProduct as route } from '@/src/shared/api/routes/products';

export const POST = endpoint(route, async ({ user, params, body }) => rejectProduct(await getDb(), user.id, params.id, body));
