/**
 * The background jobs as the API exposes them (docs/decisions/040 and 044): the cron route's
 * drain, the administrators' list of jobs with their errors, and their Retry of a failed job.
 * Called by src/pages/api/cron/jobs.ts, src/pages/api/admin/jobs.ts,
 * src/pages/api/admin/jobs/[id]/retry.ts and the page /admin/jobs.
 */
import type { Db } from '@/db/database';
import type { JobState } from '@/src/shared/domain';
import { AppError } from '../_shared/errors';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { TimeKeysetSchema } from '../_shared/keyset.repository';
import { isAdmin } from '../_shared/auth-guard';
import { LIMIT_DEFAULT } from '@/src/shared/api/contract';
import { drainJobs, findJob, listJobs, retryJob, type DrainResult, type JobRecord } from './engine';

/** How long one cron call runs jobs: well inside a Vercel function's time, the job in hand finishing after it. */
const CRON_DRAIN_MS = 25_000;

export async function runDueJobs(db: Db): Promise<DrainResult> {
  return drainJobs(db, { maxMs: CRON_DRAIN_MS, periodic: true });
}

function errorOf(output: unknown): { message: string; name: string | null } | null {
  if (!output || typeof output !== 'object' || !('message' in output)) return null;
  const o = output as { message: unknown; name?: unknown };
  return { message: String(o.message), name: typeof o.name === 'string' ? o.name : null };
}

function toView(job: JobRecord) {
  return {
    id: job.id,
    name: job.name,
    state: job.state,
    data: job.data,
    error: job.state === 'completed' ? null : errorOf(job.output),
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
    createdAt: job.createdOn.toISOString(),
    startAfter: job.startAfter.toISOString(),
    completedAt: job.completedOn ? job.completedOn.toISOString() : null,
  };
}

export async function listJobsForAdmin(
  db: Db,
  actorId: string,
  { state, name, cursor, limit = LIMIT_DEFAULT }: { state?: JobState | undefined; name?: string | undefined; cursor?: string | undefined; limit?: number },
) {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
  const after = decodeCursor(cursor, TimeKeysetSchema);
  const rows = await listJobs(db, { ...(state ? { state } : {}), ...(name ? { name } : {}), after, limit: limit + 1 });
  const page = pageOf(rows, limit, (r) => ({ at: r.cursorAt, id: r.id }));
  return { items: page.items.map(toView), nextCursor: page.nextCursor };
}

/**
 * An administrator's Retry of a job kept as failed: one more attempt, due now. 404 JOB_NOT_FOUND
 * for an unknown id (or one deleted after its 30 days), 409 JOB_NOT_FAILED for a job in any
 * other state (two clicks at once: the second is refused, one attempt runs).
 */
export async function retryFailedJob(db: Db, actorId: string, id: string) {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
  const job = await findJob(db, id);
  if (!job) throw new AppError('JOB_NOT_FOUND');
  if (job.state !== 'failed' || !(await retryJob(db, job.name, job.id))) throw new AppError('JOB_NOT_FAILED');
  return toView((await findJob(db, id)) ?? job);
}
