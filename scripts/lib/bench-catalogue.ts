/**
 * Shared by the catalogue benchmarks (bench:build, bench:publish, bench:serve): a throwaway embedded
 * database grown to a given number of published products (the demo data plus synthetic
 * products), and the real `npm start` server over it: in this process (serveBench: SiteServer,
 * PagePublisher and the worker, wired as scripts/start.ts wires them), or scripts/start.ts
 * itself in a child process (spawnStart).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, setDbHandle, type DbHandle } from '@/db/database';
import { migrateToLatest } from '@/db/migrate';
import { seedDemo } from '@/db/seed/seed';
import { seedSynthetic } from '@/db/seed/synthetic';
import { refreshStatistics } from '@/db/statistics';
import { getEnv } from '@/env';
import { LocalBlobStore } from '@/functions/_shared/blob-store';
import { listJobs, startWorker, stopJobs } from '@/functions/jobs';
import { ALL_JOBS } from '@/functions/all-jobs';
import { setPageRenderer } from '@/functions/rebuilds/page-refresh.job';
import { readBuildStamp, runAstroBuild } from './astro-build';
import { startBundle } from './start-bundle.mjs';
import { PagePublisher } from './page-publisher';
import { PageStore } from './page-store';
import { SiteServer } from './serve';

export interface BenchCatalogue {
  handle: DbHandle;
  /** The data folder (DATA_DIR) the database lives in. */
  dir: string;
  /** Closes the database so another process (a spawned `npm start`) can open the folder; `reopen` opens it again. */
  release(): Promise<void>;
  reopen(): Promise<void>;
  /** Adds synthetic products until `size` are published; returns the published count. */
  grow(size: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * `keep`: a folder to grow the catalogue in and to leave in place on close(), so the next run
 * starts from it (grow() adds only what is missing): the benchmarks' BENCH_KEEP_CATALOGUE, for
 * iterating on a start without growing 100k products each time. Without it, a throwaway folder.
 */
export async function openBenchCatalogue(keep?: string): Promise<BenchCatalogue> {
  const dir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-bench-catalogue-'));
  const reused = Boolean(keep) && fs.existsSync(path.join(dir, 'pglite'));
  let handle = await createDb(getEnv({ DATA_DIR: dir, NODE_ENV: 'production' }));
  await migrateToLatest(handle.db);
  if (!reused) await seedDemo(handle.db, new LocalBlobStore(path.join(dir, 'blobs')));
  const published = async () => Number((await sql<{ n: string }>`select count(*) as n from products where status = 'published'`.execute(handle.db)).rows[0]?.n);
  return {
    get handle() {
      return handle;
    },
    dir,
    async release() {
      await handle.close();
    },
    async reopen() {
      handle = await createDb(getEnv({ DATA_DIR: dir, NODE_ENV: 'production' }));
    },
    async grow(size) {
      // Synthetic products are ~92% published: add until the published count reaches the size.
      while ((await published()) < size) {
        const missing = size - (await published());
        await seedSynthetic(handle.db, Math.ceil(missing / 0.92) + 1, (done) => process.stdout.write(`\r[bench] seeding ${done}`));
      }
      process.stdout.write('\n');
      // The embedded database has no autovacuum: vacuum and statistics after a large import, as
      // its keeper would make them within a minute (db/statistics.ts).
      await refreshStatistics(handle, { vacuum: true });
      return published();
    },
    async close() {
      await handle.close();
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Builds the site once into outDir (inside the project: the bundle resolves node_modules). */
export async function buildBenchSite(outDir: string): Promise<number> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const started = Date.now();
  await runAstroBuild({ outDir, quiet: true });
  return Date.now() - started;
}

export interface BenchServer {
  site: SiteServer;
  publisher: PagePublisher;
  origin: string;
  build: string;
  /** Resolves once every change so far has its pages rendered (its 'pages.refresh' job has run). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const PENDING_STATES = ['created', 'retry', 'active'] as const;

/**
 * The `npm start` server over the bench database, on a free port of 127.0.0.1, with an empty
 * page store, and its worker (the pages' commit hook and reaction, as scripts/start.ts starts it).
 */
export async function serveBench(handle: DbHandle, outDir: string): Promise<BenchServer> {
  const pagesDir = path.join(outDir, 'pages');
  fs.rmSync(pagesDir, { recursive: true, force: true });
  setDbHandle(handle);
  const publisher = new PagePublisher(handle.db, new PageStore(pagesDir));
  setPageRenderer(publisher);
  await startWorker(handle.db, ALL_JOBS, { onCommit: publisher.commitHooks() });
  const site = new SiteServer({ pages: publisher });
  await site.swap(outDir);
  await site.listen(0, '127.0.0.1');
  publisher.attach(site.server.address());
  const address = site.server.address() as { port: number };
  return {
    site,
    publisher,
    origin: `http://127.0.0.1:${address.port}`,
    build: readBuildStamp(outDir) ?? '',
    async settled() {
      for (;;) {
        const pending = await Promise.all(PENDING_STATES.map((state) => listJobs(handle.db, { state, name: 'pages.refresh', limit: 1 })));
        if (pending.every((jobs) => !jobs.length)) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await publisher.idle();
    },
    async close() {
      await stopJobs(handle.db);
      await publisher.idle();
      setPageRenderer(undefined);
      await new Promise<void>((resolve) => site.server.close(() => resolve()));
    },
  };
}

/** The highest resident memory of this process (database included) while `work` runs. */
export async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    const result = await work();
    return { result, peakRssMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1048576) };
  } finally {
    clearInterval(timer);
  }
}

export interface StartedServer {
  origin: string;
  pid: number;
  /** Milliseconds from the spawn until the first 200 of each path polled. */
  answered: Record<string, number>;
  /** Milliseconds from the spawn until the server said it listens (Node, the database, migrations, the build check, the worker, the server bundle). */
  listening: number;
  output(): string;
  /** Resident memory of the server process (MB), from /proc. */
  rssMb(): number;
  /** CPU time (user + system) the server process has used so far, in ms, from /proc. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * `npm start` (scripts/start.mjs: scripts/start.ts bundled, docs/decisions/068) in a child
 * process over `dataDir` and the build in `outDir`, on `port`: resolves once each of `paths`
 * has answered 200, polled every 20 ms from the spawn. The bundle is made first when the
 * sources changed, so the start measured is the usual one, which finds it current.
 */
export async function spawnStart(dataDir: string, outDir: string, port: number, paths: readonly string[]): Promise<StartedServer> {
  await startBundle();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: '', DATABASE_WS_PROXY: '', SITE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, OUT_DIR: outDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let listening = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    output += `[+${((performance.now() - started) / 1000).toFixed(1)} s] ${chunk.toString()}`;
    if (!listening && output.includes('toolmint is running at')) listening = performance.now() - started;
  });
  child.stderr.on('data', (chunk: Buffer) => (output += `[+${((performance.now() - started) / 1000).toFixed(1)} s] ${chunk.toString()}`));
  const origin = `http://127.0.0.1:${port}`;
  const answered: Record<string, number> = {};
  while (paths.some((p) => answered[p] === undefined)) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    if (performance.now() - started > 600_000) throw new Error(`npm start did not answer within 10 minutes:\n${output}`);
    await Promise.all(
      paths
        .filter((p) => answered[p] === undefined)
        .map(async (p) => {
          const ok = await fetch(origin + p).then(
            async (r) => (await r.arrayBuffer(), r.status === 200),
            () => false,
          );
          if (ok) answered[p] = performance.now() - started;
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const proc = (file: string) => fs.readFileSync(`/proc/${child.pid}/${file}`, 'utf8');
  return {
    origin,
    pid: child.pid!,
    answered,
    listening,
    output: () => output,
    rssMb: () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(proc('status'))?.[1] ?? 0) / 1024),
    cpuMs: () => {
      const fields = proc('stat').split(') ')[1]!.split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
