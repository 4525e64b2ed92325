/** POST /api/product-reviews/{reviewId}/reply { text }: the product's creator replies, once (201). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { replyToReview } from '@/functions/product-reviews/product-reviews.service';
import { replyToProductReview as route } from '@/src/shared/api/routes/product-reviews';

export const POST = endpoint(route, async ({ user, params, body }) => replyToReview(await getDb(), user.id, params.reviewId, body));
