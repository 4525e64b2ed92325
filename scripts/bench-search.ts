/**
 * `npm run bench:search`: GET /api/products under load, over real HTTP against the production
 * server (scripts/lib/bench-server.ts: SiteServer over a built site), on embedded PGlite and on
 * the PostgreSQL server of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * through the production Neon driver and a WebSocket proxy in a process of its own.
 *
 * For each backend and catalogue size: a fresh database (synthetic products, db/seed/synthetic.ts),
 * its statistics as production keeps them (PGlite: db/statistics.ts, the app's own ANALYZE;
 * PostgreSQL: ANALYZE standing in for autovacuum), then closed-loop clients at each concurrency
 * over a query mix with near-universal words ('ai', 'automation') and second and fifth pages by
 * cursor. Reported: p50/p95/p99 of the answered searches, 503s (with Retry-After: answered),
 * anything unanswered (an error or no answer within 10 s: must be 0), the server's CPU per
 * request, and how long /api/health takes right after the load is cut (clients gone mid-request).
 * Writes the '## Search' section of docs/benchmarks.md.
 *
 * PGlite runs twice on the same data: on its worker thread (the default) and on the main
 * thread (PGLITE_WORKER=0), the comparison behind docs/decisions/016.
 *
 * Knobs: BENCH_SIZES=100000 (comma list), BENCH_BACKENDS=pglite,postgres, BENCH_PGLITE_THREADS=worker,main,
 * BENCH_CONCURRENCY=1,10,50, BENCH_SECONDS=20 (per level), BENCH_DATABASE_URL, BENCH_PORT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, type DbHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { refreshStatistics } from '../db/statistics';
import { seedReferenceData } from '../db/seed/seed';
import { seedSynthetic } from '../db/seed/synthetic';
import { getEnv } from '@/env';
import { defaultPostgresSearchConcurrency } from '../functions/catalogue/search.service';
import { isBuildCurrent, runAstroBuild } from './lib/astro-build';
import { replaceSection } from './lib/report';

const list = (name: string, fallback: string) =>
  (process.env[name] ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const SIZES = list('BENCH_SIZES', '100000').map(Number);
const BACKENDS = list('BENCH_BACKENDS', 'pglite,postgres') as ('pglite' | 'postgres')[];
const LEVELS = list('BENCH_CONCURRENCY', '1,10,50').map(Number);
/** PGlite on its worker thread (the default, db/pglite-thread.ts) and, for comparison, on the main thread. */
const PGLITE_THREADS = list('BENCH_PGLITE_THREADS', 'worker,main') as ('worker' | 'main')[];
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);
const PG_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HOST = '127.0.0.1';
/** A request with no answer by then is unanswered. */
const CLIENT_TIMEOUT_MS = 10_000;
/** Inside the project: the server bundle resolves its packages from node_modules. */
const WORK = path.resolve('.test-data', 'bench-search');

