/**
 * A test file's embedded database, started while the file loads (docs/decisions/046).
 * Opening a file's database from the run's template (PGlite's WebAssembly, the template
 * untarred, PostgreSQL's start) takes about a second on the database's own thread; it used to
 * begin in the file's beforeAll, after the app's modules were imported on the main thread
 * (about another second). The integration project's setup file tests/support/early-test-db.ts
 * starts it before the test file is imported, so the two overlap, and createTestDb()
 * (tests/support/test-db.ts) takes it instead of opening one: the same fresh database from the
 * same template, one per file, used by nobody else.
 *
 * Kept apart from test-db.ts, with light imports: the thread should start before the app's
 * modules load, not after them. The hand-over is on globalThis, so it holds however many
 * times the module is loaded.
 */
import { PGliteThread } from '@/db/pglite-thread';

/** Where the global setup leaves the template for the test files: a dump file (PGlite) or a database name (PostgreSQL). */
export const TEMPLATE_ENV = 'TOOLMINT_TEST_DB_TEMPLATE';

const KEY = Symbol.for('toolmint.test.earlyPglite');
type Early = { thread: PGliteThread; template: string };
const slot = globalThis as typeof globalThis & { [KEY]?: Early };

/** Starts opening an in-memory database from `template` for the next createTestDb() of this process. */
export function startEarlyPglite(template: string): void {
  void slot[KEY]?.thread.close();
  slot[KEY] = { thread: new PGliteThread(undefined, template), template };
}

/** The database started by startEarlyPglite() from `template`, once; undefined if none is waiting. */
export function takeEarlyPglite(template: string): PGliteThread | undefined {
  const early = slot[KEY];
  delete slot[KEY];
  if (early && early.template !== template) {
    void early.thread.close();
    return undefined;
  }
  return early?.thread;
}
