/**
 * The job engine: pg-boss (docs/decisions/040) on our own database handle, on both drivers.
 *
 * - pg-boss keeps its tables in the `pgboss` schema of our database and installs or migrates
 *   them itself when the engine starts (its own versioned migrations).
 * - It reaches the database through RawSql (db/database.ts): on PGlite through Kysely's single
 *   connection (never inside somebody else's transaction: the single-owner rule, decision 001);
 *   on PostgreSQL through the same Neon Pool as Kysely. enqueue() inside a transaction goes
 *   through that transaction (pg-boss's fromKysely), so the job is recorded with the change.
 * - One engine per database per process, kept on globalThis like the database handle, so the
 *   start script's worker and the server bundle's routes share it.
 *
 * - The engine imports no job: it runs the jobs it is given (a JobSet, functions/all-jobs.ts),
 *   by the process's entry: startWorker(db, jobs) in scripts/start.ts, provideJobs() in the server
 *   bundle's middleware and in the tests' support (docs/decisions/063). A service only enqueues
 *   or emits; jobsReady(db) starts the engine with the jobs its process was given.
 *
 * Two ways to run jobs, the same jobs:
 * - startWorker(db, jobs): the in-process worker of `npm start` (scripts/start.ts): polls every
 *   queue, runs the scheduler (schedule()) and pg-boss's maintenance (expiry, retention).
 * - drainJobs(db, { maxMs }): runs the due jobs for a bounded time and returns; the Vercel Cron
 *   route (/api/cron/jobs) and the tests use it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { fromKysely as FromKysely, Job, PgBoss, Queue } from 'pg-boss';
import { waitUntil } from '@vercel/functions';
import { onDbClose, rawSqlOf, type Db } from '@/db/database';
import type { JobState } from '@/src/shared/domain';

export type { JobState };
import type { TimeKeyset } from '../_shared/keyset.repository';
import { JOBS_SCHEMA, selectJobs } from './jobs.repository';
import type { JobDefinition, JobSet } from './registry';
import { givenJobs, provideJobs, type JobSource } from './provide-jobs';
import type { DomainEvents, EventName } from './events';

export { JOBS_SCHEMA };

interface Engine {
  db: Db;
  boss: PgBoss;
  /** pg-boss's adapter that sends a job through a Kysely transaction (its module is loaded with the engine). */
  fromKysely: typeof FromKysely;
  worker: boolean;
  /** Queues this engine created (an enqueue to any other is refused before it reaches the database). */
  queues: Set<string>;
  /** The jobs it runs, as the entry that started it gave them (startWorker, provideJobs). */
  jobs: JobSet;
  /**
   * The reactions to an event, as that set knows them: under `npm start` the start script's
   * (it loads every job module), not the server bundle's, which has its own copy of the registry.
   */
  reactionsTo: (event: EventName) => readonly string[];
  /** The ids of the workers of each queue (one boss.work() each), to wake them when a commit has made jobs due. */
  workers: Map<string, string[]>;
  /** What this process does in the request itself once an event has committed (startWorker's onCommit). */
  onCommit: CommitHooks;
}

/** An event a committed transaction emitted, with its data: what afterCommit() needs to run a commit hook. */
export type CommittedEvent = { [E in EventName]: { event: E; data: DomainEvents[E] } }[EventName];

/**
 * In-process steps a process runs after an event commits and before the request answers:
 * cheap and synchronous, such as dropping what its caches hold of the change (the embedded
 * server's stored pages: read your writes, scripts/lib/page-publisher.ts). Work goes to a
 * reaction (defineReaction), never here.
 */
export type CommitHooks = { [E in EventName]?: (data: DomainEvents[E]) => void };

const KEY = Symbol.for('toolmint.jobs');
interface Engines {
  byDb: Map<Db, Promise<Engine>>;
  /** The engine started last: a transaction's enqueue() uses it (a transaction does not name its database). */
  current?: Engine;
  /** A worker's engine waiting for its `after` (startWorker): starts it at once. */
  waiting?: Map<Db, () => void>;
}
function engines(): Engines {
  const g = globalThis as typeof globalThis & { [KEY]?: Engines };
  g[KEY] ??= { byDb: new Map() };
  return g[KEY];
}

