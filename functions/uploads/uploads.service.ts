/**
 * Uploads of product images and deliverable files (spec sections 5, 7 and 9), called by
 * src/pages/api/uploads/*. Signed-in users only ('User not authenticated').
 *
 * Invariants:
 * - The folder is always the caller's own: products/{userId}/ for images, deliverables/{userId}/
 *   for files. Nothing a client sends names a folder, and a remove outside the caller's
 *   folders answers not found and deletes nothing.
 * - What a file is comes from its bytes (image-pipeline.ts, file-types.ts), never its name or
 *   Content-Type.
 * - A failed upload leaves nothing behind: the blob store writes all or nothing, and nothing
 *   is written before every check has passed.
 * - Every stored file has a row in `uploads` (owner, size): an account's files never exceed its
 *   storage quota (STORAGE_QUOTA_BYTES, 2 GB), checked before writing and again, under a lock
 *   on the account, when the row is recorded; files attached to nothing are swept after a day
 *   (sweep.ts, docs/decisions/011).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '@/db/database';
import { BlobExistsError, type BlobStore } from '../_shared/blob-store';
import { AppError } from '../_shared/errors';
import { isStorageFull } from '@/env/storage-full';
import { storageFullError } from '../_shared/storage-full';
import { imagePrefix, productImagePath } from './blob-paths';
import { processImage, type PipelineLimits } from './image-pipeline';
import { DELIVERABLE_FORMATS_LABEL, displayName, extensionOf, isDeliverableExtension, matchesFormat, safeFileName } from './file-types';
import { deleteUploadRow, isUsedByOwnProducts, lockStorageOf, saveUploadRow, storageUsedBy, type UploadRow } from './uploads.repository';
import { contentTypeFor } from '../_shared/blob-store';
import { getEnv } from '@/env';
import { formatBytes } from '@/src/shared/format';
import type { BlobAccess, ImageSlot } from '@/src/shared/domain';
import type { StorageUsage, UploadedFile, UploadedImage } from '@/src/shared/api/schemas/uploads';

export const IMAGE_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const DELIVERABLE_MAX_BYTES = 25 * 1024 * 1024;

export interface UploadFile {
  name: string;
  bytes: Buffer;
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Ids name folders: anything that could change the path is refused outright. */
function ownFolderId(userId: string | null | undefined): string {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(userId)) throw new AppError('FORBIDDEN');
  return userId;
}

export function deliverablePrefix(userId: string): string {
  return `deliverables/${userId}/`;
}

/** GET /api/uploads/usage: what the editor shows as 'Storage: 12.4 MB of 2 GB used'. */
export async function getStorageUsage(db: Db, userId: string | null | undefined): Promise<StorageUsage> {
  const owner = ownFolderId(userId);
  return { usedBytes: await storageUsedBy(db, owner), quotaBytes: getEnv().STORAGE_QUOTA_BYTES };
}

function quotaExceeded(used: number, quota: number, size: number): AppError {
  const left = Math.max(0, quota - used);
  const message =
    left === 0
      ? `You have used all of your ${formatBytes(quota)} of storage. Remove files you no longer need and try again.`
      : `This file needs ${formatBytes(size)}, but only ${formatBytes(left)} of your ${formatBytes(quota)} of storage is left. Remove files you no longer need and try again.`;
  return new AppError('STORAGE_QUOTA_EXCEEDED', message);
}

/**
 * Refuses, before anything is written, a file that would take the account over its quota.
 * `replacing` is a path the new file overwrites (an avatar): its old size is not counted.
 */
export async function assertStorageFor(db: Db, userId: string, size: number, replacing?: string): Promise<void> {
  const quota = getEnv().STORAGE_QUOTA_BYTES;
  const used = await storageUsedBy(db, userId, replacing);
  if (used + size > quota) throw quotaExceeded(used, quota, size);
}

/**
 * Records a stored file against its owner's quota. The check runs again under a lock on the
 * account, so concurrent uploads cannot together pass the quota; the loser's file is deleted.
 */
async function recordUpload(db: Db, blobs: BlobStore, row: UploadRow): Promise<void> {
  const quota = getEnv().STORAGE_QUOTA_BYTES;
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await lockStorageOf(trx, row.userId))) throw new AppError('PROFILE_NOT_FOUND');
      const used = await storageUsedBy(trx, row.userId, row.pathname);
      if (used + row.size > quota) throw quotaExceeded(used, quota, row.size);
      await saveUploadRow(trx, row);
    });
  } catch (error) {
    await blobs.delete(row.pathname, row.access).catch((e: unknown) => console.warn(`[uploads] could not remove ${row.pathname}:`, (e as Error).message));
    throw error;
  }
}

/** Deletes a stored file and its row; the row goes only once the file is gone. */
async function deleteUpload(db: Db, blobs: BlobStore, pathname: string, access: BlobAccess): Promise<void> {
  await blobs.delete(pathname, access);
  await deleteUploadRow(db, pathname);
}

async function putOnce(blobs: BlobStore, pathnameFor: (attempt: number) => string, body: Buffer, contentType: string, access: BlobAccess) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await blobs.put(pathnameFor(attempt), body, { contentType, access, overwrite: false });
    } catch (error) {
      if (error instanceof BlobExistsError) continue; // same millisecond and index: take the next stamp
      if (isStorageFull(error)) throw storageFullError(error, `storing ${pathnameFor(attempt)}`);
      console.error('[uploads] storing a file failed:', error);
      throw new AppError('UPLOAD_FAILED');
    }
  }
  throw new AppError('UPLOAD_FAILED');
}

