/**
 * The stock image of a product without one (spec section 2, card). On its own so that the
 * marketplace's cards use it without loading products.ts and the product enums it needs
 * (the marketplace's JavaScript budget, docs/benchmarks.md); products.ts re-exports it.
 */
export const FALLBACK_IMAGE = '/images/product-fallback.svg';