/** The query mix; `page` n is fetched with the cursor of page n - 1 (walked before the load). */
const QUERY_MIX: { params: Record<string, string>; page?: number }[] = [
  { params: {} },
  { params: { search: 'ai' } },
  { params: { search: 'ai' }, page: 2 },
  { params: { search: 'ai' }, page: 5 },
  { params: { search: 'automation' } },
  { params: { search: 'automation' }, page: 2 },
  { params: { search: 'automation' }, page: 5 },
  { params: { search: 'ai automation' } },
  { params: { search: 'chatbot' } },
  { params: { search: 'chatbto' } },
  { params: { search: 'ai chatbot' }, page: 2 },
  { params: { search: 'lead enrichment workflow' } },
  { params: { search: 'claude legal review' } },
  { params: { search: 'podcst' } },
  { params: { search: 'automation', category: 'business' } },
  { params: { search: 'prompt pack', budget: 'free' } },
  { params: { search: 'dashboard', sort: 'newest' } },
  { params: { search: 'ai', sort: 'popular' }, page: 5 },
  { params: { category: 'tech', sort: 'popular' } },
  { params: { type: 'workflow-automation', sort: 'top_rated' } },
  { params: { tool: 'n8n' } },
  { params: { budget: '50-100', sort: 'price_asc' } },
  { params: { level: 'advanced', pricing: 'one_time' } },
  { params: {}, page: 5 },
];
const label = (q: (typeof QUERY_MIX)[number]) => `${new URLSearchParams(q.params).toString() || '(no filter)'}${q.page ? ` page ${q.page}` : ''}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

// --- HTTP ----------------------------------------------------------------------------------

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | undefined;
}

function get(agent: http.Agent | false, port: number, pathname: string, signal?: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(
      { host: HOST, port, path: pathname, agent, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' }, signal, timeout: CLIENT_TIMEOUT_MS },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, retryAfter: res.headers['retry-after'] }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
  });
}

async function getJson(port: number, pathname: string): Promise<{ nextCursor?: string | null }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: HOST, port, path: pathname }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(JSON.parse(body) as { nextCursor?: string | null })
            : reject(new Error(`${pathname} answered ${res.statusCode}: ${body}`)),
        );
      })
      .on('error', reject);
  });
}

/**
 * The URL of each mix entry; a page n entry carries the cursor of page n - 1. In a small
 * catalogue a search may have fewer pages: its last page stands in (and is named so).
 */
async function resolveMix(port: number): Promise<{ key: string; path: string }[]> {
  const out = [];
  for (const q of QUERY_MIX) {
    let cursor: string | undefined;
    let page = 1;
    for (; page < (q.page ?? 1); page++) {
      const params = new URLSearchParams({ ...q.params, ...(cursor ? { cursor } : {}) });
      const next = (await getJson(port, `/api/products?${params}`)).nextCursor;
      if (!next) break;
      cursor = next;
    }
    const key = page === (q.page ?? 1) ? label(q) : `${label({ params: q.params })} page ${page} (of ${q.page} asked)`;
    out.push({ key, path: `/api/products?${new URLSearchParams({ ...q.params, ...(cursor ? { cursor } : {}) })}` });
  }
  return out;
}

interface LevelResult {
  concurrency: number;
  seconds: number;
  ok: number[];
  busy: number;
  busyWithoutRetryAfter: number;
  timeouts504: number;
  otherStatus: Record<number, number>;
  unanswered: number;
  cutAtStop: number;
  perQuery: Map<string, number[]>;
  serverCpuMs: number;
  /** CPU of the WebSocket proxy and of PostgreSQL's backends for this database (PostgreSQL runs only). */
  databaseCpuMs: number | undefined;
  healthAfterMs: number;
  loadAverage: string;
}

function cpuMsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return 0; // the process ended
  }
}

/** CPU of the PostgreSQL backends serving `database` (their titles name it) and of the proxy. */
function databaseCpuMs(database: string, proxyPid: number): number {
  let total = cpuMsOf(proxyPid);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) total += cpuMsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** `concurrency` clients, each sending the next request of the mix as soon as it has an answer, for SECONDS. */
async function runLevel(
  port: number,
  pid: number,
  mix: { key: string; path: string }[],
  concurrency: number,
  databaseCpu?: () => number,
): Promise<LevelResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const stop = new AbortController();
  const result: LevelResult = {
    concurrency,
    seconds: SECONDS,
    ok: [],
    busy: 0,
    busyWithoutRetryAfter: 0,
    timeouts504: 0,
    otherStatus: {},
    unanswered: 0,
    cutAtStop: 0,
    perQuery: new Map(),
    serverCpuMs: 0,
    databaseCpuMs: undefined,
    healthAfterMs: NaN,
    loadAverage: '',
  };
  const cpuBefore = cpuMsOf(pid);
  const databaseCpuBefore = databaseCpu?.();
  const deadline = Date.now() + SECONDS * 1000;
  const client = async (offset: number) => {
    for (let i = offset; Date.now() < deadline; i++) {
      const entry = mix[i % mix.length]!;
      try {
        const answer = await get(agent, port, entry.path, stop.signal);
        if (answer.status === 200) {
          result.ok.push(answer.ms);
          const times = result.perQuery.get(entry.key) ?? [];
          times.push(answer.ms);
          result.perQuery.set(entry.key, times);
        } else if (answer.status === 503) {
          result.busy++;
          if (!answer.retryAfter) result.busyWithoutRetryAfter++;
        } else if (answer.status === 504) {
          result.timeouts504++;
        } else {
          result.otherStatus[answer.status] = (result.otherStatus[answer.status] ?? 0) + 1;
        }
      } catch (error) {
        if (stop.signal.aborted) result.cutAtStop++;
        else {
          result.unanswered++;
          console.warn(`[bench] unanswered ${entry.key}: ${(error as Error).message}`);
        }
      }
    }
  };
  const clients = Array.from({ length: concurrency }, (_, n) => client(Math.floor((n * mix.length) / concurrency)));
  // The load stops at once: requests in flight are cut (their clients are gone), then health.
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  stop.abort();
  await Promise.all(clients);
  agent.destroy();
  result.serverCpuMs = cpuMsOf(pid) - cpuBefore;
  if (databaseCpu && databaseCpuBefore !== undefined) result.databaseCpuMs = databaseCpu() - databaseCpuBefore;
  result.healthAfterMs = (await get(false, port, '/api/health')).ms;
  result.loadAverage = loadAverage();
  result.ok.sort((a, b) => a - b);
  return result;
}

// --- Databases and the server --------------------------------------------------------------

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, HOST, () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A built site to serve (searches read the database, not the build): built once, reused while the sources are unchanged. */
async function ensureBuild(): Promise<string> {
  const outDir = path.join(WORK, 'dist');
  if (!isBuildCurrent(outDir)) await runAstroBuild({ outDir });
  return outDir;
}

async function createCreators(db: DbHandle['db']): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const id = `bench-creator-${i}`;
    await db
      .insertInto('users')
      .values({ id, name: `Creator ${i}`, email: `${id}@example.com`, full_name: `Bench Creator ${i}`, user_type: 'creator' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await db
      .insertInto('profiles')
      .values({ id, full_name: `Bench Creator ${i}`, user_type: 'creator' })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Fills the database to `size` products and brings its statistics up to date as production would. */
async function fill(handle: DbHandle, size: number, name: string): Promise<number> {
  const started = Date.now();
  await migrateToLatest(handle.db);
  await seedReferenceData(handle.db);
  await createCreators(handle.db);
  const have = Number((await sql<{ n: string }>`select count(*) as n from products`.execute(handle.db)).rows[0]?.n ?? 0);
  await seedSynthetic(handle.db, size - have, (done) => process.stdout.write(`\r[bench] ${name}: ${have + done} / ${size} products`));
  process.stdout.write('\n');
  // PGlite: the app's own ANALYZE (db/statistics.ts). PostgreSQL: autovacuum would within a minute.
  if (handle.driver === 'pglite') await refreshStatistics(handle);
  else await sql`analyze`.execute(handle.db);
  return (Date.now() - started) / 1000;
}

function spawnNode(args: string[], env: NodeJS.ProcessEnv, name: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}`)
      .join('\n');
  child.stdout?.on('data', (chunk: Buffer) => process.env['BENCH_VERBOSE'] && console.log(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => console.error(prefix(chunk)));
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the bench server exited');
    const up = await get(false, port, '/api/health').then(
      (a) => a.status === 200,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the bench server did not answer /api/health');
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process for port ${port} exited`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, HOST, () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on port ${port}`);
}

