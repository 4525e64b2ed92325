/**
 * GET    /api/reviews/{sellerId}?cursor=&limit=: the seller's reviews newest first, with reviewer
 *        name and avatar; { items, nextCursor }.
 * PUT    /api/reviews/{sellerId} { rating, text }: adds or edits the signed-in user's review;
 *        { created, review, seller: { averageRating, reviewCount } } (201 when added). Needs a
 *        verified email (403 EMAIL_NOT_VERIFIED).
 * DELETE /api/reviews/{sellerId}: deletes the signed-in user's review; { seller }.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { json } from '@/functions/_shared/http';
import { pageSellerReviews, removeReview, saveReview } from '@/functions/reviews/reviews.service';
import * as routes from '@/src/shared/api/routes/profile';

export const GET = endpoint(routes.listSellerReviews, async ({ params, query }) => pageSellerReviews(await getDb(), params.sellerId, query));

export const PUT = endpoint(routes.saveSellerReview, async ({ user, params, body }) => {
  const saved = await saveReview(await getDb(), user.id, params.sellerId, body);
  // An added review is a 201, an edit a 200: the one route with two success statuses.
  return saved.created ? json(saved, { status: 201 }) : saved;
});

export const DELETE = endpoint(routes.deleteSellerReview, async ({ user, params }) => removeReview(await getDb(), user.id, params.sellerId));