/** Set while a drain runs jobs; `followUps`: the job names it runs, which enqueue() grows. */
const drainScope = new AsyncLocalStorage<{ followUps: Set<string> | null }>();
/** The queues a worker's running job has sent to: woken again once its handler has returned (runOne). */
const handlerScope = new AsyncLocalStorage<Set<string>>();

function queueOptions(definition: JobDefinition): Omit<Queue, 'name'> {
  const o = definition.options;
  return {
    policy: o.policy,
    retryLimit: o.retryLimit,
    retryDelay: o.retryDelay,
    retryBackoff: o.backoff,
    retryDelayMax: o.retryDelayMax,
    expireInSeconds: o.expireInSeconds,
    ...(o.deadLetter ? { deadLetter: o.deadLetter } : {}),
    // Completed and failed jobs are kept 30 days: a failure stays visible (GET /api/admin/jobs).
    deleteAfterSeconds: 30 * 24 * 3600,
  };
}

/** Create the queue of every job of the engine's set that it does not have yet. */
async function ensureQueues(engine: Engine): Promise<void> {
  for (const definition of engine.jobs.definitions()) {
    if (engine.queues.has(definition.name)) continue;
    const existing = await engine.boss.getQueue(definition.name);
    if (existing) {
      // pg-boss refuses `policy` in an update, even unchanged: a restart (npm start on an
      // existing database) updates everything else and keeps the policy the queue was made with.
      const { policy, ...rest } = queueOptions(definition);
      if (existing.policy && existing.policy !== policy) {
        console.warn(`[jobs] queue ${definition.name} keeps its policy '${existing.policy}' (defined '${policy}'): pg-boss cannot change it`);
      }
      await engine.boss.updateQueue(definition.name, rest);
    } else await engine.boss.createQueue(definition.name, queueOptions(definition));
    engine.queues.add(definition.name);
  }
}

async function startEngine(db: Db, worker: boolean, jobs: JobSet, onCommit: CommitHooks = {}): Promise<Engine> {
  const raw = rawSqlOf(db);
  // Loaded with the engine, not with this module: `npm start` imports the engine before it
  // listens and starts it after (docs/decisions/068).
  const { PgBoss, fromKysely } = await import('pg-boss');
  const boss = new PgBoss({
    db: raw,
    backend: raw.driver === 'pglite' ? 'pglite' : 'postgres',
    schema: JOBS_SCHEMA,
    migrate: true,
    // Timers only in the worker: a drain (Vercel, tests) does one maintenance pass itself.
    supervise: worker,
    schedule: worker,
    // PGlite has no autovacuum to watch (db/statistics.ts keeps its statistics).
    monitorVacuum: raw.driver !== 'pglite',
    reindex: raw.driver !== 'pglite',
  });
  boss.on('error', (error: Error) => console.warn('[jobs]', error.message));
  await boss.start();
  const engine: Engine = { db, boss, fromKysely, worker, queues: new Set(), jobs, reactionsTo: jobs.reactionsTo, workers: new Map(), onCommit };
  await ensureQueues(engine);
  onDbClose(db, () => stopJobs(db));
  return engine;
}

/**
 * The engine of `db`, started on first use (no worker: nothing runs a job until startWorker()
 * or drainJobs()). Call it outside any transaction before enqueue() inside one: on PGlite
 * starting the engine needs the one connection a transaction holds.
 */
export async function jobsReady(db: Db): Promise<Engine> {
  const all = engines();
  let pending = all.byDb.get(db);
  if (!pending) {
    pending = givenJobs().then((jobs) => startEngine(db, false, jobs));
    all.byDb.set(db, pending);
    pending.catch(() => all.byDb.delete(db));
  }
  // A request that writes does not wait for what a worker's start waits for.
  all.waiting?.get(db)?.();
  const engine = await pending;
  all.current = engine;
  // A job module loaded after the start (a test's own jobs) gets its queue here.
  if (engine.jobs.definitions().some((d) => !engine.queues.has(d.name))) await ensureQueues(engine);
  return engine;
}

/** Whether the engine of `db` has a queue for job `name` (a job another module may or may not define). */
export async function isJobDefined(db: Db, name: string): Promise<boolean> {
  const engine = db.isTransaction ? engines().current : await jobsReady(db);
  return Boolean(engine?.queues.has(name));
}

