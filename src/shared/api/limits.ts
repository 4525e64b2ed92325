/**
 * The page size bounds of every list (contract.ts `limit`), apart from the zod schemas so that
 * browser code (the favorites store, in every page's shell) can use them without zod.
 */
export const LIMIT_MAX = 100;
export const LIMIT_DEFAULT = 20;
