/** POST /api/product-reviews/{reviewId}/report { reason, details? }: a report kept for the team; 204. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { reportReview } from '@/functions/product-reviews/product-reviews.service';
import { reportProductReview as route } from '@/src/shared/api/routes/product-reviews';

export const POST = endpoint(route, async ({ user, params, body }) => {
  await reportReview(await getDb(), user.id, params.reviewId, body);
});