export interface EnqueueOptions {
  /**
   * With a 'short' queue (defineJob policy), at most one queued job per key; with an
   * 'exclusive' one, at most one queued, waiting for a retry or running; with any queue and
   * `singletonSeconds`, at most one per key per slot of that many seconds.
   */
  singletonKey?: string;
  singletonSeconds?: number;
  /** Not before this time (a Date), or this many seconds from now. */
  startAfter?: Date | number;
}

/**
 * Record job `name` with `data` (JSON). `db` may be a transaction: the job is then written by
 * it, and exists only if it commits. Returns the job's id, or null when a singleton rule
 * dropped it. The job must have been defined (defineJob) and the engine ready (jobsReady).
 */
export async function enqueue<T extends object>(db: Db, name: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
  const engine = await engineFor(db, name);
  const id = await engine.boss.send(name, data, {
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds } : {}),
    ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
    db: engine.fromKysely(db),
  });
  if (id) sent(engine, name);
  return id;
}

/**
 * Record many jobs `name` in one statement (a fan-out's batch), each with its data, singleton
 * key and, when it is not the job's (defineJob), its number of retries; as enqueue(), through
 * `db`'s transaction when it is one.
 */
export async function enqueueMany<T extends object>(
  db: Db,
  name: string,
  jobs: readonly { data: T; singletonKey?: string; retryLimit?: number }[],
): Promise<void> {
  if (!jobs.length) return;
  const engine = await engineFor(db, name);
  await engine.boss.insert(
    name,
    jobs.map((job) => ({
      data: job.data,
      ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
      ...(job.retryLimit !== undefined ? { retryLimit: job.retryLimit } : {}),
    })),
    { db: engine.fromKysely(db) },
  );
  sent(engine, name);
}

async function engineFor(db: Db, name: string): Promise<Engine> {
  const engine = db.isTransaction ? engines().current : await jobsReady(db);
  if (!engine) throw new Error('The job engine is not started: call jobsReady(db) before the transaction that enqueues.');
  if (!engine.queues.has(name)) throw new Error(`No job named ${name} is defined (functions/all-jobs.ts lists the job modules).`);
  return engine;
}

/** After a job `name` was recorded: a followUps drain running this code runs it too, and the worker is woken. */
function sent(engine: Engine, name: string): void {
  drainScope.getStore()?.followUps?.add(name);
  handlerScope.getStore()?.add(name);
  wake(engine, [name]);
}

/**
 * Wakes this process's worker of each of `names` (`npm start`), so a job runs at once instead
 * of at the next poll, up to POLL_SECONDS later. A job sent inside a transaction is fetched after
 * the commit on PGlite (the worker's fetch waits for the one connection); on PostgreSQL a fetch
 * before the commit finds nothing, so a caller that wants it at once calls runAfterCommit too.
 */
function wake(engine: Engine, names: readonly string[]): void {
  for (const name of names) for (const workerId of engine.workers.get(name) ?? []) engine.boss.notifyWorker(workerId);
}

/**
 * Call once a transaction that enqueued jobs `names` has committed, to have them run now rather
 * than at the next poll or drain: under `npm start` the in-process worker is woken; on Vercel,
 * where no process stays up and the cron drain can be a day away (docs/decisions/040), the
 * function runs them, and the jobs they enqueue, after it has answered, through Vercel's
 * waitUntil. What fails or does not fit in the time stays queued for the next drain.
 */
export function runAfterCommit(db: Db, names: readonly string[]): void {
  const engine = engines().current;
  if (!engine || !names.length) return;
  wake(engine, names);
  // Within a drain (a job's handler on Vercel), that drain runs them; no second one.
  if (!process.env['VERCEL'] || drainScope.getStore()) return;
  waitUntil(
    drainJobs(db, { names: [...new Set(names)], maxMs: 10_000, followUps: true }).catch((error: unknown) => {
      console.warn('[jobs] the jobs after the response stopped:', (error as Error).message);
    }),
  );
}

/**
 * Record that `event` happened: one job for each of its reactions (defineReaction), written by
 * `trx`, so they exist exactly when its change commits (docs/decisions/055). `options` as for
 * enqueue() (an event about one row gives its id as the singletonKey). As for enqueue(), call
 * jobsReady(db) before the transaction.
 */