/** One product image (its slot and index parsed by the route): checked, compressed when over 2 MB, stored at the spec's path. */
export async function uploadProductImage(
  db: Db,
  blobs: BlobStore,
  userId: string | null | undefined,
  { slot, index }: { slot: ImageSlot; index: number },
  file: UploadFile | null,
  options: { now?: number; limits?: PipelineLimits } = {},
): Promise<UploadedImage> {
  const owner = ownFolderId(userId);
  if (!file) throw new AppError('VALIDATION_FAILED', 'Choose an image to upload', { file: 'Choose an image to upload' });
  const name = displayName(file.name);
  if (file.bytes.length > IMAGE_UPLOAD_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', `File ${name} is too large (max ${mb(IMAGE_UPLOAD_MAX_BYTES)})`);
  if (file.bytes.length === 0) throw new AppError('NOT_AN_IMAGE', `File ${name} is not an image`);
  const image = await processImage(file.bytes, name, options.limits);
  await assertStorageFor(db, owner, image.size);
  const stamp = options.now ?? Date.now();
  const stored = await putOnce(blobs, (attempt) => productImagePath(owner, slot, stamp + attempt, index, image.ext), image.body, image.contentType, 'public');
  await recordUpload(db, blobs, { userId: owner, kind: 'image', pathname: stored.pathname, url: stored.url, access: 'public', size: image.size });
  return {
    url: stored.url,
    pathname: stored.pathname,
    slot,
    name,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    originalSize: image.originalSize,
    size: image.size,
    compressed: image.compressed,
  };
}

/** One deliverable file, private: reachable only through the download endpoint. */
export async function uploadDeliverable(db: Db, blobs: BlobStore, userId: string | null | undefined, file: UploadFile | null): Promise<UploadedFile> {
  const owner = ownFolderId(userId);
  if (!file) throw new AppError('VALIDATION_FAILED', 'Choose a file to upload', { file: 'Choose a file to upload' });
  const name = displayName(file.name);
  const ext = extensionOf(file.name);
  if (!isDeliverableExtension(ext)) throw new AppError('UNSUPPORTED_FILE_TYPE', `File ${name} is not a supported format (${DELIVERABLE_FORMATS_LABEL})`);
  if (file.bytes.length > DELIVERABLE_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', `File ${name} is too large (max ${mb(DELIVERABLE_MAX_BYTES)})`);
  if (file.bytes.length === 0) throw new AppError('UNSUPPORTED_FILE_TYPE', `File ${name} is empty`);
  if (!matchesFormat(ext, file.bytes)) throw new AppError('UNSUPPORTED_FILE_TYPE', `File ${name} is not a valid ${ext.toUpperCase()} file`);
  await assertStorageFor(db, owner, file.bytes.length);
  const safeName = safeFileName(file.name);
  const contentType = contentTypeFor(safeName);
  // A random folder per file: two files of the same name never collide, and the path says
  // nothing guessable about the product.
  const stored = await putOnce(blobs, () => `${deliverablePrefix(owner)}${randomBytes(12).toString('hex')}/${safeName}`, file.bytes, contentType, 'private');
  await recordUpload(db, blobs, { userId: owner, kind: 'file', pathname: stored.pathname, url: stored.url, access: 'private', size: file.bytes.length });
  return { url: stored.url, name: safeName, size: file.bytes.length, contentType };
}

/**
 * Removes an uploaded file (its URL, as the upload answered it) from the caller's folders. A
 * file one of the caller's products still uses is kept (the product would lose it); saving the
 * product without it releases it.
 */
export async function removeUpload(db: Db, blobs: BlobStore, userId: string | null | undefined, url: string): Promise<{ removed: boolean }> {
  const owner = ownFolderId(userId);
  const location = blobs.locate(url);
  const prefix = location?.access === 'private' ? deliverablePrefix(owner) : imagePrefix(owner);
  if (!location || !location.pathname.startsWith(prefix)) throw new AppError('NOT_FOUND', 'File not found');
  if (await isUsedByOwnProducts(db, owner, url)) return { removed: false };
  await deleteUpload(db, blobs, location.pathname, location.access);
  return { removed: true };
}

/**
 * Deletes files a product no longer uses (after an update or a delete): only files in the
 * owner's folders, only when no other product of theirs uses them. Best effort: a failure is
 * logged and never fails the save.
 */
export async function releaseUnusedUploads(db: Db, blobs: BlobStore, userId: string, urls: readonly string[]): Promise<void> {
  for (const url of new Set(urls)) {
    const location = blobs.locate(url);
    if (!location) continue;
    const prefix = location.access === 'private' ? deliverablePrefix(userId) : imagePrefix(userId);
    if (!location.pathname.startsWith(prefix)) continue;
    try {
      if (await isUsedByOwnProducts(db, userId, url)) continue;
      await deleteUpload(db, blobs, location.pathname, location.access);
    } catch (error) {
      console.warn(`[uploads] could not release ${location.pathname}:`, (error as Error).message);
    }
  }
}
