// ---------------------------------------------------------------------------
// Product reviews (issue 15, docs/decisions/029)
// ---------------------------------------------------------------------------

/** The orders of a product's reviews on its page. */
export const PRODUCT_REVIEW_SORTS = ['newest', 'helpful', 'lowest'] as const;
export type ProductReviewSort = (typeof PRODUCT_REVIEW_SORTS)[number];
export const PRODUCT_REVIEW_SORT_LABELS: Record<ProductReviewSort, string> = { newest: 'Newest', helpful: 'Most helpful', lowest: 'Lowest rated' };
