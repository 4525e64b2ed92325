/**
 * POST /api/uploads/images (multipart: file, slot main|featured|additional, index): one
 * product image into the caller's own folder, checked and compressed on the server.
 * 201 with the stored image; 401 'User not authenticated'; 415 'File {name} is not an image'.
 */
import { getDb } from '@/db/database';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { endpoint } from '@/functions/_shared/endpoint';
import { readUpload } from '@/functions/uploads/read-upload';
import { IMAGE_UPLOAD_MAX_BYTES, uploadProductImage } from '@/functions/uploads/uploads.service';
import { uploadImage as route } from '@/src/shared/api/routes/uploads';

export const POST = endpoint(route, async ({ user, context }) => {
  const { file, fields } = await readUpload(context.request, IMAGE_UPLOAD_MAX_BYTES, route.body.fields);
  return uploadProductImage(await getDb(), getBlobStore(), user.id, fields, file);
});
