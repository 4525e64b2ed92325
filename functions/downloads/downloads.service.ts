/**
 * The download service of spec section 7: login required, published products only,
 * content by delivery type (src/shared/delivery.ts), a download record, and downloads_count
 * raised on a user's first download of the product only (docs/decisions/011). Deliverable files are private blobs: the answer links them
 * through GET /api/products/{id}/files/{name}, which checks the caller downloaded the product.
 */
import type { Db } from '../../db/database';
import type { BlobStore } from '../_shared/blob-store';
import { AppError } from '../_shared/errors';
import { downloadTypeFor, hasDeliverable, selectDelivery } from '../../src/shared/delivery';
import { toNumber } from '../../src/shared/products';
import { findDownloadableProduct, hasDownloaded, hasPaidDownload, recordDownload } from './downloads.repository';
import { isUuid } from '../../src/shared/ids';

export interface DownloadResult {
  success: true;
  message: string;
  contentText: string | null;
  downloadUrl: string | null;
  fileUrls: string[];
}

const PRIVATE_PREFIX = 'private:';

/** The URL a buyer fetches a private file through. */
export function fileUrlFor(productId: string, stored: string): string {
  const name = stored.startsWith(PRIVATE_PREFIX) ? stored.slice(stored.lastIndexOf('/') + 1) : stored;
  return stored.startsWith(PRIVATE_PREFIX) ? `/api/products/${productId}/files/${encodeURIComponent(name)}` : stored;
}

export async function downloadProduct(db: Db, userId: string | null | undefined, productId: string): Promise<DownloadResult> {
  if (!userId) throw new AppError('UNAUTHENTICATED', 'Please log in to download this product');
  if (!isUuid(productId)) throw new AppError('DOWNLOAD_UNAVAILABLE');
  const product = await findDownloadableProduct(db, productId).catch((error: unknown) => {
    console.error('[download] product lookup failed:', error);
    throw new AppError('DOWNLOAD_LOOKUP_FAILED');
  });
  if (!product) throw new AppError('DOWNLOAD_UNAVAILABLE');
  const delivery = selectDelivery(product);
  if (!hasDeliverable(delivery)) throw new AppError('NO_DOWNLOADABLE_CONTENT');

  // A buyer pays once: downloading a paid product again (Redownload) is recorded as free,
  // so it is not counted as a second sale.
  const priced = downloadTypeFor(product.price) === 'paid';
  const downloadType = priced && !(await hasPaidDownload(db, userId, productId)) ? 'paid' : 'free';
  await recordDownload(db, {
    userId,
    productId,
    downloadType,
    amount: downloadType === 'paid' ? toNumber(product.price, 0) : 0,
    contentAccessed: product.content_delivery_type,
  }).catch((error: unknown) => {
    // Nothing is delivered unless the download was recorded (one transaction, so nothing half-written).
    console.error('[download] recording failed:', error);
    throw new AppError('DOWNLOAD_FAILED');
  });
  return {
    success: true,
    message: downloadType === 'paid' ? 'Purchase successful!' : 'Download started!',
    contentText: delivery.contentText,
    downloadUrl: delivery.downloadUrl,
    fileUrls: delivery.fileUrls.map((u) => fileUrlFor(productId, u)),
  };
}

/** A private deliverable, for a signed-in user who downloaded the (still published) product. */
export async function readDeliverable(db: Db, blobs: BlobStore, userId: string | null | undefined, productId: string, name: string) {
  if (!userId) throw new AppError('UNAUTHENTICATED', 'Please log in to download this product');
  if (!isUuid(productId)) throw new AppError('DOWNLOAD_UNAVAILABLE');
  const product = await findDownloadableProduct(db, productId);
  if (!product) throw new AppError('DOWNLOAD_UNAVAILABLE');
  const stored = (product.file_urls ?? []).find((u) => u.startsWith(PRIVATE_PREFIX) && u.slice(u.lastIndexOf('/') + 1) === name);
  if (!stored) throw new AppError('NOT_FOUND', 'File not found');
  if (!(await hasDownloaded(db, userId, productId))) throw new AppError('FORBIDDEN', 'Download this product first');
  const body = await blobs.get(stored.slice(PRIVATE_PREFIX.length), 'private');
  if (!body) throw new AppError('NOT_FOUND', 'File not found');
  return { name, body };
}
