/**
 * The embedded database on a thread of its own (db/pglite-thread.ts, docs/decisions/016).
 * PGlite runs each statement synchronously on the thread that calls it; here that thread is
 * not the one serving HTTP, so a 30 ms search, an ANALYZE or a snapshot export no longer
 * stops every other request, and the server's timers (deadlines, 503s) keep their time.
 *
 * Plain JavaScript so that worker_threads loads it under tsx, vitest, Vite and plain Node alike.
 * Messages in: { id, type: 'query', sql, params } | { id, type: 'exec', sql } | { id, type: 'begin' | 'commit' | 'rollback' | 'close' }.
 * Messages out: { type: 'ready' } | { type: 'failed', error } once, then { id, result } | { id, error }.
 * The main thread sends one message at a time (Kysely holds its single connection for each
 * statement, and for the whole of a transaction).
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';

/** An error as plain data: its message and the fields PostgreSQL sets (code, detail, constraint…). */
function plain(error) {
  const out = { message: error instanceof Error ? error.message : String(error), name: error instanceof Error ? error.name : 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || typeof value === 'function') continue;
      if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    }
  }
  return out;
}

let db;
try {
  const loadDataDir = workerData.loadDataDir ? new Blob([fs.readFileSync(workerData.loadDataDir)]) : undefined;
  db = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm, btree_gin }, ...(loadDataDir ? { loadDataDir } : {}) });
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: plain(error) });
}

/**
 * The open transaction, if any: PGlite's own transaction(), held open between the 'begin' and
 * the 'commit' or 'rollback' messages as Kysely's PGlite driver holds it, so PGlite reports a
 * commit of an aborted transaction (25P02) the same way.
 */
let open;
const ROLLBACK = Symbol('rollback');

async function handle(message) {
  switch (message.type) {
    case 'query': {
      const { rows, affectedRows, fields } = await (open?.tx ?? db).query(message.sql, message.params, { rowMode: 'object' });
      return { rows, affectedRows, fields };
    }
    case 'exec': {
      // Several statements in one call (simple protocol), as pg-boss sends its schema and its
      // locked blocks (functions/jobs/engine.ts): the rows of every statement, in order.
      const results = await (open?.tx ?? db).exec(message.sql);
      return { rows: results.flatMap((r) => r.rows ?? []), fields: [] };
    }
    case 'begin': {
      if (open) throw new Error('A transaction is already open.');
      let begun;
      const started = new Promise((resolve) => (begun = resolve));
      const current = {};
      current.finished = new Promise((resolve, reject) => ((current.commit = resolve), (current.rollback = reject)));
      current.done = db.transaction(async (tx) => {
        current.tx = tx;
        begun();
        await current.finished;
      });
      current.done.catch(() => {});
      open = current;
      await Promise.race([started, current.done]);
      return null;
    }
    case 'commit':
    case 'rollback': {
      const current = open;
      open = undefined;
      if (!current) throw new Error('No transaction is open.');
      if (message.type === 'commit') current.commit();
      else current.rollback(ROLLBACK);
      try {
        await current.done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown message ${message.type}`);
  }
}

if (db) {
  // One message at a time, in order, whoever sends them.
  let queue = Promise.resolve();
  parentPort.on('message', (message) => {
    queue = queue.then(async () => {
      try {
        parentPort.postMessage({ id: message.id, result: await handle(message) });
      } catch (error) {
        parentPort.postMessage({ id: message.id, error: plain(error) });
      }
      if (message.type === 'close') parentPort.close();
    });
  });
}
