/**
 * createDb(): the one place that chooses the database driver.
 *
 * - No DATABASE_URL: embedded PGlite (real PostgreSQL in-process) under DATA_DIR/pglite.
 *   PGlite has no cross-process lock and silently loses a second process's writes
 *   (see docs/decisions/001), so we take an advisory pid lock file and refuse to open a
 *   folder another live process owns. It runs on a worker thread of this process
 *   (db/pglite-thread.ts), so a slow statement does not stop the HTTP server, and it keeps
 *   its planner statistics itself (db/statistics.ts), having no autovacuum (docs/decisions/016).
 * - DATABASE_URL: the @neondatabase/serverless Pool, Neon's driver in production. With
 *   DATABASE_WS_PROXY it reaches a plain PostgreSQL through a local WebSocket proxy,
 *   which is how tests exercise the production driver.
 *
 * getDb() keeps one instance per process on globalThis so that the server bundle and the
 * start script, which load this module separately, share the same PGlite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, Kysely, PGliteDialect, PostgresDialect, sql, type Dialect } from 'kysely';
import type { Database } from './schema';
import { PGliteThread } from './pglite-thread';
import { keepStatistics } from './statistics';
import { getEnv, type Env } from '@/env';
import { describeFreeSpace, freeSpaceOf, isStorageFull, LOW_SPACE_BYTES } from '@/env/storage-full';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'neon';
  /** Where the data lives, for messages: a folder or a host. */
  location: string;
  /**
   * The database with each statement stopped by PostgreSQL itself after `timeoutMs`
   * (statement_timeout, sent with the statement in its round trip: db/statement-timeout.ts).
   * PGlite cannot interrupt a statement (it runs one at a time and ignores statement_timeout):
   * there it is `db`, and a deadline can only bound the wait (functions/_shared/read-guard.ts).
   */
  withStatementTimeout(timeoutMs: number): Db;
  close(): Promise<void>;
}

/**
 * node-postgres-style access for a library that brings its own SQL: pg-boss, the job engine
 * (functions/jobs/engine.ts, docs/decisions/040). `text` runs as sent: several statements in
 * one call when there are no `values` (the simple protocol), and the answer has the rows of
 * every statement, in order. On PGlite it takes Kysely's single connection for the call, so it
 * never lands inside somebody else's transaction (the single-owner rule, decision 001).
 */
export interface RawSql {
  driver: DbHandle['driver'];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of SQL the library wrote
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

// On globalThis, like the handle (getDbHandle): the start script and the server bundle load
// this module separately and share one database.
const EXTRAS_KEY = Symbol.for('toolmint.db.extras');
type Extras = { raw: WeakMap<Db, RawSql>; closers: WeakMap<Db, (() => Promise<void>)[]> };
const extras: Extras = ((globalThis as Record<symbol, unknown>)[EXTRAS_KEY] as Extras | undefined) ?? {
  raw: new WeakMap(),
  closers: new WeakMap(),
};
(globalThis as Record<symbol, unknown>)[EXTRAS_KEY] = extras;
const rawSql = extras.raw;

/** The RawSql of a database handle's Kysely instance (not of a transaction). */
export function rawSqlOf(db: Db): RawSql {
  const raw = rawSql.get(db);
  if (!raw) throw new Error('This Kysely instance was not opened by createDb(): it has no raw SQL access.');
  return raw;
}

/** Run `fn` when the handle of `db` closes, before the database does (the job engine stops there). */
export function onDbClose(db: Db, fn: () => Promise<void>): void {
  extras.closers.set(db, [...(extras.closers.get(db) ?? []), fn]);
}

async function runClosers(db: Db): Promise<void> {
  const closers = extras.closers.get(db) ?? [];
  extras.closers.delete(db);
  for (const fn of closers.reverse()) {
    await fn().catch((error: unknown) => console.warn('[db] closing:', (error as Error).message));
  }
}

/** Rows of one result or of several (node-postgres answers an array for several statements). */
function rowsOf(result: unknown): unknown[] {
  const results = Array.isArray(result) ? (result as { rows?: unknown[] }[]) : [result as { rows?: unknown[] }];
  return results.flatMap((r) => r?.rows ?? []);
}

class DatabaseConfigError extends Error {
  override name = 'DatabaseConfigError';
}

const LOCK_FILE = 'toolmint.pid';

/** Whether process `pid` is running (EPERM: it is, as another user's). Also the build lock's test (scripts/lib/astro-build.ts). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The data folder's disk has room to start on. PGlite, opened on a full disk, aborts its
 * WebAssembly module ('Aborted(). Build with -sASSERTIONS'), which says nothing about space
 * (issue 29): this says which folder and how much is free, before it is opened.
 */
function assertRoomToStart(dataDir: string): void {
  const space = freeSpaceOf(dataDir);
  if (space && space.freeBytes < LOW_SPACE_BYTES) throw diskFull(space.folder, describeFreeSpace(space));
}

function diskFull(folder: string, free: string): DatabaseConfigError {
  return new DatabaseConfigError(
    `The disk of the data folder ${folder} is full (${free}); the embedded database needs at least ${LOW_SPACE_BYTES / 1024 / 1024} MB free to start. Free some space, or set DATA_DIR to a folder on a disk with room.`,
  );
}

/** Take the single-owner lock on a PGlite folder, or explain who holds it. */
function lockDataDir(dir: string): () => void {
  const lockPath = path.join(dir, LOCK_FILE);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    throw new DatabaseConfigError(`The data folder ${dir} is not writable. Fix its permissions or set DATA_DIR to a writable folder.`);
  }
  if (fs.existsSync(lockPath)) {
    const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
    if (owner && owner !== process.pid && isProcessAlive(owner)) {
      throw new DatabaseConfigError(
        `The embedded database in ${dir} is in use by another toolmint process (pid ${owner}). ` +
          'Stop it first: only one process may open the embedded database.',
      );
    }
  }
  try {
    fs.writeFileSync(lockPath, String(process.pid));
  } catch (error) {
    if (isStorageFull(error)) throw diskFull(path.dirname(dir), describeFreeSpace(freeSpaceOf(dir)));
    throw error;
  }
  return () => {
    try {
      if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
    } catch {
      // already gone
    }
  };
}

