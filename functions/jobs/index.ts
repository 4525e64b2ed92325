/**
 * Background jobs (docs/decisions/040): the API the rest of the code uses.
 *
 *   defineJob(name, handler, { retryLimit, retryDelay, backoff, retryDelayMax, expireInSeconds, policy, concurrency })
 *   defineReaction(event, name, handler, options?)    a job run for each emit() of a named event (events.ts)
 *   schedule(name, cron, data?)                       periodic run of a defined job (UTC cron)
 *   await jobsReady(db)                               before a transaction that enqueues
 *   await enqueue(dbOrTrx, name, data, { singletonKey, singletonSeconds, startAfter })
 *   await enqueueMany(dbOrTrx, name, [{ data, singletonKey }])  many jobs in one statement (a fan-out's batch)
 *   await emit(trx, event, data, { singletonKey })    a named event: its reactions' jobs, in the transaction
 *   afterCommit(db, events)                           after the commit: commit hooks, then the reactions start
 *                                                     (the worker woken; on Vercel, a drain after the response)
 *   runAfterCommit(db, names)                         after a commit that enqueued jobs: run them now (worker woken; Vercel: after the response)
 *   provideJobs(ALL_JOBS)                             the process's jobs, given by its entry (src/middleware.ts, tests)
 *   await startWorker(db, ALL_JOBS, { onCommit })     the in-process worker (scripts/start.ts), with its commit hooks
 *   await drainJobs(db, { maxMs, periodic })          run due jobs for a bounded time (cron route: periodic, tests)
 *   await listJobs(db, { state: 'failed' })           what ran and what failed, with its error
 *   await retryJob(db, name, id)                      a failed job, once more (the admin page's Retry)
 *   await isJobDefined(db, name)                      for a hook into a job another module may define
 *   await openJobsByKey(db, name, keys)               a row's waiting, retrying or running job (by singletonKey)
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
  enqueueMany,
  findJob,
  isJobDefined,
  jobsReady,
  listJobs,
  retryJob,
  runAfterCommit,
  startWorker,
  stopJobs,
  type CommitHooks,
  type CommittedEvent,
  type DrainResult,
  type EnqueueOptions,
  type JobRecord,
  type WorkerOptions,
} from './engine';
export { provideJobs, type JobSource } from './provide-jobs';
export { openJobsByKey, type OpenJob } from './open-jobs';
export type { JobState } from '@/src/shared/domain';
export type { DomainEvents, EventName, PageChangeReason, RefundDueReason } from './events';
