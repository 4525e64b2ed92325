/**
 * Uploads attached to no product and to no profile (avatar, banner) 24 hours after they were
 * stored are deleted, file and row: an editor session abandoned before saving leaves nothing
 * behind for long (docs/decisions/011). Run by the periodic sweep (functions/maintenance/sweep.ts).
 * Each upload's row is deleted first, by a statement that re-checks it is still unattached,
 * so a product saved meanwhile keeps its file; when the file cannot be deleted the row is put
 * back for the next run.
 */
import type { Db } from '@/db/database';
import type { BlobStore } from '../_shared/blob-store';
import { deleteUploadRowIfUnattached, findUnattachedUploads, restoreUploadRow } from './uploads.repository';

const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Per run: a backlog is worked off over several runs instead of one long one. */
const SWEEP_BATCH = 500;

export async function sweepUnattachedUploads(db: Db, blobs: BlobStore, now = new Date()): Promise<{ deleted: number; bytes: number }> {
  const candidates = await findUnattachedUploads(db, new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS), SWEEP_BATCH);
  let deleted = 0;
  let bytes = 0;
  for (const upload of candidates) {
    if (!(await deleteUploadRowIfUnattached(db, upload.id))) continue;
    try {
      await blobs.delete(upload.pathname, upload.access);
      deleted++;
      bytes += Number(upload.size_bytes);
    } catch (error) {
      console.warn(`[sweep] could not delete ${upload.pathname}, retrying next run:`, (error as Error).message);
      await restoreUploadRow(db, {
        userId: upload.user_id,
        kind: upload.kind,
        pathname: upload.pathname,
        url: upload.url,
        access: upload.access,
        size: Number(upload.size_bytes),
        createdAt: upload.created_at,
      });
    }
  }
  return { deleted, bytes };
}