/**
 * `loadDataDir`: a file written by PGlite's dumpDataDir() that a new in-memory database starts
 * from instead of an empty one (the test suites' migrated template, docs/decisions/046).
 */
export interface CreateDbOptions {
  loadDataDir?: string;
  /**
   * An in-memory database already opening on its thread (started from `loadDataDir`), to be
   * used instead of opening one: the integration tests start each file's while the file loads
   * (tests/support/early-pglite.ts).
   */
  pgliteThread?: PGliteThread;
}

type PGliteDumper = { dumpDataDir(compression: 'none'): Promise<Blob> };
/** The in-process PGlite behind a Kysely instance (not one on a worker thread), for dumpPglite(). */
const pgliteClients = new WeakMap<Db, PGliteDumper>();

async function openPglite(dataDir: string, onWorker: boolean, options: CreateDbOptions = {}): Promise<DbHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const dir = inMemory ? dataDir : path.resolve(dataDir, 'pglite');
  if (!inMemory) assertRoomToStart(dataDir);
  const unlock = inMemory ? () => {} : lockDataDir(dir);
  if (options.loadDataDir && !inMemory) throw new DatabaseConfigError('A database dump can only be loaded into an in-memory database.');
  if (options.pgliteThread && !inMemory) throw new DatabaseConfigError('Only an in-memory database can be opened on a thread started beforehand.');
  let client;
  try {
    if (onWorker || options.pgliteThread) {
      client = options.pgliteThread ?? new PGliteThread(inMemory ? undefined : dir, options.loadDataDir);
      await client.waitReady;
    } else {
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
      const loadDataDir = options.loadDataDir ? new Blob([fs.readFileSync(options.loadDataDir)]) : undefined;
      client = await PGlite.create(inMemory ? undefined : dir, { extensions: { pg_trgm, btree_gin }, ...(loadDataDir ? { loadDataDir } : {}) });
    }
  } catch (error) {
    unlock();
    if (isStorageFull(error)) throw diskFull(path.resolve(dataDir), describeFreeSpace(freeSpaceOf(dataDir)));
    throw new DatabaseConfigError(`Could not open the embedded database in ${dir}: ${(error as Error).message}`);
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: client as never }) });
  if (!onWorker) pgliteClients.set(db, client as PGliteDumper);
  const pglite = client as { exec(text: string): Promise<unknown> };
  rawSql.set(db, {
    driver: 'pglite',
    async executeSql(text, values) {
      if (values?.length) return { rows: [...(await db.executeQuery(CompiledQuery.raw(text, values))).rows] };
      // Kysely's connection, held for the call: exec() runs on the one session PGlite has.
      return db.connection().execute(async () => {
        try {
          return { rows: rowsOf(await pglite.exec(text)) };
        } catch (error) {
          // A failed BEGIN … COMMIT block leaves the one session in an aborted transaction.
          await pglite.exec('rollback').catch(() => {});
          throw error;
        }
      });
    },
  });
  // PGlite has no autovacuum: analyse changed tables as it would (db/statistics.ts).
  const statistics = keepStatistics(db);
  return {
    db,
    driver: 'pglite',
    location: dir,
    withStatementTimeout: () => db,
    async close() {
      await runClosers(db);
      await statistics.stop();
      await db.destroy();
      unlock();
    },
  };
}

