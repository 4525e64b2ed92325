/**
 * Expensive reads under load (docs/decisions/016). Search is the first user; any read that
 * can take tens of milliseconds of database time per request may use one of its own.
 *
 * A ReadGuard keeps three promises:
 * - **A cap**: at most `maxActive` of its reads run at once in this process. The others wait
 *   in order, up to `maxQueued` of them, each at most `maxWaitMs`: then 503 SERVER_BUSY with
 *   Retry-After, instead of a queue that grows without end and answers nobody (at 100k
 *   products on PGlite, ten users searching once left the server silent for two minutes).
 *   A read is not refused at once for a long queue: under a burst, immediate refusals came
 *   back as fast as they went out (closed-loop clients retry), and the server spent itself
 *   answering 503s: 8,333 against 67 answers at 50 clients on PGlite (docs/decisions/066).
 * - **A deadline**: each read gets `timeoutMs`. On PostgreSQL each of its statements carries
 *   `statement_timeout` (set for that statement alone, in its own round trip: no transaction
 *   around the read, db/statement-timeout.ts, docs/decisions/072), so the server itself stops
 *   a runaway statement. PGlite cannot interrupt a statement (it runs on this thread and
 *   ignores statement_timeout), so there the deadline bounds the wait: a statement not
 *   started by then is never started. Either way the answer is 504 QUERY_TIMEOUT, never a 500.
 * - **The client's signal**: a read for a client that has gone away is not started (Kysely
 *   drops a query waiting for its connection when the signal aborts), and leaves the queue.
 *
 * The read receives the database (on PostgreSQL, one whose statements carry the deadline) and
 * the signal to pass to every query's execute({ signal }). Its statements are not one
 * transaction: a read that needs one snapshot across statements opens its own.
 */
import type { Db, DbHandle } from '@/db/database';
import { AppError } from './errors';

export interface ReadGuardLimits {
  /** Reads of this guard running at once in this process. */
  maxActive: number;
  /** Reads waiting for a turn, at most (a memory bound; the wait bound usually refuses first). */
  maxQueued: number;
  /** Longest wait for a turn before SERVER_BUSY. */
  maxWaitMs: number;
  /** Deadline of one read, from its arrival: statement_timeout on PostgreSQL. */
  timeoutMs: number;
}

/** A read waiting for its turn: release() hands it over with resolve(). */
interface Waiter {
  resolve(): void;
}

/** PostgreSQL's query_canceled: what statement_timeout raises. */
const QUERY_CANCELED = '57014';

/** Seconds a refused client should wait: about what a full queue of searches takes to drain (maxWaitMs, 1.5 s for search). */
const RETRY_AFTER_SECONDS = 1;

export class ReadGuard {
  private active = 0;
  private readonly queue: Waiter[] = [];
  private limits: ReadGuardLimits | undefined;

  /** `limitsOf` is asked once, on the first read: limits may depend on the driver (one thread or a pool). */
  constructor(
    readonly name: string,
    private readonly limitsOf: (driver: DbHandle['driver']) => ReadGuardLimits,
  ) {}

  /** Reads running and waiting now (for tests and the health of a busy server). */
  get load(): { active: number; queued: number } {
    return { active: this.active, queued: this.queue.length };
  }

  /**
   * Runs `read` within the cap and the deadline, for a request whose client may go away
   * (`clientSignal`: Astro aborts request.signal when the connection closes).
   */
  async run<T>(
    handle: Pick<DbHandle, 'driver' | 'withStatementTimeout'>,
    clientSignal: AbortSignal | undefined,
    read: (db: Db, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    if (clientSignal?.aborted) throw new AppError('CLIENT_CLOSED_REQUEST');
    const limits = (this.limits ??= this.limitsOf(handle.driver));
    const { timeoutMs } = limits;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = clientSignal ? AbortSignal.any([clientSignal, deadline]) : deadline;
    await this.acquire(limits, signal, clientSignal);
    try {
      return await read(handle.withStatementTimeout(timeoutMs), signal);
    } catch (error) {
      throw this.explain(error, signal, clientSignal);
    } finally {
      this.release();
    }
  }

  /** A turn now, a place in the queue, or SERVER_BUSY when the queue is full. */
  private acquire(limits: ReadGuardLimits, signal: AbortSignal, clientSignal: AbortSignal | undefined): Promise<void> {
    const { maxActive, maxQueued, maxWaitMs } = limits;
    if (this.active < maxActive) {
      this.active++;
      return Promise.resolve();
    }
    if (this.queue.length >= maxQueued) return Promise.reject(this.busy());
    return new Promise<void>((resolve, reject) => {
      const leave = (error: unknown) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        const index = this.queue.indexOf(waiter);
        if (index !== -1) this.queue.splice(index, 1);
        reject(error);
      };
      const waiter: Waiter = {
        resolve: () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => leave(clientSignal?.aborted ? new AppError('CLIENT_CLOSED_REQUEST') : this.busy());
      const timer = setTimeout(() => leave(this.busy()), maxWaitMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  /** Hands the turn to the first waiter, or frees it. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next.resolve();
    else this.active--;
  }

  private busy(): AppError {
    return new AppError('SERVER_BUSY', undefined, undefined, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  }

  /** A timeout or a departed client in the API's words; anything else as it was. */
  private explain(error: unknown, signal: AbortSignal, clientSignal: AbortSignal | undefined): unknown {
    if (error instanceof AppError) return error;
    if (clientSignal?.aborted) return new AppError('CLIENT_CLOSED_REQUEST');
    const code = (error as { code?: unknown } | null)?.code;
    if (signal.aborted || code === QUERY_CANCELED) {
      return new AppError('QUERY_TIMEOUT', undefined, undefined, { retryAfterSeconds: RETRY_AFTER_SECONDS });
    }
    return error;
  }
}
