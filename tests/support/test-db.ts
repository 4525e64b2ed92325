/**
 * A fresh, migrated database per test file, started from one template migrated once per run
 * (tests/support/integration-global-setup.ts, docs/decisions/046):
 * - Default: PGlite in memory, loaded from the template's dump (PGlite's loadDataDir), the
 *   first one of a file started while the file loaded (tests/support/early-pglite.ts).
 * - DATABASE_URL set: a new database on that server, `create database … template …`, reached
 *   through the production Neon driver and the WebSocket proxy; dropped when the file ends.
 * Without a template (a file run outside the integration project's global setup) each database
 * is migrated on its own, as before. The template holds the migrations and the job engine's
 * schema and queues; tests/integration/statistics.test.ts still migrates a database itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, dumpPglite, type DbHandle } from '@/db/database';
import { migrateToLatest } from '@/db/migrate';
import { getEnv } from '@/env';
import { jobsReady, stopJobs, provideJobs } from '@/functions/jobs';
import { takeEarlyPglite, TEMPLATE_ENV } from './early-pglite';
import { until } from './until';

export { TEMPLATE_ENV };

export interface TestDb extends DbHandle {
  name: string;
}

// The app's jobs are the tests' too (a test may define more of its own): every engine a test
// starts runs them. Loaded when the first engine starts, as the server bundle does, so a test
// file's own set-up (its environment variables) runs before any job module is imported.
provideJobs(() => import('@/functions/all-jobs').then((m) => m.ALL_JOBS));

/** Migrations, then the job engine's own schema and queues (pg-boss installs them on its first start). */
async function prepare(handle: DbHandle): Promise<void> {
  await migrateToLatest(handle.db);
  await jobsReady(handle.db);
  await stopJobs(handle.db);
}

/** The embedded database's environment: nothing of the process's but what is named here. */
const memoryEnv = (extra: NodeJS.ProcessEnv = {}) => getEnv({ DATA_DIR: 'memory://', NODE_ENV: 'test', ...extra });
/** The server's: the process's environment (DATABASE_URL, the WebSocket proxy). */
const serverEnv = (extra: NodeJS.ProcessEnv = {}) => getEnv({ ...process.env, NODE_ENV: 'test', ...extra });

/** A database name on the server of DATABASE_URL. */
function urlOf(name: string): string {
  const url = new URL(process.env['DATABASE_URL']!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops `name` once the connections of a closed pool have gone (it reports itself ended before they have). */
async function dropDatabase(admin: DbHandle, name: string): Promise<void> {
  await until(
    async () => {
      const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin.db);
      if (open.rows[0]?.n) throw new Error(`${open.rows[0].n} connections to ${name} still open`);
    },
    { timeout: 2_000, interval: 50 },
  ).catch(() => {});
  await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
}

/** A database made from the template has every migration (and its driver is open, as a migrated one's is). */
async function expectMigrated(handle: DbHandle): Promise<void> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(handle.db);
  if (!rows[0]?.n) throw new Error(`The test database made from the template ${process.env[TEMPLATE_ENV]} has no migrations.`);
}

/** Makes the run's template; returns what TEMPLATE_ENV carries and how to remove it. */
export async function createTemplate(): Promise<{ value: string; remove(): Promise<void> }> {
  if (!process.env['DATABASE_URL']) {
    // On the main thread: only an in-process PGlite can dump its data folder.
    const handle = await createDb(memoryEnv({ PGLITE_WORKER: '0' }));
    const file = path.join(os.tmpdir(), `toolmint-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    try {
      await prepare(handle);
      await dumpPglite(handle, file);
    } finally {
      await handle.close();
    }
    return { value: file, remove: async () => fs.rmSync(file, { force: true }) };
  }
  const name = `toolmint_template_${randomBytes(6).toString('hex')}`;
  const admin = await createDb(serverEnv());
  await sql.raw(`create database ${name}`).execute(admin.db);
  const handle = await createDb(serverEnv({ DATABASE_URL: urlOf(name) }));
  try {
    await prepare(handle);
  } finally {
    await handle.close();
  }
  // `create database … template` refuses while anyone is connected to the template.
  await until(
    async () => {
      const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin.db);
      if (open.rows[0]?.n) throw new Error(`${open.rows[0].n} connections to the template still open`);
    },
    { timeout: 10_000, interval: 50 },
  );
  return {
    value: name,
    async remove() {
      await dropDatabase(admin, name);
      await admin.close();
    },
  };
}

export async function createTestDb(): Promise<TestDb> {
  const template = process.env[TEMPLATE_ENV];
  if (!process.env['DATABASE_URL']) {
    // The database tests/support/early-test-db.ts started for this file while it loaded, if any.
    const early = template ? takeEarlyPglite(template) : undefined;
    const handle = await createDb(memoryEnv(), template ? { loadDataDir: template, ...(early ? { pgliteThread: early } : {}) } : {});
    if (template) await expectMigrated(handle);
    else await prepare(handle);
    return { ...handle, name: 'memory' };
  }
  const name = `toolmint_test_${randomBytes(6).toString('hex')}`;
  const admin = await createDb(serverEnv());
  await sql.raw(template ? `create database ${name} template ${template}` : `create database ${name}`).execute(admin.db);
  const handle = await createDb(serverEnv({ DATABASE_URL: urlOf(name) }));
  if (template) await expectMigrated(handle);
  else await prepare(handle);
  return {
    ...handle,
    name,
    async close() {
      await handle.close();
      await dropDatabase(admin, name);
      await admin.close();
    },
  };
}
