/**
 * POST /api/uploads/images (multipart: file, slot main|featured|additional, index): one
 * product image into the caller's own folder, checked and compressed on the server.
 * 201 with the stored image; 401 'User not authenticated'; 415 'File {name} is not an image'.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { handle, json } from '@/functions/_shared/http';
import { readUpload } from '@/functions/uploads/read-upload';
import { IMAGE_UPLOAD_MAX_BYTES, uploadProductImage } from '@/functions/uploads/uploads.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  const { file, fields } = await readUpload(context.request, IMAGE_UPLOAD_MAX_BYTES);
  return json(await uploadProductImage(await getDb(), getBlobStore(), user.id, fields, file), { status: 201 });
});