interface BackendRun {
  backend: string;
  size: number;
  fillSeconds: number;
  levels: LevelResult[];
  /** GET /api/health (`select 1`) at FLOOR_CLIENTS clients on the same server: what the stack costs without any search. */
  floor?: LevelResult;
}

/**
 * The floor: the same closed loop, server, driver and load generator, on GET /api/health
 * (`select 1`) instead of a search. Whatever p95 it has at 10 clients, no search can beat on
 * this machine; it separates what the search costs from what the shared cores cost.
 */
const FLOOR_CLIENTS = 10;

async function benchServer(
  backend: string,
  size: number,
  fillSeconds: number,
  outDir: string,
  env: NodeJS.ProcessEnv,
  databaseCpu?: () => number,
): Promise<BackendRun> {
  const port = Number(process.env['BENCH_PORT'] ?? 0) || (await freePort());
  const server = spawnNode(['scripts/lib/bench-server.ts'], { ...env, OUT_DIR: outDir, PORT: String(port), HOST, SITE_URL: '' }, 'server');
  try {
    await waitForHealth(port, server);
    const mix = await resolveMix(port);
    for (let round = 0; round < 3; round++) for (const entry of mix) await get(false, port, entry.path); // warm-up
    const levels = [];
    for (const concurrency of LEVELS) {
      console.log(`[bench] ${backend}, ${size.toLocaleString('en-US')} products: ${concurrency} client(s) for ${SECONDS} s (load average ${loadAverage()})`);
      const level = await runLevel(port, server.pid!, mix, concurrency, databaseCpu);
      console.log(
        `[bench]   ${level.ok.length} answered 200, p50 ${ms(percentile(level.ok, 50))} ms, p95 ${ms(percentile(level.ok, 95))} ms, p99 ${ms(percentile(level.ok, 99))} ms; 503: ${level.busy}, 504: ${level.timeouts504}, unanswered: ${level.unanswered}; health after ${ms(level.healthAfterMs)} ms`,
      );
      levels.push(level);
      await new Promise((resolve) => setTimeout(resolve, 2000)); // let cut requests drain before the next level
    }
    console.log(`[bench] ${backend}, ${size.toLocaleString('en-US')} products: floor, GET /api/health at ${FLOOR_CLIENTS} clients for ${SECONDS} s`);
    const floor = await runLevel(port, server.pid!, [{ key: 'health', path: '/api/health' }], FLOOR_CLIENTS, databaseCpu);
    console.log(
      `[bench]   floor p50 ${ms(percentile(floor.ok, 50))} ms, p95 ${ms(percentile(floor.ok, 95))} ms, ${(floor.ok.length / SECONDS).toFixed(0)} answers/s`,
    );
    return { backend, size, fillSeconds, levels, floor };
  } finally {
    await stopChild(server);
  }
}

