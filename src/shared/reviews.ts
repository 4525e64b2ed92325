/**
 * Seller reviews (spec sections 3, 7 and 8): a rating of 1 to 5 with a text, one per
 * reviewer and seller. Isomorphic: the review form and functions/reviews share the rules
 * (ReviewInputSchema in src/shared/api/schemas/profile.ts).
 */

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
