/**
 * Background jobs (docs/decisions/040): the API the rest of the code uses.
 *
 *   defineJob(name, handler, { retryLimit, retryDelay, backoff, retryDelayMax, expireInSeconds, policy })
 *   defineReaction(event, name, handler, options?)    a job run for each emit() of a named event (events.ts)
 *   schedule(name, cron, data?)                       periodic run of a defined job (UTC cron)
 *   await jobsReady(db)                               before a transaction that enqueues
 *   await enqueue(dbOrTrx, name, data, { singletonKey, singletonSeconds, startAfter })
 *   await emit(trx, event, data)                      a named event: its reactions' jobs, in the transaction
 *   afterCommit(db, events)                           on Vercel, run those reactions after the response
 *   provideJobs(ALL_JOBS)                             the process's jobs, given by its entry (src/middleware.ts, tests)
 *   await startWorker(db, ALL_JOBS, options?)         the in-process worker (scripts/start.ts)
 *   await drainJobs(db, { maxMs, periodic })          run due jobs for a bounded time (cron route: periodic, tests)
 *   await listJobs(db, { state: 'failed' })           what ran and what failed, with its error
 *   await retryJob(db, name, id)                      a failed job, once more (the admin page's Retry)
 *   await isJobDefined(db, name)                      for a hook into a job another module may define
 *
 * A job module calls defineJob()/schedule() at its top level and is listed in functions/all-jobs.ts,
 * the composition root that hands every job to the engine (the engine imports none).
 */
export { defineJob, defineReaction, definedJobs, schedule, type JobContext, type JobHandler, type JobOptions, type JobPolicy, type JobSet } from './registry';
export {
  afterCommit,
  drainJobs,
  emit,
  enqueue,
  findJob,
  isJobDefined,
  jobsReady,
  listJobs,
  retryJob,
  startWorker,
  stopJobs,
  type DrainResult,
  type EnqueueOptions,
  type JobRecord,
  type WorkerOptions,
} from './engine';
export { provideJobs, type JobSource } from './provide-jobs';
export type { JobState } from '@/src/shared/domain';
export type { DomainEvents, EventName, RefundDueReason } from './events';