// --- Report --------------------------------------------------------------------------------

function report(runs: BackendRun[], started: string, loadBefore: string): string {
  const rows = runs.flatMap((r) =>
    r.levels.map((l) => {
      const answered = l.ok.length + l.busy + l.timeouts504 + Object.values(l.otherStatus).reduce((a, b) => a + b, 0);
      const other =
        Object.entries(l.otherStatus)
          .map(([s, n]) => `${n}×${s}`)
          .join(' ') || '0';
      return `| ${r.backend} | ${r.size.toLocaleString('en-US')} | ${l.concurrency} | ${(answered / l.seconds).toFixed(0)} | ${ms(percentile(l.ok, 50))} | ${ms(percentile(l.ok, 95))} | ${ms(percentile(l.ok, 99))} | ${l.busy}${l.busyWithoutRetryAfter ? ` (${l.busyWithoutRetryAfter} without Retry-After)` : ''} | ${l.timeouts504} | ${other} | ${l.unanswered} | ${(l.serverCpuMs / Math.max(1, answered)).toFixed(2)} | ${l.databaseCpuMs === undefined ? 'in the server' : (l.databaseCpuMs / Math.max(1, answered)).toFixed(2)} | ${ms(l.healthAfterMs)} | ${l.loadAverage} |`;
    }),
  );
  const slowest = runs.map((r) => {
    const single = r.levels.find((l) => l.concurrency === 1) ?? r.levels[0]!;
    const medians = [...single.perQuery.entries()]
      .map(([key, times]) => ({
        key,
        p50: percentile(
          [...times].sort((a, b) => a - b),
          50,
        ),
      }))
      .sort((a, b) => b.p50 - a.p50);
    return `- ${r.backend}, ${r.size.toLocaleString('en-US')} products, ${single.concurrency} client: ${medians
      .slice(0, 5)
      .map((m) => `\`${m.key}\` ${ms(m.p50)} ms`)
      .join(', ')}; fastest \`${medians.at(-1)?.key}\` ${ms(medians.at(-1)?.p50 ?? NaN)} ms`;
  });
  // The issue's targets, checked against this run (the shipped configuration: PGlite on its worker thread).
  const verdicts = runs
    .filter((r) => !r.backend.includes('main thread'))
    .flatMap((r) => {
      const limit = r.backend.startsWith('PostgreSQL') ? 50 : 100;
      const ten = r.levels.find((l) => l.concurrency === 10);
      const fifty = r.levels.find((l) => l.concurrency === 50);
      const out: string[] = [];
      if (ten) {
        const p95 = percentile(ten.ok, 95);
        const floor = r.floor
          ? ` (floor of this stack on this machine, GET /api/health at ${FLOOR_CLIENTS} clients: p95 ${ms(percentile(r.floor.ok, 95))} ms, p50 ${ms(percentile(r.floor.ok, 50))} ms, ${(r.floor.ok.length / r.floor.seconds).toFixed(0)} answers/s)`
          : '';
        out.push(
          `${r.backend}, ${r.size.toLocaleString('en-US')}: p95 at 10 clients ${ms(p95)} ms, target under ${limit} ms: ${p95 < limit ? 'met' : 'missed'}${floor}`,
        );
      }
      if (fifty) {
        out.push(
          `${r.backend}, ${r.size.toLocaleString('en-US')}: at 50 clients ${fifty.unanswered} unanswered (${fifty.busy} answered 503), /api/health ${ms(fifty.healthAfterMs)} ms after: ${fifty.unanswered === 0 && fifty.healthAfterMs < 1000 ? 'met' : 'missed'}`,
        );
      }
      return out;
    });
  return [
    '## Search',
    '',
    `Measured ${started} by \`npm run bench:search\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, shared with other work: load average (1 / 5 / 15 min) ${loadBefore} at the start, and after each level in the table.`,
    '',
    `GET /api/products over real HTTP (keep-alive, \`accept-encoding: gzip, deflate, br, zstd\`) against the production server (SiteServer over a built site, scripts/lib/bench-server.ts), the load generator on the same machine. Closed loop: each client sends its next request when it has an answer, for ${SECONDS} s per level, over a mix of ${QUERY_MIX.length} requests: near-universal words ('ai' in every product, 'automation' in a fifth), the second and fifth pages of 'ai' and 'automation' by cursor, typos, several words, filters, every sort. Synthetic products from db/seed/synthetic.ts (about 92% published). Statistics: PGlite analysed by the app itself (db/statistics.ts), PostgreSQL by ANALYZE in place of autovacuum. PostgreSQL is reached through the production Neon driver and a WebSocket proxy in its own process. Search limits as shipped (SEARCH_CONCURRENCY unset: 2 on PGlite, on PostgreSQL two per core, at most 8: ${defaultPostgresSearchConcurrency()} here; SEARCH_TIMEOUT_MS 2000).`,
    '',
    'Targets: p95 under 50 ms at 10 clients on PostgreSQL and under 100 ms on PGlite; at 50 clients nothing unanswered (503 with Retry-After is an answer) and /api/health within 1 s after the load stops. In this run:',
    '',
    ...verdicts.map((v) => `- ${v}`),
    '',
    '| backend | products | clients | answers/s | p50 (ms) | p95 (ms) | p99 (ms) | 503 busy | 504 timeout | other | unanswered | server CPU ms/answer | database CPU ms/answer | /api/health after (ms) | load average after |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    'Percentiles are of the 200 answers. /api/health is timed on a new connection right after the load is cut, with the requests then in flight abandoned by their clients. Unanswered: a connection error or no answer within 10 s. CPU per answer: the server process (with PGlite, its database thread included), and for PostgreSQL its backends for the benchmark database plus the WebSocket proxy; the load generator (about 0.5 ms per request) and everything else on the machine come on top, on the same two cores.',
    '',
    'Slowest requests of the mix, median at one client:',
    '',
    ...slowest,
    '',
    ...new Set(
      runs.map((r) => `Filling ${r.backend.replace(/ \(.*\)$/, '')} to ${r.size.toLocaleString('en-US')} products took ${r.fillSeconds.toFixed(0)} s.`),
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const started = new Date().toISOString().slice(0, 10);
  const loadBefore = loadAverage();
  fs.mkdirSync(WORK, { recursive: true });
  const outDir = await ensureBuild();
  const runs: BackendRun[] = [];
  for (const backend of BACKENDS) {
    if (backend === 'pglite') {
      const dataDir = fs.mkdtempSync(path.join(WORK, 'pglite-'));
      try {
        for (const size of SIZES) {
          const handle = await createDb(getEnv({ DATA_DIR: dataDir, NODE_ENV: 'production' }));
          let fillSeconds: number;
          try {
            fillSeconds = await fill(handle, size, 'PGlite');
          } finally {
            await handle.close();
          }
          for (const thread of PGLITE_THREADS) {
            const env = { DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_WS_PROXY: '', PGLITE_WORKER: thread === 'worker' ? '1' : '0' };
            runs.push(await benchServer(`PGlite (${thread} thread)`, size, fillSeconds, outDir, env));
          }
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    } else {
      const proxyPort = await freePort();
      const proxy = spawnNode(['tests/support/ws-proxy.ts', String(proxyPort)], {}, 'ws-proxy');
      await waitForPort(proxyPort, proxy);
      const proxyAddress = `${HOST}:${proxyPort}/v2`;
      const name = `toolmint_bench_${randomBytes(4).toString('hex')}`;
      const admin = await createDb(getEnv({ DATABASE_URL: PG_URL, DATABASE_WS_PROXY: proxyAddress, NODE_ENV: 'production' }));
      try {
        await sql.raw(`create database ${name}`).execute(admin.db);
        const url = new URL(PG_URL);
        url.pathname = `/${name}`;
        const env = { DATABASE_URL: url.toString(), DATABASE_WS_PROXY: proxyAddress };
        for (const size of SIZES) {
          const handle = await createDb(getEnv({ ...env, NODE_ENV: 'production' }));
          let fillSeconds: number;
          try {
            fillSeconds = await fill(handle, size, 'PostgreSQL');
          } finally {
            await handle.close();
          }
          runs.push(await benchServer('PostgreSQL', size, fillSeconds, outDir, env, () => databaseCpuMs(name, proxy.pid!)));
        }
      } finally {
        await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
        await admin.close();
        await stopChild(proxy);
      }
    }
  }
  const section = report(runs, started, loadBefore);
  replaceSection('## Search', section);
  console.log(`\n${section}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
