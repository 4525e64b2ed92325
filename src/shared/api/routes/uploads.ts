/**
 * A creator's uploads: product images (checked and compressed on the server), private
 * deliverables, removing one, and the storage they take against the account's quota
 * (docs/decisions/006 and 011). Files go into the caller's own folders; nothing a client sends
 * names a folder.
 */
import * as z from 'zod/mini';
import { IMAGE_SLOTS } from '../../domain';
import { defineRoute, json, multipart } from '../contract';
import { maxLength, strictObject, userText } from '../schemas/fields';
import { RemovedUploadSchema, StorageUsageSchema, UploadedFileSchema, UploadedImageSchema } from '../schemas/uploads';

export const getStorageUsage = defineRoute({
  method: 'GET',
  path: '/api/uploads/usage',
  operationId: 'getStorageUsage',
  tag: 'Uploads',
  summary: "The caller's storage: every file they uploaded against their quota (2 GB by default)",
  auth: 'user',
  scope: 'products:read',
  response: json(StorageUsageSchema),
});

export const uploadImage = defineRoute({
  method: 'POST',
  path: '/api/uploads/images',
  operationId: 'uploadProductImage',
  tag: 'Uploads',
  summary: 'Upload one product image (at most 20 MB; compressed when over 2 MB)',
  description:
    'multipart/form-data with `file`, `slot` (main, featured or additional) and `index` (0 to 99, the position among additional images). ' +
    "What the file is comes from its bytes, never its name. Put the answer's `url` in the product's image_url, featured_image_url or additional_images.",
  auth: 'user',
  scope: 'products:write',
  body: multipart(
    strictObject({
      slot: z.enum(IMAGE_SLOTS, 'Choose main, featured or additional'),
      index: z._default(
        z.pipe(
          z.string().check(z.regex(/^\d{1,2}$/, 'A whole number from 0 to 99')),
          z.transform((v: string) => Number(v)),
        ),
        0,
      ),
    }),
  ),
  status: 201,
  response: json(UploadedImageSchema),
  errors: ['NOT_AN_IMAGE', 'FILE_TOO_LARGE', 'IMAGE_TOO_MANY_PIXELS', 'IMAGE_COMPRESSION_FAILED', 'STORAGE_QUOTA_EXCEEDED', 'UPLOAD_FAILED'],
});

export const uploadFile = defineRoute({
  method: 'POST',
  path: '/api/uploads/files',
  operationId: 'uploadDeliverable',
  tag: 'Uploads',
  summary: 'Upload one private deliverable (ZIP, RAR, PDF, DOC, TXT, JSON, XML or CSV; at most 25 MB)',
  description:
    "multipart/form-data with `file`. The answer's `url` is a `private:` reference for the product's file_urls: buyers reach the file only through a download.",
  auth: 'user',
  scope: 'products:write',
  body: multipart(strictObject({})),
  status: 201,
  response: json(UploadedFileSchema),
  errors: ['UNSUPPORTED_FILE_TYPE', 'FILE_TOO_LARGE', 'STORAGE_QUOTA_EXCEEDED', 'UPLOAD_FAILED'],
});

export const removeUpload = defineRoute({
  method: 'DELETE',
  path: '/api/uploads',
  operationId: 'removeUpload',
  tag: 'Uploads',
  summary: 'Remove one of your uploaded files',
  description: 'A file one of your products still uses is kept (`removed: false`) until the product is saved without it.',
  auth: 'user',
  scope: 'products:write',
  body: json(strictObject({ url: userText((url) => (url ? maxLength(2000, 'At most 2000 characters')(url) : 'Required'), { required: 'Required' }) })),
  response: json(RemovedUploadSchema),
  errors: ['NOT_FOUND'],
  example: { body: { url: '/blobs/products/user-id/product-main-1764000000000-0.webp' } },
});

export const uploadRoutes = [getStorageUsage, uploadImage, uploadFile, removeUpload] as const;
