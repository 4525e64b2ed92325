/** POST /api/admin/products/{id}/approve: an administrator publishes a product in review (docs/decisions/031). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { approveProduct } from '@/functions/products/review-queue.service';
import { approveProduct as route } from '@/src/shared/api/routes/products';

export const POST = endpoint(route, async ({ user, params }) => approveProduct(await getDb(), user.id, params.id));
