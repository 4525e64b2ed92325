/**
 * The job of one row, as the row's owner sees it: for the jobs whose singletonKey is a row's id
 * (a creator's webhook delivery, a changelog source), whether one is waiting, waiting for a
 * retry or running, and when it runs. pg-boss keeps a retry's time (its backoff has jitter), so
 * a view asks here instead of keeping a copy on the row that could disagree (docs/decisions/060).
 */
import type { Db } from '@/db/database';
import { jobsReady } from './engine';
import { selectOpenJobs, type OpenJobRow } from './jobs.repository';

export interface OpenJob {
  state: OpenJobRow['state'];
  /** When it runs (created, retry) or ran (active). */
  startAfter: Date;
}

/** The open job of `name` for each of `keys` that has one. Outside a transaction. */
export async function openJobsByKey(db: Db, name: string, keys: readonly string[]): Promise<Map<string, OpenJob>> {
  if (!keys.length) return new Map();
  // pg-boss's tables exist once its engine has started on this database.
  await jobsReady(db);
  const rows = await selectOpenJobs(db, name, keys);
  return new Map(rows.map((r) => [r.singleton_key, { state: r.state, startAfter: new Date(r.start_after) }]));
}
