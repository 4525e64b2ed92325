/**
 * POST /api/uploads/files (multipart: file): one deliverable (ZIP, RAR, PDF, DOC, TXT, JSON,
 * XML, CSV; at most 25 MB) into the caller's private folder. The answer's `url` is a
 * `private:` reference for the product's file_urls; buyers reach the file only through
 * GET /api/products/{id}/files/{name} after a download.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { handle, json } from '@/functions/_shared/http';
import { readUpload } from '@/functions/uploads/read-upload';
import { DELIVERABLE_MAX_BYTES, uploadDeliverable } from '@/functions/uploads/uploads.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  const { file } = await readUpload(context.request, DELIVERABLE_MAX_BYTES);
  return json(await uploadDeliverable(await getDb(), getBlobStore(), user.id, file), { status: 201 });
});