export async function emit<E extends EventName>(trx: Db, event: E, data: DomainEvents[E], options: EnqueueOptions = {}): Promise<void> {
  const engine = trx.isTransaction ? engines().current : await jobsReady(trx);
  if (!engine) throw new Error('The job engine is not started: call jobsReady(db) before the transaction that emits.');
  for (const name of engine.reactionsTo(event)) await enqueue(trx, name, data, options);
}

/**
 * Call once a transaction that emitted `events` has committed, before answering. First the
 * commit hooks the worker was started with (startWorker's onCommit) run for the events given
 * with their data. Then their reactions are started: under `npm start` the in-process worker
 * is woken for their queues, so they start at once rather than at its next poll, and the
 * request does not wait for them. On Vercel no process stays up and the cron drain can be a day away
 * (docs/decisions/040), so the function runs them after it has answered, through Vercel's
 * waitUntil: the request does not wait for them, and what fails or does not fit in the time
 * is retried by the next drain.
 */
export function afterCommit(db: Db, events: readonly (EventName | CommittedEvent)[]): void {
  const engine = engines().current;
  if (!events.length || !engine) return;
  for (const committed of events) if (typeof committed !== 'string') runCommitHook(engine.onCommit, committed);
  runAfterCommit(
    db,
    events.flatMap((e) => engine.reactionsTo(typeof e === 'string' ? e : e.event)),
  );
}

function runCommitHook<E extends EventName>(hooks: CommitHooks, { event, data }: { event: E; data: DomainEvents[E] }): void {
  try {
    (hooks[event] as ((data: DomainEvents[E]) => void) | undefined)?.(data);
  } catch (error) {
    // The change is committed: a hook that fails must not turn the answer into an error.
    console.warn(`[jobs] the commit hook of ${event} failed:`, (error as Error).message);
  }
}

function errorOutput(error: unknown): { message: string; name: string; stack?: string } {
  const e = error instanceof Error ? error : new Error(String(error));
  return { message: e.message, name: e.name, ...(e.stack ? { stack: e.stack.split('\n').slice(0, 8).join('\n') } : {}) };
}

async function runOne(engine: Engine, definition: JobDefinition, job: Job<unknown>): Promise<void> {
  // A worker's job carries pg-boss's signal; a fetched one (a drain) gets one aborted at its expiry.
  const expiry = job.signal ? null : AbortSignal.timeout(definition.options.expireInSeconds * 1000);
  const sentTo = new Set<string>();
  try {
    await handlerScope.run(sentTo, () =>
      definition.handler(job.data, {
        db: engine.db,
        job: { id: job.id, name: job.name, retryCount: job.retryCount },
        signal: job.signal ?? expiry!,
      }),
    );
  } finally {
    // The worker that ran this job fetches again at once instead of sleeping a poll: pg-boss
    // waits the polling interval after every fetch, even one that found a job, so a backlog (the
    // emails of one update, one job each) would drain at one job per poll. And what the handler
    // sent inside its transaction is committed now: on PostgreSQL the fetch the wake at the send
    // started can reach the server before that COMMIT and find nothing (a race the COMMIT
    // usually wins); this second wake keeps a chain of jobs (a reaction that writes an email,
    // then its delivery) from waiting for the next poll when it loses.
    if (engine.worker) wake(engine, [definition.name, ...sentTo]);
  }
}

/**
 * How often each queue's workers look for due jobs when nobody woke them. A job sent in this
 * process wakes its workers at once (sent, afterCommit, runAfterCommit, and runOne once a
 * handler's transaction has committed), so the poll is only for jobs made due by time (a retry
 * after its delay of 10 s or more, a schedule's minute) or sent by another process sharing a
 * PostgreSQL database. At 1 s, the 25 or so workers of an idle server cost 7.6% of a core
 * (measured, session 15): every test server and every idle `npm start` paid it.
 */
const POLL_SECONDS = 5;

