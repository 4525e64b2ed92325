/**
 * POST   /api/profile/avatar (multipart: file): replaces the signed-in user's avatar; { kind, url }.
 * DELETE /api/profile/avatar: removes it; { kind, url: null }.
 */
import { getDb } from '@/db/database';
import { getBlobStore } from '@/functions/_shared/blob-store';
import { endpoint } from '@/functions/_shared/endpoint';
import { readUpload } from '@/functions/uploads/read-upload';
import { PROFILE_IMAGE_UPLOAD_MAX_BYTES, removeProfileImage, uploadProfileImage } from '@/functions/profiles/profile-images.service';
import * as routes from '@/src/shared/api/routes/profile';

export const POST = endpoint(routes.uploadAvatar, async ({ user, context }) => {
  const { file } = await readUpload(context.request, PROFILE_IMAGE_UPLOAD_MAX_BYTES);
  return uploadProfileImage(await getDb(), getBlobStore(), user.id, 'avatar', file);
});

export const DELETE = endpoint(routes.removeAvatar, async ({ user }) => removeProfileImage(await getDb(), getBlobStore(), user.id, 'avatar'));
