/**
 * The jobs of this process, as its entry gives them (docs/decisions/063): scripts/start.ts
 * through startWorker(db, ALL_JOBS), src/middleware.ts for the server bundle, and
 * tests/support/test-db.ts. An engine that jobsReady() starts runs them. The engine imports no
 * job module: functions/all-jobs.ts, the composition root, does. Apart from engine.ts so the
 * middleware can give the jobs without loading pg-boss on every cold start.
 */
import type { JobSet } from './registry';

/** A process's jobs, or how to load them (the server bundle loads them when its engine first starts). */
export type JobSource = JobSet | (() => Promise<JobSet>);

let given: JobSource | undefined;

/** Give this process's jobs; the last call wins. */
export function provideJobs(jobs: JobSource): void {
  given = jobs;
}

/** The jobs given (or `source`), loaded; an error that says where to give them when none were. */
export async function givenJobs(source = given): Promise<JobSet> {
  if (!source) {
    throw new Error(
      'The job engine was given no jobs: the entry of the process calls provideJobs(ALL_JOBS) (functions/all-jobs.ts) or startWorker(db, ALL_JOBS).',
    );
  }
  return typeof source === 'function' ? source() : source;
}
