/**
 * The download service of spec section 7: login required, published products only,
 * content by delivery type (src/shared/delivery.ts), a download record, and downloads_count
 * raised on a user's first download of the product only (docs/decisions/011). Deliverable files are private blobs: the answer links them
 * through GET /api/products/{id}/files/{name}, which checks the caller may still access it.
 *
 * Payments (issue 11): a paid product (src/shared/payments purchaseKind) is delivered only to
 * its creator or a buyer with an entitlement (a paid order or an active subscription,
 * functions/payments); anyone else gets 402 PAYMENT_REQUIRED and nothing about the content.
 * An archived product stays downloadable for those who paid for it.
 *
 * Licence keys (docs/decisions/026): a free product that issues them gives the downloading
 * buyer their key with their first download (a priced product's come with its orders).
 */
import type { Db } from '@/db/database';
import type { BlobStore } from '../_shared/blob-store';
import { AppError } from '../_shared/errors';
import { downloadTypeFor, hasDeliverable, selectDelivery } from '@/src/shared/delivery';
import { toNumber } from '@/src/shared/products';
import { canAccessProduct, hasPaidAccess } from '../payments/checkout.service';
import { freeLicenseKeyFor } from '../licenses/licenses.service';
import { findDownloadableProduct, hasDownloaded, hasPaidDownload, recordDownload } from './downloads.repository';
import { isUuid } from '@/src/shared/ids';
import type { DownloadResult } from '@/src/shared/api/schemas/products';

const PRIVATE_PREFIX = 'private:';

/** The URL a buyer fetches a private file through. */
function fileUrlFor(productId: string, stored: string): string {
  const name = stored.startsWith(PRIVATE_PREFIX) ? stored.slice(stored.lastIndexOf('/') + 1) : stored;
  return stored.startsWith(PRIVATE_PREFIX) ? `/api/products/${productId}/files/${encodeURIComponent(name)}` : stored;
}

type DownloadableProduct = NonNullable<Awaited<ReturnType<typeof findDownloadableProduct>>>;

/**
 * Published: its creator, anyone for a free product, a buyer with an entitlement; anyone else
 * must pay (402, before anything about the content). Archived: only those who paid for it.
 */
async function assertAccess(db: Db, userId: string, product: DownloadableProduct): Promise<void> {
  if (product.status !== 'published') {
    if (!(await hasPaidAccess(db, userId, product.id))) throw new AppError('DOWNLOAD_UNAVAILABLE');
    return;
  }
  if (!(await canAccessProduct(db, userId, product))) throw new AppError('PAYMENT_REQUIRED');
}

export async function downloadProduct(db: Db, userId: string | null | undefined, productId: string): Promise<DownloadResult> {
  if (!userId) throw new AppError('UNAUTHENTICATED', 'Please log in to download this product');
  if (!isUuid(productId)) throw new AppError('DOWNLOAD_UNAVAILABLE');
  const product = await findDownloadableProduct(db, productId).catch((error: unknown) => {
    console.error('[download] product lookup failed:', error);
    throw new AppError('DOWNLOAD_LOOKUP_FAILED');
  });
  if (!product) throw new AppError('DOWNLOAD_UNAVAILABLE');
  // Checked before anything about the content is looked at or answered.
  await assertAccess(db, userId, product);
  const delivery = selectDelivery(product);
  if (!hasDeliverable(delivery)) throw new AppError('NO_DOWNLOADABLE_CONTENT');

  // The first download of a bought product is its paid download (spec section 9: priced ->
  // paid); downloading it again (Redownload) and a creator's own downloads are recorded free.
  // The money itself is in the order (functions/payments), not here.
  const priced = downloadTypeFor(product.price) === 'paid' && product.creator_id !== userId;
  const downloadType = priced && !(await hasPaidDownload(db, userId, productId)) ? 'paid' : 'free';
  await recordDownload(db, {
    userId,
    productId,
    downloadType,
    amount: downloadType === 'paid' ? toNumber(product.price, 0) : 0,
    contentAccessed: product.content_delivery_type,
    freeLicenseKey: freeLicenseKeyFor(product, userId),
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

/** A private deliverable, for a signed-in user who downloaded the product and may still access it. */
export async function readDeliverable(db: Db, blobs: BlobStore, userId: string | null | undefined, productId: string, name: string) {
  if (!userId) throw new AppError('UNAUTHENTICATED', 'Please log in to download this product');
  if (!isUuid(productId)) throw new AppError('DOWNLOAD_UNAVAILABLE');
  const product = await findDownloadableProduct(db, productId);
  if (!product) throw new AppError('DOWNLOAD_UNAVAILABLE');
  const stored = (product.file_urls ?? []).find((u) => u.startsWith(PRIVATE_PREFIX) && u.slice(u.lastIndexOf('/') + 1) === name);
  if (!stored) throw new AppError('NOT_FOUND', 'File not found');
  await assertAccess(db, userId, product);
  if (!(await hasDownloaded(db, userId, productId))) throw new AppError('FORBIDDEN', 'Download this product first');
  const body = await blobs.get(stored.slice(PRIVATE_PREFIX.length), 'private');
  if (!body) throw new AppError('NOT_FOUND', 'File not found');
  return { name, body };
}
