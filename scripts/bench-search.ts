/**
 * `npm run bench:search`: GET /api/products under load, over real HTTP against the server
 * `npm start` runs (scripts/lib/bench-server.ts: worker, page publisher and SiteServer over a
 * built site), on embedded PGlite and on the PostgreSQL server of BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) through the production Neon driver and a
 * WebSocket proxy in a process of its own, beside a raw-SQL baseline of the same statements.
 *
 * For each backend and catalogue size: a fresh database (synthetic products, db/seed/synthetic.ts),
 * its statistics as production keeps them (PGlite: db/statistics.ts, the app's own ANALYZE;
 * PostgreSQL: ANALYZE standing in for autovacuum), the mix resolved and its SQL captured from
 * the search code (resolveMix), then closed-loop clients at each concurrency over a realistic
 * mix: near-universal words ('ai', 'automation'), second and fifth pages by cursor, words
 * misspelt afresh on every request (never in the word cache), filters with words, every sort.
 * The baseline runs the captured SQL without the app: pgbench straight to PostgreSQL after each
 * level, an in-process loop on PGlite before the server starts. Reported: mean/p50/p95/p99 of
 * the answered searches beside the baseline's, 503s (with Retry-After: answered), anything
 * unanswered (an error or no answer within 10 s: must be 0), the server's CPU per request, how
 * long /api/health takes right after the load is cut, and the load average throughout.
 * Writes the '## Search' section of docs/benchmarks.md.
 *
 * PGlite runs on its worker thread (the default); BENCH_PGLITE_THREADS=worker,main adds the
 * main thread (PGLITE_WORKER=0), the comparison behind docs/decisions/016.
 *
 * Knobs: BENCH_SIZES=100000 (comma list), BENCH_BACKENDS=pglite,postgres, BENCH_PGLITE_THREADS=worker,
 * BENCH_CONCURRENCY=1,10,50, BENCH_SECONDS=20 (per level), BENCH_DATABASE_URL, BENCH_PORT,
 * BENCH_KEEP_DATABASE (a PostgreSQL database kept between runs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { createDb, type DbHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { refreshStatistics } from '../db/statistics';
import { seedReferenceData } from '../db/seed/reference';
import { seedSynthetic } from '../db/seed/synthetic';
import { getEnv } from '@/env';
import { defaultPostgresSearchConcurrency, searchCatalogue } from '../functions/catalogue/search.service';
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
const PGLITE_THREADS = list('BENCH_PGLITE_THREADS', 'worker') as ('worker' | 'main')[];
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);
const PG_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HOST = '127.0.0.1';
/** A request with no answer by then is unanswered. */
const CLIENT_TIMEOUT_MS = 10_000;
/** Inside the project: the server bundle resolves its packages from node_modules. */
const WORK = path.resolve('.test-data', 'bench-search');

/**
 * The query mix; `page` n is fetched with the cursor of page n - 1 (walked before the load).
 * A `typo` entry searches a vocabulary word misspelt afresh on every request (typoOf), so its
 * words are never in the server's word cache and their correction is looked up each time.
 */
interface MixEntry {
  params: Record<string, string>;
  page?: number;
  typo?: string;
}
const QUERY_MIX: MixEntry[] = [
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
  { params: {}, typo: 'chatbot' },
  { params: { search: 'ai chatbot' }, page: 2 },
  { params: { search: 'lead enrichment workflow' } },
  { params: { search: 'claude legal review' } },
  { params: {}, typo: 'podcast' },
  { params: { search: 'podcst' } },
  { params: { search: 'automation', category: 'business' } },
  { params: { category: 'business' }, typo: 'pipeline' },
  { params: { search: 'prompt pack', budget: 'free' } },
  { params: { search: 'dashboard', sort: 'newest' } },
  { params: { sort: 'newest' }, typo: 'dashboard' },
  { params: { search: 'ai', sort: 'popular' }, page: 5 },
  { params: { category: 'tech', sort: 'popular' } },
  { params: { type: 'workflow-automation', sort: 'top_rated' } },
  { params: { tool: 'n8n' } },
  { params: { budget: '50-100', sort: 'price_asc' } },
  { params: { level: 'advanced', pricing: 'one_time' } },
  { params: {}, page: 5 },
];
const label = (q: MixEntry) =>
  q.typo
    ? `search=(a new misspelling of '${q.typo}')${Object.keys(q.params).length ? `&${new URLSearchParams(q.params)}` : ''}`
    : `${new URLSearchParams(q.params).toString() || '(no filter)'}${q.page ? ` page ${q.page}` : ''}`;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The n-th misspelling of `word`: a letter dropped, two neighbours swapped, or one replaced (some 250 per word). */
