/**
 * PGlite on a worker thread (db/pglite-worker.mjs), behind the interface Kysely's
 * PGliteDialect uses: query(), transaction(), close(). db/database.ts opens the embedded
 * database through it (docs/decisions/016).
 *
 * Why: PGlite executes a statement synchronously on the calling thread. In the serving
 * process that thread is the one answering HTTP, so one slow statement held every request,
 * static files and /api/health included, and no timer (a deadline, a 503) could fire.
 *
 * The single-owner rule (docs/decisions/001) is unchanged: one process takes the folder's
 * lock, and within it exactly one thread opens PGlite. Kysely's connection mutex sends one
 * statement at a time and holds the connection for a whole transaction, which the worker
 * runs as PGlite's own transaction(), as Kysely's PGlite driver does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The worker's file: next to this module when it runs from source (tsx, vitest, astro dev);
 * a server bundle has it elsewhere, so the project's db/ folder is the fallback.
 */
function workerFile(): URL {
  const beside = new URL('./pglite-worker.mjs', import.meta.url);
  if (beside.protocol === 'file:' && fs.existsSync(fileURLToPath(beside))) return beside;
  return pathToFileURL(path.resolve('db', 'pglite-worker.mjs'));
}

interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

type Pending = { resolve(result: QueryResult<unknown> | null): void; reject(error: Error): void };

/** An error from the worker rebuilt with PostgreSQL's fields (code, detail, constraint…). */
function rebuild(data: Record<string, unknown>): Error {
  const error = new Error(String(data['message']));
  Object.assign(error, data);
  return error;
}

export class PGliteThread {
  closed = false;
  ready = false;
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** `dataDir` undefined: an in-memory database. `loadDataDir`: a dump (tar) to start from (db/database.ts). */
  constructor(dataDir: string | undefined, loadDataDir?: string) {
    // Like PGlite in-process, an idle database does not keep the process alive; opening it
    // and a statement in flight do (see send()).
    this.worker = new Worker(workerFile(), { workerData: { dataDir, loadDataDir } });
    this.waitReady = new Promise<void>((resolve, reject) => {
      const onMessage = (message: { type?: string; id?: number; result?: QueryResult<unknown> | null; error?: Record<string, unknown> }) => {
        if (message.type === 'ready') {
          this.ready = true;
          if (this.pending.size === 0) this.worker.unref();
          resolve();
        } else if (message.type === 'failed') {
          this.closed = true;
          void this.worker.terminate();
          reject(rebuild(message.error ?? {}));
        } else if (message.id !== undefined) {
          const pending = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (message.error) pending?.reject(rebuild(message.error));
          else pending?.resolve(message.result ?? null);
        }
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', (error) => {
        this.closed = true;
        reject(error);
        for (const pending of this.pending.values()) pending.reject(error);
        this.pending.clear();
      });
      this.worker.once('exit', () => {
        this.closed = true;
        const gone = new Error('The embedded database thread has stopped.');
        for (const pending of this.pending.values()) pending.reject(gone);
        this.pending.clear();
      });
    });
    // A failure to open is reported by waitReady; keep an unobserved one from crashing the process.
    this.waitReady.catch(() => {});
  }

  private send(
    message: { type: 'query'; sql: string; params: unknown[] } | { type: 'exec'; sql: string } | { type: 'begin' | 'commit' | 'rollback' | 'close' },
  ): Promise<QueryResult<unknown> | null> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed.'));
    const id = this.nextId++;
    return new Promise<QueryResult<unknown> | null>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ id, ...message });
    }).finally(() => {
      if (this.pending.size === 0) this.worker.unref();
    });
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    await this.waitReady;
    return (await this.send({ type: 'query', sql, params })) as QueryResult<T>;
  }

  /**
   * Several statements without parameters in one call (PGlite's exec()): the rows of every
   * statement. Only for a caller holding Kysely's connection (db/database.ts rawExecutorOf).
   */
  async exec(sql: string): Promise<{ rows: unknown[] }> {
    await this.waitReady;
    const result = (await this.send({ type: 'exec', sql })) as QueryResult<unknown>;
    return { rows: result.rows };
  }

  /** PGlite's transaction() in the worker, held open while `callback` runs; its statements go to it. */
  async transaction<T>(callback: (tx: { query: PGliteThread['query']; rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    await this.waitReady;
    await this.send({ type: 'begin' });
    let finished = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[]) => this.query<R>(sql, params),
      rollback: async () => {
        finished = true;
        await this.send({ type: 'rollback' });
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!finished) await this.send({ type: 'rollback' });
      throw error;
    }
    if (!finished) await this.send({ type: 'commit' });
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.waitReady.catch(() => {});
    if (!this.closed) await this.send({ type: 'close' }).catch(() => {});
    this.closed = true;
    await this.worker.terminate();
  }
}
