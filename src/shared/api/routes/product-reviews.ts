/**
 * Product reviews (issue 15, docs/decisions/029): the list of a product's reviews, the
 * caller's standing and review, writing and editing one, the creator's reply, 'Helpful',
 * and the caller's own reviews ('Report' is the moderation area's, routes/moderation.ts). Account routes: no API key reaches the writes (no
 * `scope`), only a session.
 */
import * as z from 'zod/mini';
import { defineRoute, json, page, pageQuery, uuid } from '../contract';
import {
  HelpfulVoteSchema,
  MyProductReviewSchema,
  ProductReviewInputSchema,
  ProductReviewSchema,
  ProductReviewsQuery,
  ReviewReplyInputSchema,
  SavedProductReviewSchema,
  WrittenReviewSchema,
} from '../schemas/product-reviews';

const EXAMPLE_PRODUCT = '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a';
const EXAMPLE_REVIEW = '5d0c2f7a-3b1e-4c8d-9f6a-1e2d3c4b5a69';
const productParams = z.strictObject({ id: uuid() });
const reviewParams = z.strictObject({ reviewId: uuid() });

/** Reviews a product page loads at a time. */
const PRODUCT_REVIEWS_PAGE = 10;

export const listProductReviews = defineRoute({
  method: 'GET',
  path: '/api/products/{id}/reviews',
  operationId: 'listProductReviews',
  tag: 'Reviews',
  summary: "A published product's reviews",
  description:
    `Sorted \`newest\` (default), \`helpful\` (most helpful first) or \`lowest\` (lowest rating first, newest first within a rating); \`limit\` 1 to 100 (default ${PRODUCT_REVIEWS_PAGE}). ` +
    "Each review says whether it is a verified purchase, its helpful count, the creator's reply, and whether the signed-in caller marked it helpful.",
  auth: 'public',
  params: productParams,
  query: z.strictObject({ ...ProductReviewsQuery, ...pageQuery(PRODUCT_REVIEWS_PAGE) }),
  response: json(page(ProductReviewSchema)),
  errors: ['PRODUCT_NOT_FOUND'],
  example: { params: { id: EXAMPLE_PRODUCT }, query: { sort: 'helpful', limit: '10' } },
});

export const getMyProductReview = defineRoute({
  method: 'GET',
  path: '/api/products/{id}/reviews/mine',
  operationId: 'getMyProductReview',
  tag: 'Reviews',
  summary: "What the caller may do on a product's reviews, and their review",
  description:
    '`standing`: `signed_out`; `creator` (their own product: they may reply to reviews); `not_obtained` (only people who got the product may review it); `can_review`; `reviewed` (`review` is theirs, which they may edit).',
  auth: 'public',
  params: productParams,
  response: json(MyProductReviewSchema),
  errors: ['PRODUCT_NOT_FOUND'],
  example: { params: { id: EXAMPLE_PRODUCT } },
});

export const createProductReview = defineRoute({
  method: 'POST',
  path: '/api/products/{id}/reviews',
  operationId: 'createProductReview',
  tag: 'Reviews',
  summary: 'Review a product you got',
  description:
    'For people who got the product: a paid order that is not refunded (shown as a verified purchase) or a download of it. ' +
    "One review per person and product (409 ALREADY_REVIEWED: edit it with `PUT /api/product-reviews/{reviewId}`); never of your own product. Answers the review and the product's new rating.",
  auth: 'verified',
  status: 201,
  params: productParams,
  body: json(ProductReviewInputSchema),
  response: json(SavedProductReviewSchema),
  errors: ['PRODUCT_NOT_FOUND', 'REVIEW_NOT_ALLOWED', 'CANNOT_REVIEW_OWN_PRODUCT', 'ALREADY_REVIEWED'],
  example: { params: { id: EXAMPLE_PRODUCT }, body: { rating: 5, text: 'Set up in ten minutes and saved me hours every week.' } },
});

export const editProductReview = defineRoute({
  method: 'PUT',
  path: '/api/product-reviews/{reviewId}',
  operationId: 'editProductReview',
  tag: 'Reviews',
  summary: 'Replace your review of a product',
  description: "Its author only (anyone else: 404). Answers the review and the product's new rating.",
  auth: 'verified',
  params: reviewParams,
  body: json(ProductReviewInputSchema),
  response: json(SavedProductReviewSchema),
  errors: ['REVIEW_NOT_FOUND', 'PRODUCT_NOT_FOUND'],
  example: { params: { reviewId: EXAMPLE_REVIEW }, body: { rating: 4, text: 'Still great; the update changed one step.' } },
});

export const replyToProductReview = defineRoute({
  method: 'POST',
  path: '/api/product-reviews/{reviewId}/reply',
  operationId: 'replyToProductReview',
  tag: 'Reviews',
  summary: 'Reply to a review of your product (once, publicly)',
  auth: 'verified',
  status: 201,
  params: reviewParams,
  body: json(ReviewReplyInputSchema),
  response: json(ProductReviewSchema),
  errors: ['REVIEW_NOT_FOUND', 'PRODUCT_NOT_FOUND', 'NOT_PRODUCT_CREATOR', 'ALREADY_REPLIED'],
  example: { params: { reviewId: EXAMPLE_REVIEW }, body: { text: 'Thank you! Version 2 adds the export you asked for.' } },
});

export const markReviewHelpful = defineRoute({
  method: 'PUT',
  path: '/api/product-reviews/{reviewId}/helpful',
  operationId: 'markReviewHelpful',
  tag: 'Reviews',
  summary: 'Mark a review helpful (idempotent; one vote per person)',
  auth: 'verified',
  params: reviewParams,
  response: json(HelpfulVoteSchema),
  errors: ['REVIEW_NOT_FOUND', 'PRODUCT_NOT_FOUND', 'OWN_REVIEW'],
  example: { params: { reviewId: EXAMPLE_REVIEW } },
});

export const unmarkReviewHelpful = defineRoute({
  method: 'DELETE',
  path: '/api/product-reviews/{reviewId}/helpful',
  operationId: 'unmarkReviewHelpful',
  tag: 'Reviews',
  summary: 'Take back your helpful vote (idempotent)',
  auth: 'user',
  params: reviewParams,
  response: json(HelpfulVoteSchema),
  errors: ['REVIEW_NOT_FOUND', 'PRODUCT_NOT_FOUND', 'OWN_REVIEW'],
  example: { params: { reviewId: EXAMPLE_REVIEW } },
});

export const listMyReviews = defineRoute({
  method: 'GET',
  path: '/api/me/reviews',
  operationId: 'listMyReviews',
  tag: 'Reviews',
  summary: 'The product reviews you wrote, newest first',
  description: 'Each with its product (`available` is false once the product is no longer public).',
  auth: 'user',
  query: z.strictObject(pageQuery()),
  response: json(page(WrittenReviewSchema)),
  example: { query: { limit: '20' } },
});

export const productReviewRoutes = [
  listProductReviews,
  getMyProductReview,
  createProductReview,
  editProductReview,
  replyToProductReview,
  markReviewHelpful,
  unmarkReviewHelpful,
  listMyReviews,
] as const;
