/**
 * Where uploaded product images live in the blob store, and which stored paths never change.
 * A product image's path carries its upload time and is written with `overwrite: false`
 * (uploads.service.ts), so the bytes behind it are fixed for as long as it exists: the blob
 * route (src/pages/blobs/[...path].ts) lets browsers and CDNs keep it for a year
 * (docs/decisions/017). Avatars and banners are rewritten in place and are not such paths.
 * No imports with side effects: the blob route loads this without the image pipeline.
 */

export function imagePrefix(userId: string): string {
  return `products/${userId}/`;
}

/** products/{userId}/product-{slot}-{timestamp}-{index}.{ext} (spec section 7). */
export function productImagePath(userId: string, slot: string, stamp: number, index: number, ext: string): string {
  return `${imagePrefix(userId)}product-${slot}-${stamp}-${index}.${ext}`;
}

const PRODUCT_IMAGE_PATH = /^products\/[A-Za-z0-9_-]{1,100}\/product-[a-z]+-\d{10,}-\d{1,3}\.[a-z0-9]{1,5}$/;

/** A path productImagePath builds: content that never changes under it. */
export function isProductImagePath(pathname: string): boolean {
  return PRODUCT_IMAGE_PATH.test(pathname);
}
