/**
 * Background jobs (docs/decisions/040): the API the rest of the code uses.
 *
 *   defineJob(name, handler, { retryLimit, retryDelay, backoff, retryDelayMax, expireInSeconds, policy })
 *   defineReaction(event, name, handler, options?)    a job run for each emit() of a named event (events.ts)
 *   schedule(name, cron, data?)                       periodic run of a defined job (UTC cron)
 *   await jobsReady(db)                               before a transaction that enqueues
 *   await enqueue(dbOrTrx, name, data, { singletonKey, singletonSeconds, startAfter })
 *   await emit(trx, event, data)                      a named event: its reactions' jobs, in the transaction
 *   afterCommit(db, events)                           after the commit: commit hooks, then the reactions start
 *                                                     (the worker woken; on Vercel, a drain after the response)
 *   await startWorker(db, { onCommit })               the in-process worker (scripts/start.ts), with its commit hooks
 *   await drainJobs(db, { maxMs, periodic })          run due jobs for a bounded time (cron route: periodic, tests)
 *   await listJobs(db, { state: 'failed' })           what ran and what failed, with its error
 *   await retryJob(db, name, id)                      a failed job, once more (the admin page's Retry)
 *   await isJobDefined(db, name)                      for a hook into a job another module may define
 *
 * A job module calls defineJob()/schedule() at its top level and is listed in all-jobs.ts.
 */
export { defineJob, defineReaction, schedule, type JobContext, type JobHandler, type JobOptions, type JobPolicy } from './registry';
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
  type CommitHooks,
  type CommittedEvent,
  type DrainResult,
  type EnqueueOptions,
  type JobRecord,
} from './engine';
export type { JobState } from '@/src/shared/domain';
export type { DomainEvents, EventName, PageChangeReason, RefundDueReason } from './events';
