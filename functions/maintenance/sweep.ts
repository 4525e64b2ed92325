/**
 * The periodic sweep (docs/decisions/011), run hourly by `npm start`'s job worker (sweep.job.ts,
 * docs/decisions/040) and daily by Vercel Cron through GET /api/cron/sweep. It asks each domain
 * for its own clean-up, so it sits above them in a folder of its own, which no domain imports
 * (docs/decisions/063):
 * - uploads attached to no product and to no profile (avatar, banner) 24 hours after they
 *   were stored are deleted, file and row (functions/uploads/unattached-uploads.ts);
 * - rate-limit windows that ended and view-count days before yesterday are dropped (they only
 *   decide the present; the counted views stay in product_interactions);
 * - interactions older than 24 months are made anonymous (the Privacy Policy's retention).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '@/db/database';
import type { BlobStore } from '../_shared/blob-store';
import { pruneRateLimitCounters } from '../_shared/rate-limit';
import { anonymiseOldInteractions, pruneViewDays } from '../interactions/interactions.service';
import { sweepUnattachedUploads } from '../uploads/unattached-uploads';

export interface SweepResult {
  uploadsDeleted: number;
  bytesFreed: number;
  counterWindowsDeleted: number;
  viewDaysDeleted: number;
  interactionsAnonymised: number;
}

export async function runSweep(db: Db, blobs: BlobStore, now = new Date()): Promise<SweepResult> {
  const uploads = await sweepUnattachedUploads(db, blobs, now);
  return {
    uploadsDeleted: uploads.deleted,
    bytesFreed: uploads.bytes,
    counterWindowsDeleted: await pruneRateLimitCounters(db, now),
    viewDaysDeleted: await pruneViewDays(db, now),
    interactionsAnonymised: await anonymiseOldInteractions(db, now),
  };
}

/** Vercel Cron calls with `Authorization: Bearer $CRON_SECRET`; without a secret nobody may. */
export function isCronAuthorized(authorization: string | null, secret: string | undefined): boolean {
  if (!secret || !authorization) return false;
  const expected = Buffer.from(`Bearer ${secret}`);
  const given = Buffer.from(authorization);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