export interface WorkerOptions {
  /** How often each queue is polled. Default POLL_SECONDS. */
  pollingIntervalSeconds?: number;
  /** What afterCommit() runs in this process for a committed event (the embedded page publisher's). */
  onCommit?: CommitHooks;
  /**
   * The engine starts once this settles (`npm start`: once its first pages are rendered, as
   * both use the one database connection), or at once when jobsReady() asks for it meanwhile
   * (a request that writes), which then waits for this engine.
   */
  after?: Promise<unknown>;
}

/**
 * The in-process worker (`npm start`): every job of `jobs` is polled and run as it falls due (or
 * at once, when afterCommit() wakes it), their schedules are sent on time, and pg-boss's
 * maintenance runs. `source`: the jobs, or how to load them (`npm start` loads them once it
 * listens); they become the process's (provideJobs). `options.onCommit`: what
 * afterCommit() runs in this process for a committed event. Stopped with the database.
 * Called with no engine started, its engine is the process's from the call on, even while it
 * waits for `options.after`: `npm start` calls it once it listens, and a request that writes
 * meanwhile starts it and waits in jobsReady() for it, with its commit hooks (docs/decisions/068).
 */
export async function startWorker(db: Db, source: JobSource, options: WorkerOptions = {}): Promise<void> {
  provideJobs(source);
  const all = engines();
  const before = all.byDb.get(db);
  const start = async () => {
    const needed = Promise.withResolvers<void>();
    const waiting = (all.waiting ??= new Map());
    waiting.set(db, needed.resolve);
    try {
      await Promise.race([options.after, needed.promise]);
    } finally {
      if (waiting.get(db) === needed.resolve) waiting.delete(db);
    }
    return startEngine(db, true, await givenJobs(source), options.onCommit);
  };
  let pending: Promise<Engine>;
  if (!before) {
    pending = start();
  } else {
    const existing = await before.catch(() => undefined);
    if (existing?.worker) return;
    if (existing) await existing.boss.stop({ graceful: true, close: false });
    pending = start();
  }
  all.byDb.set(db, pending);
  const engine = await pending;
  all.current = engine;
  const jobs = engine.jobs;
  for (const definition of jobs.definitions()) {
    // One worker per job the queue may run at once, each of its own: pg-boss wakes only the
    // first worker of a localConcurrency, so a job made due while that one is busy would wait
    // for another's poll (up to a second) instead of starting at once.
    const work = { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? POLL_SECONDS };
    const ids: string[] = [];
    for (let i = 0; i < definition.options.concurrency; i++) {
      ids.push(
        await engine.boss.work(definition.name, work, async ([job]) => {
          if (job) await runOne(engine, definition, job);
        }),
      );
    }
    engine.workers.set(definition.name, ids);
  }
  for (const s of jobs.schedules()) {
    await engine.boss.schedule(s.name, s.cron, s.data, { tz: 'UTC', missed: 'once' });
  }
}

/** How many seconds apart a cron expression's occurrences are (the next two). */
function periodSeconds(boss: PgBoss, cron: string): number {
  const [a, b] = boss.previewSchedule(cron, { count: 2, tz: 'UTC' });
  return a && b ? Math.max(60, Math.round((b.getTime() - a.getTime()) / 1000)) : 24 * 3600;
}

export interface DrainResult {
  /** Jobs run to completion. */
  completed: number;
  /** Attempts that threw (retried later, or kept as failed after the last retry). */
  failed: number;
  /** True when maxMs ran out with jobs possibly still due. */
  timedOut: boolean;
}

/**
 * Run the jobs that are due, one after another, until none is left or `maxMs` has passed (a
 * job already running is finished). With `periodic` (the cron route), first one maintenance
 * pass (expired attempts back to retry, old jobs deleted) and every schedule sent at most once
 * per its period. With `names` and `followUps`, the jobs those enqueue run too (a reaction that
 * writes an email, then the email's delivery). For Vercel Cron, where no process stays up, and
 * for tests. Two drains at once never run the same attempt twice (pg-boss fetches with FOR
 * UPDATE SKIP LOCKED).
 */
export async function drainJobs(db: Db, options: { maxMs?: number; names?: string[]; periodic?: boolean; followUps?: boolean } = {}): Promise<DrainResult> {
  const names = options.names ? new Set(options.names) : undefined;
  const followUps = names && options.followUps ? names : null;
  return drainScope.run({ followUps }, () => drainQueues(db, { ...options, names }));
}

