/**
 * Product reviews as the API reads and answers them (issue 15, docs/decisions/029): a
 * review of 1 to 5 stars with a text (the seller review's rules and messages), the creator's
 * one reply and the 'Helpful' vote (reports: schemas/moderation.ts). zod/mini: the review and reply forms validate
 * with these same schemas (docs/decisions/019, 022).
 */
import * as z from 'zod/mini';
import { PRODUCT_REVIEW_SORTS } from '../../domain';
import { REVIEW_TEXT_MAX } from '../../reviews';
import { strictObject, userText } from './fields';
import { ReviewInputSchema } from './profile';

// --- Requests -------------------------------------------------------------------------------

/** A product review: 1 to 5 whole stars and a text of 10 to 2000 characters (as a seller review). */
export const ProductReviewInputSchema = ReviewInputSchema;
export type ProductReviewInput = z.output<typeof ProductReviewInputSchema>;

const REPLY_REQUIRED = 'Write your reply';

/** The creator's public reply: a text of 1 to 2000 characters. */
export const ReviewReplyInputSchema = strictObject({
  text: userText((text) => (!text ? REPLY_REQUIRED : text.length > REVIEW_TEXT_MAX ? `The reply must be at most ${REVIEW_TEXT_MAX} characters` : null), {
    required: REPLY_REQUIRED,
  }),
});
export type ReviewReplyInput = z.output<typeof ReviewReplyInputSchema>;

export const ProductReviewsQuery = { sort: z._default(z.enum(PRODUCT_REVIEW_SORTS), 'newest') };

// --- Answers --------------------------------------------------------------------------------

export const ProductReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  rating: z.number(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The author changed it after posting it. */
  edited: z.boolean(),
  reviewer: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.nullable(z.string()) }),
  /** The reviewer paid for the product (a paid order that is not refunded). */
  verifiedPurchase: z.boolean(),
  /**
   * The reviewer's order was refunded (and they hold no paid one): the review stays listed,
   * marked 'Refunded', and counts toward no rating (docs/decisions/047).
   */
  refunded: z.boolean(),
  helpfulCount: z.number(),
  /** Whether the caller marked it helpful (false for a visitor). */
  votedHelpful: z.boolean(),
  reply: z.nullable(z.object({ text: z.string(), repliedAt: z.string() })),
});
export type ProductReview = z.output<typeof ProductReviewSchema>;

/** What the 'Refunded' badge on a review means (its title). */
export const REFUNDED_NOTE = 'The reviewer was refunded: this review does not count toward the rating';

/** A product's rating: the average of its reviews (0 without any) and their count. */
export const ProductRatingSchema = z.object({ rating: z.number(), reviewCount: z.number() });
export type ProductRating = z.output<typeof ProductRatingSchema>;

export const ProductReviewSummarySchema = z.object({
  rating: z.number(),
  reviewCount: z.number(),
  /** 5 stars down to 1, each with its count. */
  distribution: z.array(z.object({ stars: z.number(), count: z.number() })),
});
export type ProductReviewSummary = z.output<typeof ProductReviewSummarySchema>;

export const SavedProductReviewSchema = z.object({ review: ProductReviewSchema, product: ProductRatingSchema });

const REVIEW_STANDINGS = ['signed_out', 'creator', 'not_obtained', 'can_review', 'reviewed'] as const;

/** What the caller may do on a product's reviews (the island asks: catalogue pages are shared). */
export const MyProductReviewSchema = z.object({
  /** signed_out; creator (their own product: they reply); not_obtained; can_review; reviewed (edit `review`). */
  standing: z.enum(REVIEW_STANDINGS),
  review: z.nullable(ProductReviewSchema),
});
export type MyProductReview = z.output<typeof MyProductReviewSchema>;

export const HelpfulVoteSchema = z.object({ helpfulCount: z.number(), votedHelpful: z.boolean() });

/** One of the caller's reviews ('Reviews you wrote'), with its product. */
export const WrittenReviewSchema = z.object({
  ...ProductReviewSchema.shape,
  product: z.object({ id: z.string(), title: z.string(), imageUrl: z.nullable(z.string()), available: z.boolean() }),
});
export type WrittenReview = z.output<typeof WrittenReviewSchema>;
