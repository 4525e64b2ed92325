/**
 * The stored pages of a product whose rating a payment or a refund changed (its buyer had
 * reviewed it: the review counts again, or stops counting, docs/decisions/047), re-rendered
 * after the commit as the reaction to 'order.paid' and 'order.refunded' (docs/decisions/055).
 * The rating itself is recounted in the order's transaction (recountBuyerReview); only the
 * pages wait for this job. Run twice, it asks for the same pages twice: harmless.
 */
import { defineReaction } from '@/functions/jobs';
import { refreshBuyerReviewPages } from './product-reviews.service';
import { findOrderParties } from './product-reviews.repository';

const REVIEW_PAGES_JOB = 'pages.buyer-review';

async function refreshPagesOfOrder(db: Parameters<typeof findOrderParties>[0], orderId: string): Promise<void> {
  const order = await findOrderParties(db, orderId);
  if (order) await refreshBuyerReviewPages(db, [order]);
}

defineReaction('order.paid', REVIEW_PAGES_JOB, ({ orderId }, { db }) => refreshPagesOfOrder(db, orderId));
defineReaction('order.refunded', REVIEW_PAGES_JOB, ({ orderId }, { db }) => refreshPagesOfOrder(db, orderId));
