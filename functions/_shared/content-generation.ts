/**
 * The content generation: a number that moves on at every content change, so that what is kept
 * in memory about published content (the similar-products buckets of
 * functions/catalogue/product-page.service.ts) is read afresh. Every page refresh request moves it
 * (functions/rebuilds/rebuilds.service.ts). Here, in no domain, so that the rebuilds and the
 * catalogue share it without importing each other (docs/decisions/063).
 */
let generation = 0;

/** Content changed: what was kept of an older generation is stale. */
export function contentChanged(): void {
  generation++;
}

export function contentGeneration(): number {
  return generation;
}