async function openNeon(env: Env): Promise<DbHandle> {
  const { Pool, neonConfig } = await import('@neondatabase/serverless');
  const { CoalescingWebSocket } = await import('./coalescing-websocket');
  const { poolWithStatementTimeout } = await import('./statement-timeout');
  // The driver's coalescing holds every write for a setTimeout(0), at least 1 ms in Node, per
  // round trip: two queries took 2.7 ms instead of 0.2 ms against a local server
  // (docs/decisions/016). The socket coalesces instead, within the turn (docs/decisions/066).
  neonConfig.webSocketConstructor = CoalescingWebSocket;
  neonConfig.coalesceWrites = false;
  if (env.DATABASE_WS_PROXY) {
    const proxy = env.DATABASE_WS_PROXY;
    neonConfig.wsProxy = (host, port) => `${proxy}?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  const url = new URL(env.DATABASE_URL!);
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 10 });
  // A pool error outside a query (a dropped idle connection) must not crash the process.
  pool.on('error', (error: Error) => console.error('[db] idle connection error:', error.message));
  const dialect: Dialect = new PostgresDialect({ pool: pool as never });
  const db = new Kysely<Database>({ dialect });
  // pg-boss was written for node-postgres's Pool.query, which the Neon Pool keeps.
  rawSql.set(db, { driver: 'neon', executeSql: async (text, values) => ({ rows: rowsOf(await pool.query(text, values)) }) });
  // One per deadline (a guarded read has one, SEARCH_TIMEOUT_MS), over the same pool.
  const timed = new Map<number, Db>();
  return {
    db,
    driver: 'neon',
    location: `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`,
    withStatementTimeout(timeoutMs) {
      let timedDb = timed.get(timeoutMs);
      if (!timedDb) {
        timedDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: poolWithStatementTimeout(pool, timeoutMs) }) });
        timed.set(timeoutMs, timedDb);
      }
      return timedDb;
    },
    async close() {
      await runClosers(db);
      await db.destroy();
    },
  };
}

/** Open a new database handle for the given environment (tests pass their own). */
export async function createDb(env: Env = getEnv(), options: CreateDbOptions = {}): Promise<DbHandle> {
  return env.DATABASE_URL ? openNeon(env) : openPglite(env.DATA_DIR, env.PGLITE_WORKER === '1', options);
}

/** The database as a file loadDataDir can start from (PGlite only): the test suites' template. */
export async function dumpPglite(handle: DbHandle, file: string): Promise<void> {
  const client = pgliteClients.get(handle.db);
  if (!client) throw new Error('Only an embedded (PGlite) database opened on the main thread (PGLITE_WORKER=0) can be dumped.');
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
}

/** Fail fast with one clear sentence when the database cannot be reached. */
export async function verifyDb(handle: DbHandle, timeoutMs = 10_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(handle.db), timeout]);
  } catch (error) {
    throw new DatabaseConfigError(
      `Cannot reach the database at ${handle.location} (${handle.driver}): ${(error as Error).message}. ` +
        'Check DATABASE_URL, or unset it to use the embedded database.',
    );
  } finally {
    clearTimeout(timer);
  }
}

const GLOBAL_KEY = Symbol.for('toolmint.db');
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<DbHandle> };

/** The process-wide database handle, opened on first use. */
export function getDbHandle(): Promise<DbHandle> {
  const g = globalThis as GlobalWithDb;
  g[GLOBAL_KEY] ??= createDb().catch((error: unknown) => {
    delete g[GLOBAL_KEY];
    throw error;
  });
  return g[GLOBAL_KEY];
}

/** The database answers: `select 1`, which touches no table (GET /api/health). */
export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/**
 * Install a handle as the process-wide one (the start script does this), or one still opening:
 * the start script loads the server bundle while its database opens, and anything that asks
 * for the database meanwhile waits for that one rather than opening a second (docs/decisions/068).
 */
export function setDbHandle(handle: DbHandle | Promise<DbHandle>): void {
  (globalThis as GlobalWithDb)[GLOBAL_KEY] = Promise.resolve(handle);
}

export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const pending = g[GLOBAL_KEY];
  delete g[GLOBAL_KEY];
  if (pending) await (await pending).close();
}
