/** GET /api/products/{id}/reviews/mine: the caller's standing on the product's reviews, and their review. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getMyProductReview } from '@/functions/product-reviews/product-reviews.service';
import { getMyProductReview as route } from '@/src/shared/api/routes/product-reviews';

export const GET = endpoint(route, async ({ user, params }) => getMyProductReview(await getDb(), user?.id ?? null, params.id));
