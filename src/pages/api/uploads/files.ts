/**
 * POST /api/uploads/files (multipart: file): one deliverable (ZIP, RAR, PDF, DOC, TXT, JSON,
 * XML, CSV; at most 25 MB) into the caller's private folder. The answer's `url` is a
 * `private:` reference for the product's file_urls; buyers reach the file only through
 * GET /api/products/{id}/files/{name} after a download.
 */
import { getDb } from '@/db/database';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { endpoint } from '@/functions/_shared/endpoint';
import { readUpload } from '@/functions/uploads/read-upload';
import { DELIVERABLE_MAX_BYTES, uploadDeliverable } from '@/functions/uploads/uploads.service';
import { uploadFile as route } from '@/src/shared/api/routes/uploads';

export const POST = endpoint(route, async ({ user, context }) => {
  const { file } = await readUpload(context.request, DELIVERABLE_MAX_BYTES, route.body.fields);
  return uploadDeliverable(await getDb(), getBlobStore(), user.id, file);
});
