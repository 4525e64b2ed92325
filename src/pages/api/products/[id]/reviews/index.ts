/**
 * GET  /api/products/{id}/reviews?sort=newest|helpful|lowest&cursor=&limit=: a published product's reviews.
 * POST /api/products/{id}/reviews { rating, text }: the caller's review of a product they got (201).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { createProductReview, pageProductReviews } from '@/functions/product-reviews/product-reviews.service';
import * as routes from '@/src/shared/api/routes/product-reviews';

export const GET = endpoint(routes.listProductReviews, async ({ user, params, query }) =>
  pageProductReviews(await getDb(), user?.id ?? null, params.id, query),
);

export const POST = endpoint(routes.createProductReview, async ({ user, params, body }) => createProductReview(await getDb(), user.id, params.id, body));
