/** GET /api/me/reviews?cursor=&limit=: the caller's product reviews, newest first ('Reviews you wrote'). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { pageWrittenReviews } from '@/functions/product-reviews/product-reviews.service';
import { listMyReviews as route } from '@/src/shared/api/routes/product-reviews';

export const GET = endpoint(route, async ({ user, query }) => pageWrittenReviews(await getDb(), user.id, query));
