/**
 * GET    /api/reviews/{sellerId}: the seller's latest 10 reviews with reviewer name and avatar.
 * PUT    /api/reviews/{sellerId} { rating, text }: adds or edits the signed-in user's review;
 *        { created, review, seller: { averageRating, reviewCount } } (201 when added). Needs a
 *        verified email (403 EMAIL_NOT_VERIFIED).
 * DELETE /api/reviews/{sellerId}: deletes the signed-in user's review; { seller }.
 */
import { getDb } from '@/db/database';
import { requireApiUser, requireVerifiedUser } from '@/functions/_shared/auth-guard';
import { handle, json, readJsonBody, userIdParam } from '@/functions/_shared/http';
import { listSellerReviews, removeReview, saveReview } from '@/functions/reviews/reviews.service';

export const GET = handle(async (context) => json({ items: await listSellerReviews(await getDb(), userIdParam(context, 'sellerId')) }));

export const PUT = handle(async (context) => {
  const user = requireVerifiedUser(context);
  const body: unknown = await readJsonBody(context.request);
  const saved = await saveReview(await getDb(), user.id, userIdParam(context, 'sellerId'), body);
  return json(saved, { status: saved.created ? 201 : 200 });
});

export const DELETE = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await removeReview(await getDb(), user.id, userIdParam(context, 'sellerId')));
});
