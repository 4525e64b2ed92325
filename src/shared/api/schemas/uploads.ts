/**
 * Uploads as the API answers them (src/shared/api/routes/uploads.ts): a stored product image,
 * a stored deliverable, and the caller's storage against their quota. The services'
 * TypeScript types are derived from these (functions/uploads/uploads.service.ts).
 */
import * as z from 'zod/mini';
import { IMAGE_SLOTS } from '../../domain';

export const UploadedImageSchema = z.object({
  /** Public URL of the stored image (a local /blobs/... path or the blob store's https URL). */
  url: z.string(),
  pathname: z.string(),
  slot: z.enum(IMAGE_SLOTS),
  name: z.string(),
  contentType: z.string(),
  width: z.number(),
  height: z.number(),
  /** Bytes sent, and bytes stored after compression. */
  originalSize: z.number(),
  size: z.number(),
  compressed: z.boolean(),
});
export type UploadedImage = z.output<typeof UploadedImageSchema>;

export const UploadedFileSchema = z.object({
  /** A `private:` reference for the product's file_urls: buyers reach it only through a download. */
  url: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
});
export type UploadedFile = z.output<typeof UploadedFileSchema>;

export const StorageUsageSchema = z.object({ usedBytes: z.number(), quotaBytes: z.number() });
export type StorageUsage = z.output<typeof StorageUsageSchema>;

/** `removed: false` when one of the caller's products still uses the file (it is kept). */
export const RemovedUploadSchema = z.object({ removed: z.boolean() });
