/**
 * The periodic sweep (docs/decisions/011), run hourly by `npm start`'s job worker (sweep.job.ts,
 * docs/decisions/040) and daily by Vercel Cron through GET /api/cron/sweep:
 * - uploads attached to no product and to no profile (avatar, banner) 24 hours after they
 *   were stored are deleted, file and row: an editor session abandoned before saving leaves
 *   nothing behind for long;
 * - rate-limit windows that ended and view-count days before yesterday are dropped (they only
 *   decide the present; the counted views stay in product_interactions).
 * - creator webhook deliveries that are due are sent (functions/webhooks/deliveries.service.ts,
 *   docs/decisions/027); `npm start` also sends them every minute between sweeps (deliveries.job.ts).
 * Each upload's row is deleted first, by a statement that re-checks it is still unattached,
 * so a product saved meanwhile keeps its file; when the file cannot be deleted the row is put
 * back for the next run.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '@/db/database';
import type { BlobStore } from '../_shared/blob-store';
import { pruneRateLimitCounters } from '../_shared/rate-limit';
import { pruneViewDays } from '../interactions/interactions.service';
import { deleteUploadRowIfUnattached, findUnattachedUploads, restoreUploadRow } from './uploads.repository';
import { deliverAllDueWebhooks, type DeliveryRunResult } from '../webhooks/deliveries.service';

const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Per run: a backlog is worked off over several runs instead of one long one. */
const SWEEP_BATCH = 500;

export interface SweepResult {
  uploadsDeleted: number;
  bytesFreed: number;
  counterWindowsDeleted: number;
  viewDaysDeleted: number;
  webhooks: DeliveryRunResult;
}

async function sweepUnattachedUploads(db: Db, blobs: BlobStore, now = new Date()): Promise<{ deleted: number; bytes: number }> {
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

export async function runSweep(db: Db, blobs: BlobStore, now = new Date()): Promise<SweepResult> {
  const uploads = await sweepUnattachedUploads(db, blobs, now);
  return {
    uploadsDeleted: uploads.deleted,
    bytesFreed: uploads.bytes,
    counterWindowsDeleted: await pruneRateLimitCounters(db, now),
    viewDaysDeleted: await pruneViewDays(db, now),
    webhooks: await deliverAllDueWebhooks(db, { now }),
  };
}

/** Vercel Cron calls with `Authorization: Bearer $CRON_SECRET`; without a secret nobody may. */
export function isCronAuthorized(authorization: string | null, secret: string | undefined): boolean {
  if (!secret || !authorization) return false;
  const expected = Buffer.from(`Bearer ${secret}`);
  const given = Buffer.from(authorization);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
