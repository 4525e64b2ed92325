/**
 * `npm run bench:fanout`: posting a tool update to a tool with 100,000 followers (issue 18,
 * docs/decisions/040). Measured on embedded PGlite (on its worker thread, on disk, as
 * `npm start` runs it) and on the PostgreSQL server of BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) through the production Neon driver and a
 * WebSocket proxy.
 *
 * For each backend: a fresh database, BENCH_FOLLOWERS (100,000) accounts following the tool
 * (scripts/lib/synthetic-followers.ts), statistics, and the in-process job worker running as
 * under `npm start` (startWorker). Then BENCH_POSTS updates, one after another: each one's
 * request time is the service call the route makes (postToolUpdate: the checks, the
 * transaction that records the update and enqueues its fan-out job, the rebuild request), and
 * its fan-out time runs from the start of the request until every follower has exactly one
 * notice of it (counted every 50 ms; the unique key makes more than one impossible, which the
 * script checks too). Writes the '## Fan-out' section of docs/benchmarks.md. No test asserts
 * these times.
 *
 * Knobs: BENCH_FOLLOWERS=100000, BENCH_POSTS=3, BENCH_BACKENDS=pglite,postgres, BENCH_DATABASE_URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, type DbHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { refreshStatistics } from '../db/statistics';
import { getEnv } from '@/env';
import { startWorker, stopJobs, listJobs } from '../functions/jobs';
import { ALL_JOBS } from '../functions/all-jobs';
import { postToolUpdate } from '../functions/tool-updates/tool-updates.service';
import { startWsProxy } from '../tests/support/ws-proxy';
import { measuredOn, replaceSection, runToExit } from './lib/report';
import { addSyntheticFollowers } from './lib/synthetic-followers';

const list = (name: string, fallback: string) =>
  (process.env[name] ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const FOLLOWERS = Number(process.env['BENCH_FOLLOWERS'] ?? 100_000);
const POSTS = Number(process.env['BENCH_POSTS'] ?? 3);
const BACKENDS = list('BENCH_BACKENDS', 'pglite,postgres') as ('pglite' | 'postgres')[];
const PG_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WORK = path.resolve('.test-data', 'bench-fanout');
const TOOL = 'bench-tool';
const QUIET_TOOL = 'bench-quiet';
/** Give up on a fan-out after this long (it is reported as unfinished). */
const FAN_OUT_LIMIT_MS = 10 * 60 * 1000;

