/**
 * What `npm start` does between opening its database and serving, and just after
 * (docs/decisions/068), against a real database (PGlite, or PostgreSQL with DATABASE_URL):
 * - the migrations: a database with every migration runs none; one a migration behind runs it
 *   before the start goes on (the quick check of the applied names does not skip it); one that
 *   ran a migration the list does not know stops the start with the migrator's own error;
 * - the job worker, started once the server listens: it waits for the start pages, unless a
 *   request that writes asks for its engine (jobsReady) first, which starts it at once, with its
 *   commit hooks; once it runs, a job is run without a drain, and a job a handler sends in its
 *   transaction runs once that commits, not at the next poll (on PostgreSQL the wake at the
 *   send comes before the commit), and a backlog on one queue runs without waiting for polls;
 * - the app as scripts/start.ts starts it (startApp): it answers, renders its start pages into
 *   its store (the landing page first), then starts the worker, which runs jobs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { migrateToLatest } from '@/db/migrate';
import { migrations } from '@/db/migrations/index';
import { getEnv } from '@/env';
import { resetAuth } from '@/functions/auth/auth';
import { afterCommit, defineJob, enqueue, jobsReady, runAfterCommit, startWorker, stopJobs } from '@/functions/jobs';
import { setPageRenderer } from '@/functions/rebuilds/page-refresh.job';
import { startApp } from '@/scripts/lib/app-server';
import { ensureBuild } from '@/scripts/lib/astro-build';
import { freePort } from '@/scripts/lib/free-port';
import { START_PATHS } from '@/scripts/lib/page-publisher';
import { createTestDb, type TestDb } from '../support/test-db';
import { TEST_OUT_DIR } from '../support/test-build';

let t: TestDb;

const ran: string[] = [];
defineJob<{ word: string }>('test.start-order', async (data) => {
  ran.push(data.word);
});
// A job whose handler sends another inside its own transaction: a chain (a reaction that writes an email, then its delivery).
defineJob<{ word: string }>('test.start-order-chain', async (data, { db }) => {
  await db.transaction().execute((trx) => enqueue(trx, 'test.start-order', { word: `after ${data.word}` }));
});

const applied = async () => (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db)).rows.map((r) => r.name);

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
});

afterAll(async () => {
  setPageRenderer(undefined);
  resetAuth();
  await closeDb();
});

describe('migrations at start', () => {
  it('a database with every migration runs none', async () => {
    const before = await applied();
    expect(before).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(t.db)).toEqual([]);
    expect(await applied()).toEqual(before);
  });

  it('a database a migration behind runs it before the start goes on', async () => {
    const last = Object.keys(migrations).sort().at(-1)!;
    const migration = migrations[last]!;
    expect(migration.down, `${last} needs a down() for this test`).toBeDefined();
    // As a database from before the newest migration was written: its changes undone, its row gone.
    await migration.down!(t.db as unknown as Kysely<unknown>);
    await sql`delete from kysely_migration where name = ${last}`.execute(t.db);
    expect(await applied()).not.toContain(last);

    expect(await migrateToLatest(t.db)).toEqual([last]);
    expect(await applied()).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it('a database that ran a migration this checkout does not know stops the start', async () => {
    const unknown = '2099-01-01-0000-from-a-newer-checkout';
    await sql`insert into kysely_migration (name, timestamp) values (${unknown}, ${new Date().toISOString()})`.execute(t.db);
    try {
      await expect(migrateToLatest(t.db)).rejects.toThrow(new RegExp(`Database migration failed.*${unknown}`));
    } finally {
      await sql`delete from kysely_migration where name = ${unknown}`.execute(t.db);
    }
  });
});

describe('the job worker, started after the server listens', () => {
  it('waits for the start pages, unless a request that writes asks for its engine first: it then starts at once, with its commit hooks, and runs jobs, and the jobs they send, without a drain or a poll', async () => {
    const startPages = Promise.withResolvers<void>();
    const hooked: string[] = [];
    let running = false;
    const worker = startWorker(t.db, () => import('@/functions/all-jobs').then((m) => m.ALL_JOBS), {
      onCommit: { 'community.thread-created': ({ threadId }) => hooked.push(threadId) },
      after: startPages.promise,
      // Far longer than the waits below: what runs, runs because it was woken.
      pollingIntervalSeconds: 60,
    }).then(() => (running = true));
    // The start pages are not rendered and nothing asked: nothing can have started it, whatever the time waited.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(running).toBe(false);

    // A request that writes (a service calls jobsReady before its transaction).
    await jobsReady(t.db);
    await worker;
    afterCommit(t.db, [{ event: 'community.thread-created', data: { threadId: 'thread-of-a-request' } }]);
    expect(hooked).toEqual(['thread-of-a-request']);

    await enqueue(t.db, 'test.start-order', { word: 'from the worker' });
    await vi.waitFor(() => expect(ran).toContain('from the worker'), { timeout: 15_000, interval: 50 });
    await enqueue(t.db, 'test.start-order-chain', { word: 'a chain' });
    await vi.waitFor(() => expect(ran).toContain('after a chain'), { timeout: 20_000, interval: 50 });
    // A backlog on one queue (the emails of an update, a job each) is run one after another, not one per poll.
    await t.db.transaction().execute(async (trx) => {
      for (const n of [1, 2, 3, 4]) await enqueue(trx, 'test.start-order', { word: `backlog ${n}` });
    });
    // As the code that enqueues in a transaction does (on PostgreSQL the wakes at the sends came before the commit).
    runAfterCommit(t.db, ['test.start-order']);
    await vi.waitFor(() => expect(ran.filter((word) => word.startsWith('backlog'))).toHaveLength(4), { timeout: 20_000, interval: 50 });
    startPages.resolve();
    await stopJobs(t.db);
  }, 30_000);
});

describe('the app as npm start starts it', () => {
  it('answers, renders its start pages, the landing page first, then runs the worker', async () => {
    await ensureBuild(TEST_OUT_DIR);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-order-'));
    const port = await freePort();
    const app = await startApp(t, TEST_OUT_DIR, getEnv({ ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: '', DATA_DIR: dataDir }));
    try {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);

      const pages = await app.pages;
      expect(pages).toMatchObject({ reset: true, pages: START_PATHS.length });
      for (const pagePath of START_PATHS) expect(app.publisher.store.has(pagePath), pagePath).toBe(true);
      // The landing page was written first.
      const renderedAt = START_PATHS.map((p) => app.publisher.store.renderedAt(p)!);
      expect(renderedAt[0]).toBeLessThanOrEqual(Math.min(...renderedAt.slice(1)));

      await app.worker;
      await enqueue(t.db, 'test.start-order', { word: 'from the app' });
      await vi.waitFor(() => expect(ran).toContain('from the app'), { timeout: 15_000, interval: 50 });
      const landing = await fetch(`http://127.0.0.1:${port}/`);
      expect(landing.status).toBe(200);
      expect(landing.headers.get('etag')).toBeTruthy(); // from the store
    } finally {
      await app.stop();
      app.site.server.closeAllConnections();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});
