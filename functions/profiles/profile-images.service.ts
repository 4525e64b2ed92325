/**
 * Avatar and banner of one's own profile (spec sections 2, 6, 7, 8 and 9). Called by
 * src/pages/api/profile/avatar.ts and banner.ts with the signed-in user.
 *
 * - The image pipeline of the uploads work (functions/uploads/image-pipeline.ts, sharp) decides
 *   from the bytes whether the file is an image ('Please select an image file' otherwise) and
 *   compresses it: the avatar with the default settings (2 MB, 1920 px, quality 0.8, fallback
 *   1 MB at 0.6), the banner at most 5 MB, 1920 px, quality 0.85 (fallback half the size at 0.6).
 * - Paths come from the session only: avatars/{userId}/avatar.{ext}, banners/{userId}/banner.{ext}.
 * - The new file is written first, then the profile points at it, then the old file is
 *   removed (when it had another extension; the same path was simply overwritten). Writing
 *   first means a failed upload never leaves the profile without its picture. The stored URL
 *   carries ?v=<time> so browsers and CDNs do not keep showing the previous picture.
 * - Only files in the user's own folder are ever removed.
 * - The picture counts against the account's storage quota (an `uploads` row, written in the
 *   same transaction that points the profile at it; docs/decisions/011).
 */
import type { Db } from '@/db/database';
import type { BlobStore } from '../_shared/blob-store';
import { AppError } from '../_shared/errors';
import { isStorageFull } from '@/env/storage-full';
import { storageFullError } from '../_shared/storage-full';
import { processImage, type PipelineLimits } from '../uploads/image-pipeline';
import { deleteUploadRow, saveUploadRow } from '../uploads/uploads.repository';
import { assertStorageFor, type UploadFile } from '../uploads/uploads.service';
import { lockProfileImages, setAvatarUrl, setBannerUrl } from './profiles.repository';
import type { ProfileImageKind } from '@/src/shared/domain';

const MB = 1024 * 1024;
/** Largest file accepted before compression (a phone photo is 3-12 MB). */
export const PROFILE_IMAGE_UPLOAD_MAX_BYTES = 20 * MB;

const PROFILE_IMAGE_LIMITS: Record<ProfileImageKind, PipelineLimits | undefined> = {
  // Spec section 9: 'avatar default settings' - the pipeline's own defaults.
  avatar: undefined,
  banner: {
    keepMaxBytes: 5 * MB,
    steps: [
      { maxBytes: 5 * MB, quality: 0.85 },
      { maxBytes: 2.5 * MB, quality: 0.6 },
    ],
  },
};

const NOT_AN_IMAGE_MESSAGE = 'Please select an image file';

function ownFolderId(userId: string | null | undefined): string {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(userId)) throw new AppError('FORBIDDEN');
  return userId;
}

function profileImageFolder(kind: ProfileImageKind, userId: string): string {
  return `${kind === 'avatar' ? 'avatars' : 'banners'}/${userId}/`;
}

/** The stored path behind a profile picture URL, when it is in the user's own folder. */
function ownPath(blobs: BlobStore, kind: ProfileImageKind, userId: string, url: string | null | undefined): string | null {
  if (!url) return null;
  const location = blobs.locate(url.split('?')[0] ?? url);
  if (!location || location.access !== 'public' || !location.pathname.startsWith(profileImageFolder(kind, userId))) return null;
  return location.pathname;
}

export interface ProfileImageResult {
  kind: ProfileImageKind;
  url: string | null;
}

export async function uploadProfileImage(
  db: Db,
  blobs: BlobStore,
  userId: string | null | undefined,
  kind: ProfileImageKind,
  file: UploadFile | null,
  now = Date.now(),
): Promise<ProfileImageResult> {
  const owner = ownFolderId(userId);
  if (!file || file.bytes.length === 0) throw new AppError('NOT_AN_IMAGE', NOT_AN_IMAGE_MESSAGE);
  if (file.bytes.length > PROFILE_IMAGE_UPLOAD_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', `The file is too large (max ${PROFILE_IMAGE_UPLOAD_MAX_BYTES / MB} MB)`);
  let image;
  try {
    image = await processImage(file.bytes, file.name, PROFILE_IMAGE_LIMITS[kind]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_AN_IMAGE') throw new AppError('NOT_AN_IMAGE', NOT_AN_IMAGE_MESSAGE);
    throw error;
  }
  const pathname = `${profileImageFolder(kind, owner)}${kind}.${image.ext}`;
  await assertStorageFor(db, owner, image.size, pathname);
  let stored;
  try {
    stored = await blobs.put(pathname, image.body, { contentType: image.contentType, access: 'public', overwrite: true });
  } catch (error) {
    if (isStorageFull(error)) throw storageFullError(error, `storing ${pathname}`);
    console.error(`[profiles] storing the ${kind} failed:`, error);
    throw new AppError('UPLOAD_FAILED', kind === 'banner' ? 'Failed to upload cover photo' : 'Failed to upload image');
  }
  const url = `${stored.url}?v=${now}`;
  const previous = await db.transaction().execute(async (trx) => {
    const current = await lockProfileImages(trx, owner);
    if (!current) throw new AppError('PROFILE_NOT_FOUND');
    if (kind === 'avatar') await setAvatarUrl(trx, owner, url);
    else await setBannerUrl(trx, owner, url);
    await saveUploadRow(trx, { userId: owner, kind, pathname: stored.pathname, url: stored.url, access: 'public', size: image.size });
    return kind === 'avatar' ? current.avatar_url : current.banner_image_url;
  });
  const old = ownPath(blobs, kind, owner, previous);
  if (old && old !== stored.pathname) await removeQuietly(db, blobs, old);
  return { kind, url };
}

export async function removeProfileImage(db: Db, blobs: BlobStore, userId: string | null | undefined, kind: ProfileImageKind): Promise<ProfileImageResult> {
  const owner = ownFolderId(userId);
  const previous = await db.transaction().execute(async (trx) => {
    const current = await lockProfileImages(trx, owner);
    if (!current) throw new AppError('PROFILE_NOT_FOUND');
    if (kind === 'avatar') await setAvatarUrl(trx, owner, null);
    else await setBannerUrl(trx, owner, null);
    return kind === 'avatar' ? current.avatar_url : current.banner_image_url;
  });
  const old = ownPath(blobs, kind, owner, previous);
  if (old) await removeQuietly(db, blobs, old);
  return { kind, url: null };
}

/** A file left behind costs storage, not correctness: log and go on (its row stays for the sweep). */
async function removeQuietly(db: Db, blobs: BlobStore, pathname: string): Promise<void> {
  try {
    await blobs.delete(pathname, 'public');
    await deleteUploadRow(db, pathname);
  } catch (error) {
    console.warn(`[profiles] could not remove ${pathname}:`, (error as Error).message);
  }
}