interface Run {
  backend: string;
  requestMs: number[];
  fanOutMs: (number | null)[];
  fillSeconds: number;
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function prepare(handle: DbHandle): Promise<{ adminId: string; fillSeconds: number }> {
  const started = Date.now();
  await migrateToLatest(handle.db);
  const adminId = 'bench-admin';
  await sql`insert into users (id, name, email, email_verified) values (${adminId}, 'Bench Admin', 'admin@bench.test', true)`.execute(handle.db);
  await handle.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', adminId).execute();
  await handle.db
    .insertInto('ai_tools')
    .values([
      { id: TOOL, name: 'Bench Tool' },
      { id: QUIET_TOOL, name: 'Quiet Tool' },
    ])
    .execute();
  await addSyntheticFollowers(handle.db, { count: FOLLOWERS, prefix: 'bench-', toolId: TOOL });
  // Statistics as production keeps them: PGlite by the app itself, PostgreSQL by ANALYZE in place of autovacuum.
  if (handle.driver === 'pglite') await refreshStatistics(handle);
  else await sql`analyze`.execute(handle.db);
  return { adminId, fillSeconds: (Date.now() - started) / 1000 };
}

async function noticeCount(handle: DbHandle, updateId: string): Promise<{ notices: number; people: number }> {
  const row = await sql<{ notices: string; people: string }>`
    select count(*) as notices, count(distinct user_id) as people from user_notifications where update_id = ${updateId}::uuid
  `.execute(handle.db);
  return { notices: Number(row.rows[0]?.notices ?? 0), people: Number(row.rows[0]?.people ?? 0) };
}

async function measure(backend: string, handle: DbHandle): Promise<Run> {
  const { adminId, fillSeconds } = await prepare(handle);
  console.log(`[bench:fanout] ${backend}: ${FOLLOWERS} followers in ${fillSeconds.toFixed(1)} s`);
  await startWorker(handle.db, ALL_JOBS);
  // One post to a tool nobody follows first: the engine and the statements warm up.
  await postToolUpdate(handle.db, adminId, QUIET_TOOL, { title: 'Warm-up update', content: 'Nothing to see.', updateType: 'other' });
  const run: Run = { backend, requestMs: [], fanOutMs: [], fillSeconds };
  for (let i = 1; i <= POSTS; i++) {
    const started = performance.now();
    const posted = await postToolUpdate(handle.db, adminId, TOOL, {
      title: `Release ${i} of the bench tool`,
      content: 'Workers now pick up executions from a queue.',
      updateType: i === POSTS ? 'security' : 'feature',
    });
    const requestMs = performance.now() - started;
    let fanOutMs: number | null = null;
    for (;;) {
      const { notices, people } = await noticeCount(handle, posted.update.id);
      if (notices !== people) throw new Error(`${backend}: ${notices} notices for ${people} people`);
      if (notices >= FOLLOWERS) {
        fanOutMs = performance.now() - started;
        if (notices !== FOLLOWERS) throw new Error(`${backend}: ${notices} notices for ${FOLLOWERS} followers`);
        break;
      }
      if (performance.now() - started > FAN_OUT_LIMIT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    run.requestMs.push(requestMs);
    run.fanOutMs.push(fanOutMs);
    console.log(`[bench:fanout] ${backend} post ${i}: request ${ms(requestMs)}, every follower notified after ${fanOutMs === null ? 'never' : ms(fanOutMs)}`);
  }
  const failed = await listJobs(handle.db, { state: 'failed' });
  if (failed.length) throw new Error(`${backend}: ${failed.length} failed job(s): ${JSON.stringify(failed[0]?.output)}`);
  await stopJobs(handle.db);
  return run;
}

async function main(): Promise<void> {
  const runs: Run[] = [];
  fs.rmSync(WORK, { recursive: true, force: true });
  for (const backend of BACKENDS) {
    if (backend === 'pglite') {
      const handle = await createDb(getEnv({ DATA_DIR: path.join(WORK, 'pglite'), NODE_ENV: 'production', PGLITE_WORKER: '1' }));
      try {
        runs.push(await measure('PGlite (worker thread, on disk)', handle));
      } finally {
        await handle.close();
      }
    } else {
      const proxy = await startWsProxy();
      const env = { DATABASE_URL: PG_URL, DATABASE_WS_PROXY: proxy.address, NODE_ENV: 'production' as const };
      const admin = await createDb(getEnv(env));
      const name = `bench_fanout_${randomBytes(4).toString('hex')}`;
      await sql.raw(`create database ${name}`).execute(admin.db);
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      const handle = await createDb(getEnv({ ...env, DATABASE_URL: url.toString() }));
      try {
        runs.push(await measure('PostgreSQL (Neon driver, WebSocket proxy)', handle));
      } finally {
        await handle.close();
        // The pool reports itself ended before its connections have closed: let them go first.
        for (let i = 0; i < 40; i++) {
          const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin.db);
          if (!open.rows[0]?.n) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
        await admin.close();
        await proxy.close();
      }
    }
  }

  const rows = runs.map((r) => {
    const done = r.fanOutMs.filter((v): v is number => v !== null);
    const fanOut =
      done.length === r.fanOutMs.length ? `${(median(done) / 1000).toFixed(1)} s (${done.map((v) => (v / 1000).toFixed(1)).join(', ')})` : 'unfinished';
    const met = Math.max(...r.requestMs) < 200 ? 'met' : 'missed';
    return `| ${r.backend} | ${ms(median(r.requestMs))} (${r.requestMs.map(ms).join(', ')}) | ${ms(Math.max(...r.requestMs))}: ${met} | ${fanOut} |`;
  });
  replaceSection(
    '## Fan-out',
    [
      '## Fan-out',
      '',
      `${measuredOn('bench:fanout')}.`,
      '',
      `Posting a tool update to a tool with ${FOLLOWERS.toLocaleString('en-US')} followers (issue 18, docs/decisions/040). The request records the update and enqueues its fan-out job in one transaction and answers; the in-process worker (as under \`npm start\`) writes the notices in batches of 1,000 per INSERT … SELECT. ${POSTS} posts one after another (the last a security update), after a warm-up post to a tool nobody follows. Request: the route's service call (postToolUpdate: checks, the transaction, the rebuild request), without HTTP and session parsing. Fan-out: from the start of the request until every follower has exactly one notice (counted every 50 ms, so up to 50 ms late), the worker's 1 s polling included.`,
      '',
      '| Backend | Request, median (each) | Request, slowest: target < 200 ms | Every follower notified, median (each) |',
      '| --- | --- | --- | --- |',
      ...rows,
      '',
      'Each run checks that no follower has two notices and that no job failed.',
      '',
    ].join('\n'),
  );
  console.log('[bench:fanout] wrote docs/benchmarks.md');
}

runToExit(main);
