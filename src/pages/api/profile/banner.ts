/**
 * POST   /api/profile/banner (multipart: file): replaces the signed-in user's banner; { kind, url }.
 * DELETE /api/profile/banner: removes it; { kind, url: null }.
 */
import { getDb } from '@/db/database';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { readUpload } from '@/functions/uploads/read-upload';
import { PROFILE_IMAGE_UPLOAD_MAX_BYTES, removeProfileImage, uploadProfileImage } from '@/functions/profiles/profile-images.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  const { file } = await readUpload(context.request, PROFILE_IMAGE_UPLOAD_MAX_BYTES);
  return json(await uploadProfileImage(await getDb(), getBlobStore(), user.id, 'banner', file));
});

export const DELETE = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await removeProfileImage(await getDb(), getBlobStore(), user.id, 'banner'));
});
