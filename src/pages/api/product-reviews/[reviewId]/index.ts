/** PUT /api/product-reviews/{reviewId} { rating, text }: its author replaces the review. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { editProductReview } from '@/functions/product-reviews/product-reviews.service';
import { editProductReview as route } from '@/src/shared/api/routes/product-reviews';

export const PUT = endpoint(route, async ({ user, params, body }) => editProductReview(await getDb(), user.id, params.reviewId, body));
