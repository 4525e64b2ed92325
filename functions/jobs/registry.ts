/**
 * What jobs exist: defineJob(), defineReaction() and schedule() record a job's handler, its
 * retry policy, the event it reacts to and its period in this module instance. Job modules call
 * them at their top level; the composition root functions/all-jobs.ts imports every job module
 * and hands the result (definedJobs, a JobSet) to the engine through the process's entry
 * (docs/decisions/040, 063). The engine imports no job.
 *
 * No database here: this module is imported by job modules, and the engine (engine.ts) is given it.
 */
import type { Db } from '@/db/database';
import type { DomainEvents, EventName } from './events';

/**
 * pg-boss queue policies we use: 'standard' (every job runs), 'short' (one queued job per
 * singletonKey), 'exclusive' (one job per singletonKey queued, waiting for a retry or running:
 * a row's job is never run twice at once, and a second one for the same row is dropped).
 */
export type JobPolicy = 'standard' | 'short' | 'singleton' | 'stately' | 'exclusive';

export interface JobOptions {
  /** Retries after the first attempt before the job is kept as failed. Default 5. */
  retryLimit?: number;
  /** Seconds before the first retry. Default 10. */
  retryDelay?: number;
  /** Exponential backoff from retryDelay (with jitter), capped at retryDelayMax. Default true. */
  backoff?: boolean;
  /** The longest wait between two attempts, in seconds. Default one hour. */
  retryDelayMax?: number;
  /** How long one attempt may run before it counts as failed. Default 15 minutes. */
  expireInSeconds?: number;
  /** See JobPolicy. Default 'standard'. */
  policy?: JobPolicy;
  /** Jobs of this name the in-process worker runs at once (each waits on the network, not the CPU). Default 1. */
  concurrency?: number;
  /**
   * A job defined before this one that gets this job's data when an attempt fails for good (its
   * last retry threw, or expired: a worker that died): pg-boss's dead-letter queue. None by default.
   */
  deadLetter?: string;
}

export interface JobContext {
  /** The database (never a transaction): a handler opens its own transactions. */
  db: Db;
  job: { id: string; name: string; retryCount: number };
  /** Aborted when the attempt expires or the worker stops. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, context: JobContext) => Promise<void>;

export interface JobDefinition<T = unknown> {
  name: string;
  handler: JobHandler<T>;
  options: Required<Omit<JobOptions, 'policy' | 'deadLetter'>> & { policy: JobPolicy; deadLetter: string | null };
}

export interface ScheduleDefinition {
  name: string;
  cron: string;
  data: Record<string, unknown>;
}

const NAME = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/;

const jobs = new Map<string, JobDefinition>();
const schedules = new Map<string, ScheduleDefinition>();
const reactions = new Map<EventName, string[]>();

/**
 * Declare a job: `name` (e.g. 'notify.tool-update'), the handler that runs it, and its retry
 * policy. The handler must be idempotent: a job can run twice (a worker that died after the
 * work and before reporting it, two drains in overlap), so it writes through unique keys.
 * A handler that throws is retried with backoff; after `retryLimit` retries the job is kept
 * as 'failed' with its error (GET /api/admin/jobs).
 */
export function defineJob<T>(name: string, handler: JobHandler<T>, options: JobOptions = {}): JobDefinition<T> {
  if (!NAME.test(name)) throw new Error(`Job name ${JSON.stringify(name)}: lower-case words joined by dots`);
  const definition: JobDefinition<T> = {
    name,
    handler,
    options: {
      retryLimit: options.retryLimit ?? 5,
      retryDelay: options.retryDelay ?? 10,
      backoff: options.backoff ?? true,
      retryDelayMax: options.retryDelayMax ?? 3600,
      expireInSeconds: options.expireInSeconds ?? 15 * 60,
      policy: options.policy ?? 'standard',
      concurrency: options.concurrency ?? 1,
      deadLetter: options.deadLetter ?? null,
    },
  };
  jobs.set(name, definition as JobDefinition);
  return definition;
}

/**
 * Declare a reaction to `event`: a job named `name` that runs once for every emit() of that
 * event, with the event's data (events.ts). Like any job it is retried, so it must be idempotent.
 */
export function defineReaction<E extends EventName>(
  event: E,
  name: string,
  handler: JobHandler<DomainEvents[E]>,
  options: JobOptions = {},
): JobDefinition<DomainEvents[E]> {
  const definition = defineJob(name, handler, options);
  reactions.set(event, [...(reactions.get(event) ?? []).filter((n) => n !== name), name]);
  return definition;
}

/**
 * Run a defined job periodically: `cron` is a five-field cron expression in UTC. With
 * `npm start` the in-process worker sends it on time (pg-boss's scheduler); on Vercel every
 * drain (the cron route) sends it at most once per period.
 */
export function schedule(name: string, cron: string, data: Record<string, unknown> = {}): void {
  schedules.set(name, { name, cron, data });
}

/**
 * The jobs a process runs, as one module instance of this registry knows them: its definitions,
 * schedules and reactions. Live: a job defined after the set was handed over (a test's own) is
 * in it. Under `npm start` two copies of the job modules live in one process (the start
 * script's and the server bundle's, docs/decisions/055); the engine asks the set it was started
 * with, never a copy of this module of its own.
 */
export interface JobSet {
  definitions(): readonly JobDefinition[];
  definition(name: string): JobDefinition | undefined;
  schedules(): readonly ScheduleDefinition[];
  /** The jobs that react to `event`. */
  reactionsTo(event: EventName): readonly string[];
}

/** Every job defined through this module instance (functions/all-jobs.ts exports it once all job modules are loaded). */
export const definedJobs: JobSet = {
  definitions: () => [...jobs.values()],
  definition: (name) => jobs.get(name),
  schedules: () => [...schedules.values()],
  reactionsTo: (event) => reactions.get(event) ?? [],
};
