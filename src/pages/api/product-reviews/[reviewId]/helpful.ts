/**
 * PUT    /api/product-reviews/{reviewId}/helpful: the caller marks the review helpful.
 * DELETE /api/product-reviews/{reviewId}/helpful: takes the vote back. Both answer { helpfulCount, votedHelpful }.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { voteHelpful } from '@/functions/product-reviews/product-reviews.service';
import * as routes from '@/src/shared/api/routes/product-reviews';

export const PUT = endpoint(routes.markReviewHelpful, async ({ user, params }) => voteHelpful(await getDb(), user.id, params.reviewId, true));

export const DELETE = endpoint(routes.unmarkReviewHelpful, async ({ user, params }) => voteHelpful(await getDb(), user.id, params.reviewId, false));