async function drainQueues(db: Db, options: { maxMs?: number; names?: Set<string> | undefined; periodic?: boolean }): Promise<DrainResult> {
  const engine = await jobsReady(db);
  const deadline = Date.now() + (options.maxMs ?? 50_000);
  const result: DrainResult = { completed: 0, failed: 0, timedOut: false };
  if (options.periodic) {
    await engine.boss.supervise().catch((error: unknown) => console.warn('[jobs] maintenance failed:', (error as Error).message));
    for (const s of engine.jobs.schedules()) {
      if (!engine.queues.has(s.name)) continue;
      await engine.boss.send(s.name, s.data, { singletonKey: 'schedule', singletonSeconds: periodSeconds(engine.boss, s.cron) });
    }
  }
  // Iterating a Set visits what a followUps drain's jobs add to it meanwhile.
  const names = options.names ?? new Set(engine.queues);
  for (;;) {
    let ran = 0;
    for (const name of names) {
      if (Date.now() >= deadline) {
        result.timedOut = true;
        return result;
      }
      const definition = engine.jobs.definition(name);
      if (!definition) continue;
      const [job] = await engine.boss.fetch<unknown>(name, { batchSize: 1 });
      if (!job) continue;
      ran++;
      const attempt = { id: job.id, retryCount: job.retryCount };
      try {
        await runOne(engine, definition, job);
        await engine.boss.complete(name, attempt);
        result.completed++;
      } catch (error) {
        console.warn(`[jobs] ${name} ${job.id} failed (attempt ${job.retryCount + 1}):`, (error as Error).message);
        await engine.boss.fail(name, attempt, errorOutput(error));
        result.failed++;
      }
    }
    if (ran === 0) return result;
  }
}

/** Stop the engine of `db` (its worker finishes the job in hand). The database closing calls it. */
export async function stopJobs(db: Db): Promise<void> {
  const all = engines();
  const pending = all.byDb.get(db);
  all.byDb.delete(db);
  const engine = await pending?.catch(() => undefined);
  if (!engine) return;
  if (all.current === engine) delete all.current;
  await engine.boss.stop({ graceful: true, close: false, timeout: 10_000 });
}

export interface JobRecord {
  id: string;
  /** The keyset position's time (timeKey of created_on). */
  cursorAt: string;
  name: string;
  state: JobState;
  data: unknown;
  /** A failed attempt's error ({ message, name, stack }), or a completed job's result. */
  output: unknown;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startAfter: Date;
  completedOn: Date | null;
}

/** Jobs newest first, optionally of one state, one name or one id, after a keyset position (the admin view, the tests). */
export async function listJobs(
  db: Db,
  filter: { state?: JobState; name?: string; id?: string; after?: TimeKeyset | null; limit?: number } = {},
): Promise<JobRecord[]> {
  await jobsReady(db);
  const rows = await selectJobs(db, filter);
  return rows.map((r) => ({
    id: r.id,
    cursorAt: r.cursor_at,
    name: r.name,
    state: r.state,
    data: r.data,
    output: r.output,
    retryCount: r.retry_count,
    retryLimit: r.retry_limit,
    createdOn: new Date(r.created_on),
    startAfter: new Date(r.start_after),
    completedOn: r.completed_on ? new Date(r.completed_on) : null,
  }));
}

/** One job by id (a UUID), whatever its state, or undefined. */
export async function findJob(db: Db, id: string): Promise<JobRecord | undefined> {
  const [job] = await listJobs(db, { id, limit: 1 });
  return job;
}

/**
 * Give a job kept as 'failed' one more attempt, due now (pg-boss retry(): state 'retry', one
 * more allowed retry, its error kept until the attempt runs). The worker of `npm start` runs it
 * within a second; on Vercel the next drain does. False when it was not failed (any more): two
 * retries at once give one attempt.
 */
export async function retryJob(db: Db, name: string, id: string): Promise<boolean> {
  const engine = await jobsReady(db);
  // pg-boss 12 declares CommandResponse without fields; it answers { jobs, requested, affected }.
  const result = (await engine.boss.retry(name, id)) as { affected?: number };
  return (result.affected ?? 0) > 0;
}
