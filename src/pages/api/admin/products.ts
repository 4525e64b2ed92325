/**
 * GET /api/admin/products?cursor=&limit=: the review queue, oldest submission first
 * (administrators only), as { items, nextCursor } pages (docs/decisions/031).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listReviewQueue } from '@/functions/products/review-queue.service';
import { listReviewQueue as route } from '@/src/shared/api/routes/products';

export const GET = endpoint(route, async ({ user, query }) => listReviewQueue(await getDb(), user.id, query));