function typoOf(word: string, n: number): string {
  const drops = word.length;
  const swaps = word.length - 1;
  const kinds = drops + swaps + word.length * (LETTERS.length - 1);
  let k = n % kinds;
  if (k < drops) return word.slice(0, k) + word.slice(k + 1);
  k -= drops;
  if (k < swaps) return word.slice(0, k) + word[k + 1] + word[k] + word.slice(k + 2);
  k -= swaps;
  const at = Math.floor(k / (LETTERS.length - 1));
  const others = LETTERS.replace(word[at]!, '');
  return word.slice(0, at) + others[k % others.length] + word.slice(at + 1);
}

/** Misspellings handed out so far in this run, per word: each request gets a new one. */
const typoCounters = new Map<string, number>();
function nextTypo(word: string): string {
  const n = typoCounters.get(word) ?? 0;
  typoCounters.set(word, n + 1);
  return typoOf(word, n);
}

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

/** A mix entry ready to send: its URL (or, for a typo entry, its URL for a given misspelling) and the SQL the app runs for it. */
interface ResolvedEntry {
  key: string;
  path: () => string;
  /** The statements one request of this entry runs in the steady state (known words cached), as Kysely compiled them. */
  statements: { sql: string; parameters: readonly unknown[] }[];
}

const pathOf = (params: Record<string, string>) => `/api/products?${new URLSearchParams(params)}`;

/**
 * Resolves the mix in this process, on the database the server will serve: the cursor of each
 * page n entry (page n - 1's), and the SQL each entry runs, captured from findProducts as the
 * server runs it (with its word cache: a known word costs no query; a fresh misspelling
 * costs its correction). That SQL is the raw-SQL baseline. In a small catalogue a search may
 * have fewer pages: its last page stands in (and is named so).
 */
