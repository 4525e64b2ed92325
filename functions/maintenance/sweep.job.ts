/**
 * The periodic sweep (sweep.ts, docs/decisions/011) as a scheduled job (docs/decisions/040):
 * hourly in the worker of `npm start`, and at most once an hour per drain of GET /api/cron/jobs
 * on Vercel (which also keeps its own daily GET /api/cron/sweep). Idempotent: each step
 * re-checks what it deletes.
 */
import { defineJob, schedule } from '@/functions/jobs';
import { getBlobStore } from '../_shared/blob-store';
import { runSweep } from './sweep';

export const SWEEP_JOB = 'maintenance.sweep';

defineJob<Record<string, never>>(
  SWEEP_JOB,
  async (_data, { db }) => {
    const r = await runSweep(db, getBlobStore());
    if (r.uploadsDeleted) console.log(`[sweep] deleted ${r.uploadsDeleted} unattached upload(s), ${(r.bytesFreed / 1048576).toFixed(1)} MB`);
  },
  { retryLimit: 2, retryDelay: 60, policy: 'short' },
);
schedule(SWEEP_JOB, '0 * * * *');