async function resolveMix(handle: DbHandle): Promise<ResolvedEntry[]> {
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const executor = handle.db.getExecutor();
  const capturing = handle.db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      const compiled = executor.compileQuery(node, queryId);
      captured.push({ sql: compiled.sql, parameters: compiled.parameters });
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  const cacheKey = `bench-capture-${randomBytes(4).toString('hex')}`;
  const run = (params: Record<string, string>) => searchCatalogue(capturing, params, { cacheKey });
  const out: ResolvedEntry[] = [];
  for (const q of QUERY_MIX) {
    if (q.typo) {
      const word = q.typo;
      await run({ ...q.params, search: word }); // the cache as the server has it: the common lexemes known
      captured.length = 0;
      await run({ ...q.params, search: typoOf(word, 100_000 + out.length) });
      out.push({ key: label(q), path: () => pathOf({ ...q.params, search: nextTypo(word) }), statements: captured.splice(0) });
      continue;
    }
    let cursor: string | undefined;
    let page = 1;
    for (; page < (q.page ?? 1); page++) {
      const next = (await run({ ...q.params, ...(cursor ? { cursor } : {}) })).nextCursor;
      if (!next) break;
      cursor = next;
    }
    const params = { ...q.params, ...(cursor ? { cursor } : {}) };
    await run(params); // warm: its words now cached, as in a server that has seen them
    captured.length = 0;
    await run(params);
    const key = page === (q.page ?? 1) ? label(q) : `${label({ params: q.params })} page ${page} (of ${q.page} asked)`;
    const url = pathOf(params);
    out.push({ key, path: () => url, statements: captured.splice(0) });
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
  mix: { key: string; path: () => string }[],
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
        const answer = await get(agent, port, entry.path(), stop.signal);
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

// --- The raw-SQL baseline ------------------------------------------------------------------

/** The same statements, without the app: latencies of each mix entry's SQL, closed loop, at one concurrency. */
interface BaselineLevel {
  concurrency: number;
  seconds: number;
  ok: number[];
  loadAverage: string;
}

/** A value as an SQL literal, for pgbench scripts (the values are the bench's own: words, ids, cursor values). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `array[${value.map(literal).join(', ')}]`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

const inlined = (statement: ResolvedEntry['statements'][number]) =>
  statement.sql.replace(/\$(\d+)/g, (_, n: string) => literal(statement.parameters[Number(n) - 1]));

/**
 * pgbench against PostgreSQL directly (TCP, no driver, no proxy): one script per mix entry
 * holding that entry's statements with their values written in (the same plans: the app's
 * unnamed statements are planned with their values too), chosen at random with equal weights,
 * `concurrency` clients for SECONDS. Latencies from its per-transaction log.
 */
async function pgbenchLevel(databaseUrl: string, mix: ResolvedEntry[], concurrency: number): Promise<BaselineLevel> {
  const dir = fs.mkdtempSync(path.join(WORK, 'pgbench-'));
  try {
    const scripts = mix.map((entry, i) => {
      const file = path.join(dir, `entry-${i}.sql`);
      fs.writeFileSync(file, `${entry.statements.map((st) => `${inlined(st)};`).join('\n')}\n`);
      return file;
    });
    const url = new URL(databaseUrl);
    const args = [
      '-n',
      ...['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')],
      ...['-c', String(concurrency), '-j', String(Math.min(concurrency, os.availableParallelism())), '-T', String(SECONDS)],
      ...['-l', `--log-prefix=${path.join(dir, 'log')}`],
      ...scripts.flatMap((f) => ['-f', f]),
      url.pathname.slice(1),
    ];
    await new Promise<void>((resolve, reject) => {
      const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pgbench exited with ${code}: ${output.slice(-2000)}`))));
    });
    // Each line: client_id transaction_no time(µs) script_no time_epoch time_us.
    const ok = fs
      .readdirSync(dir)
      .filter((f) => f.startsWith('log.'))
      .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .sort((a, b) => a - b);
    return { concurrency, seconds: SECONDS, ok, loadAverage: loadAverage() };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * PGlite has no server to run pgbench against: the same statements in a closed loop in this
 * process, straight to the database (Kysely's executeQuery of the compiled SQL, on the same
 * thread setting as the server), `concurrency` callers for SECONDS.
 */
async function inProcessLevel(handle: DbHandle, mix: ResolvedEntry[], concurrency: number): Promise<BaselineLevel> {
  const ok: number[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  const caller = async (offset: number) => {
    for (let i = offset; Date.now() < deadline; i++) {
      const started = performance.now();
      for (const st of mix[i % mix.length]!.statements) await handle.db.executeQuery(CompiledQuery.raw(st.sql, [...st.parameters]));
      ok.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, n) => caller(Math.floor((n * mix.length) / concurrency))));
  ok.sort((a, b) => a - b);
  return { concurrency, seconds: SECONDS, ok, loadAverage: loadAverage() };
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);

function logBaseline(name: string, level: BaselineLevel): void {
  console.log(
    `[bench]   ${name} at ${level.concurrency}: ${level.ok.length} runs, mean ${ms(mean(level.ok))} ms, p50 ${ms(percentile(level.ok, 50))} ms, p95 ${ms(percentile(level.ok, 95))} ms (load average ${level.loadAverage})`,
  );
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
  /** The raw-SQL baseline at each concurrency: pgbench (PostgreSQL) or an in-process loop (PGlite). */
  baseline: BaselineLevel[];
  baselineName: string;
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
  mix: ResolvedEntry[],
  baseline: { name: string; levels: BaselineLevel[]; interleaved?: (concurrency: number) => Promise<BaselineLevel> },
  databaseCpu?: () => number,
): Promise<BackendRun> {
  const port = Number(process.env['BENCH_PORT'] ?? 0) || (await freePort());
  const server = spawnNode(['scripts/lib/bench-server.ts'], { ...env, OUT_DIR: outDir, PORT: String(port), HOST, SITE_URL: '' }, 'server');
  try {
    await waitForHealth(port, server);
    for (let round = 0; round < 3; round++) for (const entry of mix) await get(false, port, entry.path()); // warm-up
    const levels = [];
    const baselineLevels = [...baseline.levels];
    for (const concurrency of LEVELS) {
      console.log(`[bench] ${backend}, ${size.toLocaleString('en-US')} products: ${concurrency} client(s) for ${SECONDS} s (load average ${loadAverage()})`);
      const level = await runLevel(port, server.pid!, mix, concurrency, databaseCpu);
      console.log(
        `[bench]   ${level.ok.length} answered 200, mean ${ms(mean(level.ok))} ms, p50 ${ms(percentile(level.ok, 50))} ms, p95 ${ms(percentile(level.ok, 95))} ms, p99 ${ms(percentile(level.ok, 99))} ms; 503: ${level.busy}, 504: ${level.timeouts504}, unanswered: ${level.unanswered}; health after ${ms(level.healthAfterMs)} ms`,
      );
      levels.push(level);
      await new Promise((resolve) => setTimeout(resolve, 2000)); // let cut requests drain before the next level
      if (baseline.interleaved) {
        const raw = await baseline.interleaved(concurrency);
        logBaseline(baseline.name, raw);
        baselineLevels.push(raw);
      }
    }
    console.log(`[bench] ${backend}, ${size.toLocaleString('en-US')} products: floor, GET /api/health at ${FLOOR_CLIENTS} clients for ${SECONDS} s`);
    const floor = await runLevel(port, server.pid!, [{ key: 'health', path: () => '/api/health' }], FLOOR_CLIENTS, databaseCpu);
    console.log(
      `[bench]   floor p50 ${ms(percentile(floor.ok, 50))} ms, p95 ${ms(percentile(floor.ok, 95))} ms, ${(floor.ok.length / SECONDS).toFixed(0)} answers/s`,
    );
    return { backend, size, fillSeconds, levels, floor, baseline: baselineLevels, baselineName: baseline.name };
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
  // Issue 30's targets, checked against this run (the shipped configuration: PGlite on its worker thread).
  const verdicts = runs
    .filter((r) => !r.backend.includes('main thread'))
    .flatMap((r) => {
      const out: string[] = [];
      const at = <T extends { concurrency: number }>(list: T[], c: number) => list.find((l) => l.concurrency === c);
      const one = at(r.levels, 1);
      const rawOne = at(r.baseline, 1);
      if (one && rawOne) {
        const overhead = mean(one.ok) - mean(rawOne.ok);
        out.push(
          `${r.backend}, ${r.size.toLocaleString('en-US')}: the app's own cost per search at 1 client (mean answer ${ms(mean(one.ok))} ms, ${r.baselineName} ${ms(mean(rawOne.ok))} ms): ${ms(overhead)} ms, target at most 2 ms: ${overhead <= 2 ? 'met' : 'missed'}`,
        );
      }
      const ten = at(r.levels, 10);
      const rawTen = at(r.baseline, 10);
      if (ten && rawTen && r.backend.startsWith('PostgreSQL')) {
        const ratio = percentile(ten.ok, 95) / percentile(rawTen.ok, 95);
        out.push(
          `${r.backend}, ${r.size.toLocaleString('en-US')}: p95 at 10 clients ${ms(percentile(ten.ok, 95))} ms, ${r.baselineName} ${ms(percentile(rawTen.ok, 95))} ms: ${ratio.toFixed(2)}x, target at most 2x: ${ratio <= 2 ? 'met' : 'missed'}`,
        );
      } else if (ten && rawTen) {
        out.push(
          `${r.backend}, ${r.size.toLocaleString('en-US')}: p95 at 10 clients ${ms(percentile(ten.ok, 95))} ms, ${r.baselineName} ${ms(percentile(rawTen.ok, 95))} ms (${(percentile(ten.ok, 95) / percentile(rawTen.ok, 95)).toFixed(2)}x; the 2x target is PostgreSQL's)`,
        );
      }
      const fifty = at(r.levels, 50);
      if (fifty) {
        const answered = fifty.ok.length + fifty.busy + fifty.timeouts504 + Object.values(fifty.otherStatus).reduce((x, y) => x + y, 0);
        const share = fifty.busy / Math.max(1, answered);
        const target = r.backend.startsWith('PGlite') ? `, target at most 10%: ${share <= 0.1 ? 'met' : 'missed'}` : '';
        out.push(
          `${r.backend}, ${r.size.toLocaleString('en-US')}: at 50 clients ${fifty.busy} of ${answered} answers 503 (${(share * 100).toFixed(1)}%)${target}; ${fifty.unanswered} unanswered, /api/health ${ms(fifty.healthAfterMs)} ms after the load stops`,
        );
      }
      return out;
    });
  const baselineRows = runs.flatMap((r) =>
    r.levels.map((l) => {
      const raw = r.baseline.find((b) => b.concurrency === l.concurrency);
      if (!raw) return `| ${r.backend} | ${l.concurrency} | ${ms(mean(l.ok))} | ${ms(percentile(l.ok, 95))} | - | - | - | - | - |`;
      return `| ${r.backend} | ${l.concurrency} | ${ms(mean(l.ok))} | ${ms(percentile(l.ok, 95))} | ${r.baselineName} | ${(raw.ok.length / raw.seconds).toFixed(0)} | ${ms(mean(raw.ok))} | ${ms(percentile(raw.ok, 95))} | ${ms(mean(l.ok) - mean(raw.ok))} | ${raw.loadAverage} |`;
    }),
  );
  return [
    '## Search',
    '',
    `Measured ${started} by \`npm run bench:search\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, shared with other work: load average (1 / 5 / 15 min) ${loadBefore} at the start, and after each level in the table.${SIZES.includes(100_000) ? '' : ` Catalogue size ${SIZES.map((n) => n.toLocaleString('en-US')).join(', ')} (BENCH_SIZES; the default is 100,000).`}`,
    '',
    `GET /api/products over real HTTP (keep-alive, \`accept-encoding: gzip, deflate, br, zstd\`) against the server \`npm start\` runs (scripts/lib/bench-server.ts: the job worker, the page publisher and the SiteServer over a built site, through scripts/lib/app-server.ts as start.ts; without the full render at start), the load generator on the same machine. Closed loop: each client sends its next request when it has an answer, for ${SECONDS} s per level, over a mix of ${QUERY_MIX.length} requests: near-universal words ('ai' in every product, 'automation' in a fifth), the second and fifth pages of 'ai' and 'automation' by cursor, typos the server has seen and ${QUERY_MIX.filter((q) => q.typo).length} entries that misspell a word afresh on every request (never in the word cache), several words, filters with words, every sort. Synthetic products from db/seed/synthetic.ts (about 92% published). Statistics: PGlite analysed by the app itself (db/statistics.ts), PostgreSQL by ANALYZE in place of autovacuum. PostgreSQL is reached through the production Neon driver and a WebSocket proxy in its own process. Search limits as shipped (SEARCH_CONCURRENCY unset: 2 on PGlite, on PostgreSQL two per core, at most 8: ${defaultPostgresSearchConcurrency()} here; SEARCH_TIMEOUT_MS 2000).`,
    '',
    "Targets (issue 30): the app at most 2 ms above the raw SQL of the same statements per search; p95 at 10 clients at most twice the raw SQL's on PostgreSQL; on PGlite at 50 clients at most 10% answered 503; nothing unanswered (503 with Retry-After is an answer). In this run:",
    '',
    ...verdicts.map((v) => `- ${v}`),
    '',
    '| backend | products | clients | answers/s | p50 (ms) | p95 (ms) | p99 (ms) | 503 busy | 504 timeout | other | unanswered | server CPU ms/answer | database CPU ms/answer | /api/health after (ms) | load average after |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    `The raw-SQL baseline: the statements each request of the mix runs, as Kysely compiled them in this run (captured from the search code itself, with the server's word cache: a known word costs no query, a new misspelling its correction), without the app. PostgreSQL: pgbench (\`pgbench -n -f\` one script per mix entry, the values written in, chosen at random with equal weights) over TCP straight to the server, run right after the app at the same concurrency. PGlite: the same statements in a closed loop in the bench process on the same database and thread setting, before the server starts (PGlite is one process's). What the app adds on top: HTTP, the middleware, validation, the cap, statement_timeout sent with each statement (PostgreSQL: set_config in the same round trip, no transaction of its own), the driver and its WebSocket proxy, JSON and compression.`,
    '',
    '| backend | clients | app mean (ms) | app p95 (ms) | baseline | baseline runs/s | baseline mean (ms) | baseline p95 (ms) | app mean minus baseline (ms) | load average after the baseline |',
    '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |',
    ...baselineRows,
    '',
    'Percentiles are of the 200 answers; the app mean is of them too. /api/health is timed on a new connection right after the load is cut, with the requests then in flight abandoned by their clients. Unanswered: a connection error or no answer within 10 s. CPU per answer: the server process (with PGlite, its database thread included), and for PostgreSQL its backends for the benchmark database plus the WebSocket proxy; the load generator (about 0.5 ms per request) and everything else on the machine come on top, on the same two cores.',
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
          let fillSeconds: number;
          {
            const handle = await createDb(getEnv({ DATA_DIR: dataDir, NODE_ENV: 'production' }));
            try {
              fillSeconds = await fill(handle, size, 'PGlite');
            } finally {
              await handle.close();
            }
          }
          for (const thread of PGLITE_THREADS) {
            const env = { DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_WS_PROXY: '', PGLITE_WORKER: thread === 'worker' ? '1' : '0' };
            // The mix and the baseline first: PGlite is one process's, the server's once it runs.
            const handle = await createDb(getEnv({ ...env, NODE_ENV: 'production' }));
            let mix: ResolvedEntry[];
            const levels: BaselineLevel[] = [];
            const name = `raw SQL in process (PGlite, ${thread} thread)`;
            try {
              mix = await resolveMix(handle);
              for (const concurrency of LEVELS) {
                levels.push(await inProcessLevel(handle, mix, concurrency));
                logBaseline(name, levels.at(-1)!);
              }
            } finally {
              await handle.close();
            }
            runs.push(await benchServer(`PGlite (${thread} thread)`, size, fillSeconds, outDir, env, mix, { name, levels }));
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
      // BENCH_KEEP_DATABASE=<name>: that database, made on the first run and kept (filled up to
      // the size only once), for repeated runs; else a new one, dropped at the end.
      const kept = process.env['BENCH_KEEP_DATABASE'];
      if (kept && !/^[a-z_][a-z0-9_]{0,62}$/.test(kept)) throw new Error('BENCH_KEEP_DATABASE: a lower-case database name');
      const name = kept ?? `toolmint_bench_${randomBytes(4).toString('hex')}`;
      const admin = await createDb(getEnv({ DATABASE_URL: PG_URL, DATABASE_WS_PROXY: proxyAddress, NODE_ENV: 'production' }));
      const cleanups: (() => void)[] = [];
      try {
        const exists = await sql<{ n: number }>`select count(*)::int as n from pg_database where datname = ${name}`.execute(admin.db);
        if (!exists.rows[0]?.n) await sql.raw(`create database ${name}`).execute(admin.db);
        const url = new URL(PG_URL);
        url.pathname = `/${name}`;
        // The page store of the server's publisher: a folder of the bench's, not the project's .data.
        const pagesDir = fs.mkdtempSync(path.join(WORK, 'pg-pages-'));
        cleanups.push(() => fs.rmSync(pagesDir, { recursive: true, force: true }));
        const env = { DATABASE_URL: url.toString(), DATABASE_WS_PROXY: proxyAddress, DATA_DIR: pagesDir };
        for (const size of SIZES) {
          const handle = await createDb(getEnv({ ...env, NODE_ENV: 'production' }));
          let fillSeconds: number;
          let mix: ResolvedEntry[];
          try {
            fillSeconds = await fill(handle, size, 'PostgreSQL');
            mix = await resolveMix(handle);
          } finally {
            await handle.close();
          }
          const baseline = { name: 'pgbench', levels: [], interleaved: (concurrency: number) => pgbenchLevel(url.toString(), mix, concurrency) };
          runs.push(await benchServer('PostgreSQL', size, fillSeconds, outDir, env, mix, baseline, () => databaseCpuMs(name, proxy.pid!)));
        }
      } finally {
        for (const cleanup of cleanups.splice(0)) cleanup();
        if (!kept) await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
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
