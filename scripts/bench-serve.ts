/**
 * `npm run bench:serve`: requests per second and CPU time per request of `npm start`'s
 * production server (scripts/start.mjs, the bundled scripts/start.ts, in its own process: the
 * job worker, the page publisher and the index of known ids included, embedded PGlite)
 * against a static baseline serving the same files in the same run, on /, /marketplace, a
 * published product's page, product pages in turn (each request names the next of pages
 * already served), a cold product page (each request names a stored page this server process
 * was never asked for), a generic unknown path (404) and an unknown product id (404). Writes
 * the '## Serving' section of docs/benchmarks.md.
 *
 * - The catalogue: the demo data (66 products), or with BENCH_SERVE_PRODUCTS=<n> a catalogue
 *   grown to n published products (scripts/lib/bench-catalogue.ts, in the folder of
 *   BENCH_KEEP_CATALOGUE when set, so a second run reuses it).
 * - Two starts on the same port (the stored pages name the origin): the first renders the
 *   product pages the rows use into the page store (each asked for once, rendered on demand
 *   and stored, docs/decisions/064) and stops, which writes the store's manifest; the second is
 *   measured. So the measured process holds the pages on disk and nothing of them in memory
 *   but the manifest: the warm rows' pages enter its caches during their warm-up, and the cold
 *   row's pages are each asked for once (a slice per round, never repeated; no warm-up).
 * - Baseline: nginx (one worker, sendfile, gzip_static and brotli_static when the module is
 *   installed) sending the same security headers and per-page Content-Security-Policy as the
 *   app (functions/_shared/security-headers.ts, the build's page-csp.json), so both answer
 *   with the same bytes; the same nginx without those headers is measured too, for reference.
 *   Its root holds the build's client folder and hard links to the page store's files (the
 *   same inodes, so the same page-cache state). nginx keeps nothing per path (no
 *   open_file_cache, its default): each request opens, stats and sends its file as a first one
 *   would, so its cold row asks for the whole cold set in turn for the full measurement.
 *   Without nginx: scripts/lib/baseline-static-server.ts, a minimal node static server.
 * - Load: wrk (one thread, BENCH_SERVE_CONNECTIONS keep-alive connections, Accept-Encoding:
 *   br, gzip) when installed, else a node generator in this process with as many keep-alive
 *   sockets. Each measurement follows a 2 s warm-up (not the app's cold row); servers take
 *   turns in every round and the median of BENCH_SERVE_ROUNDS rounds is reported, as the
 *   machine is shared.
 * - CPU: utime + stime of the server's processes (nginx: master and workers) from
 *   /proc/<pid>/stat, before and after each measurement.
 * Settings: BENCH_SERVE_SECONDS (default 8; the cold row BENCH_SERVE_COLD_SECONDS, 3),
 * BENCH_SERVE_CONNECTIONS (16),
 * BENCH_SERVE_ROUNDS (3), BENCH_SERVE_DATA_DIR (.test-data/bench-serve, kept between runs so
 * the build is reused), BENCH_SERVE_PRODUCTS (unset: the demo data), BENCH_SERVE_WARM_PAGES
 * (1,000: the pages in turn), BENCH_SERVE_COLD_PAGES (30,000 at most: the cold row's pages,
 * rendered before the measured start; with the demo data there are too few, and the row is
 * left out).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { NON_PAGE_CSP, PERMISSIONS_POLICY, securityHeaders } from '../functions/_shared/security-headers';
import { openBenchCatalogue, spawnStart } from './lib/bench-catalogue';
import { PAGE_CSP_FILE } from './lib/page-headers';
import { PageStore, pageStoreDir } from './lib/page-store';
import { replaceSection } from './lib/report';
import { freePort } from './lib/free-port';

const SECONDS = Number(process.env['BENCH_SERVE_SECONDS'] ?? 8);
/** The cold row's measurements (every server's): short, as the app's slice must outlast it. */
const COLD_SECONDS = Number(process.env['BENCH_SERVE_COLD_SECONDS'] ?? 3);
const CONNECTIONS = Number(process.env['BENCH_SERVE_CONNECTIONS'] ?? 16);
const ROUNDS = Number(process.env['BENCH_SERVE_ROUNDS'] ?? 3);
const PRODUCTS = Number(process.env['BENCH_SERVE_PRODUCTS'] || 0);
const WARM_PAGES = Number(process.env['BENCH_SERVE_WARM_PAGES'] ?? 1000);
const COLD_PAGES = Number(process.env['BENCH_SERVE_COLD_PAGES'] ?? 30_000);
const DATA_DIR = path.resolve(process.env['BENCH_SERVE_DATA_DIR'] ?? '.test-data/bench-serve');
const OUT_DIR = path.join(DATA_DIR, 'dist');
const CLIENT_DIR = path.join(OUT_DIR, 'client');
/** The product pages rendered at once while the first start stores them (as bench:publish's crawl). */
const RENDER_CONCURRENCY = 4;
/**
 * What the baseline serves: the build's client folder plus the catalogue pages of the page
 * store (docs/decisions/015) laid out as a static site (`/marketplace` is
 * `marketplace/index.html`), with every page's policy in BASE_CSP: the same files and
 * headers the app sends.
 */
const BASE_DIR = path.join(DATA_DIR, 'baseline');
const BASE_CSP = path.join(DATA_DIR, 'baseline-csp.json');

/** A hard link to `from` (the same file: the same page-cache state), or a copy on another file system. */
function linkOrCopy(from: string, to: string): void {
  try {
    fs.linkSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.copyFileSync(from, to);
    const { mtime } = fs.statSync(from);
    // Same modification times, so both servers send the same validators' worth of headers.
    fs.utimesSync(to, mtime, mtime);
  }
}

/** Lays out BASE_DIR and BASE_CSP from the app's build and the page store of `dataDir`, once its pages are stored. */
function prepareBaseline(dataDir: string): void {
  fs.rmSync(BASE_DIR, { recursive: true, force: true });
  fs.cpSync(CLIENT_DIR, BASE_DIR, { recursive: true });
  const csp = JSON.parse(fs.readFileSync(path.join(OUT_DIR, PAGE_CSP_FILE), 'utf8')) as Record<string, string>;
  const store = new PageStore(pageStoreDir(dataDir));
  for (const page of store.paths()) {
    const stored = store.get(page)!;
    const target = path.extname(page) ? path.join(BASE_DIR, page) : path.join(BASE_DIR, page === '/' ? '' : page, 'index.html');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    for (const suffix of ['', '.br', '.gz']) if (fs.existsSync(stored.file + suffix)) linkOrCopy(stored.file + suffix, target + suffix);
    if (stored.csp) csp[page] = stored.csp;
  }
  fs.writeFileSync(BASE_CSP, JSON.stringify(csp));
}

/**
 * What a row asks for: one path, or several in turn (each request the next). `cold`: the app
 * is asked for `cold.slices[round - 1]`, each page once and without a warm-up, the others for
 * `paths` in turn (they keep nothing per path); `cold.check` is the page the answers are
 * compared on, in no slice.
 */
interface Row {
  label: string;
  paths: string[];
  status: number;
  cold?: { slices: string[][]; check: string };
}
const ACCEPT_ENCODING = 'br, gzip';
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Server {
  name: string;
  port: number;
  /** Every process whose CPU counts (nginx: the master and its workers). */
  pids(): number[];
  stop(): Promise<void>;
}

interface Measurement {
  requests: number;
  seconds: number;
  rps: number;
  cpuUsPerRequest: number;
  /** Answers that were not 200. */
  errors: number;
}

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

function cpuTicks(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name, which is in parentheses and may hold spaces.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // a process that has exited counts no more
    }
  }
  return total;
}

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function waitFor(url: string, child: ChildProcess, log: () => string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited:\n${log()}`);
    const up = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer:\n${log()}`);
}

const APP_NAME = 'app (npm start)';

/**
 * `npm start` over `dataDir` on `port`, once it has rendered its start pages and its worker runs
 * (the ids that exist and the 404 pages of missing ids are read then: the 404 rows need them).
 */
async function startApp(dataDir: string, port: number): Promise<Server & { output(): string }> {
  const started = await spawnStart(dataDir, OUT_DIR, port, ['/api/health']);
  for (const line of [/\[pages\] (rendered|catalogue pages current)/, /\[jobs\] worker running/]) {
    for (let waited = 0; !line.test(started.output()); waited += 200) {
      if (waited > 300_000) {
        await started.stop();
        throw new Error(`npm start did not say ${line.source} within 5 minutes:\n${started.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { name: APP_NAME, port, pids: () => [started.pid], stop: () => started.stop(), output: () => started.output() };
}

/** An nginx string literal. */
const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function nginxConfig(dir: string, port: number, options: { headers: boolean; brotliModule?: string }): string {
  const pageCsp = JSON.parse(fs.readFileSync(BASE_CSP, 'utf8')) as Record<string, string>;
  // Each path to the number of its policy, and each number to the policy: tens of thousands of
  // product pages share a few policies, which written out per path would make a config of
  // hundreds of megabytes.
  const notFoundCsp = pageCsp['/404'] ?? NON_PAGE_CSP;
  const policies = [...new Set([...Object.values(pageCsp), notFoundCsp])];
  const policyIds = new Map(policies.map((csp, i) => [csp, i + 1]));
  const pathForms = Object.entries(pageCsp).flatMap(([page, csp]) => {
    // $uri after try_files: `/x/index.html` for `/x`, and `//index.html` for `/`.
    const forms = page === '/' ? ['/', '/index.html', '//index.html'] : [page, `${page}/`, `${page}/index.html`, `${page}//index.html`];
    return forms.map((form) => `    ${quote(form)} ${policyIds.get(csp)};`);
  });
  const cspMap = pathForms.join('\n');
  const policyMap = policies.map((csp, i) => `    ${i + 1} ${quote(csp)};`).join('\n');
  const hashSize = Math.max(262_144, 2 ** Math.ceil(Math.log2(pathForms.length * 2)));
  const common = Object.entries(securityHeaders('/', { https: false, document: false }))
    .map(([name, value]) => `    add_header ${name} ${quote(value)} always;`)
    .join('\n');
  const headers = (cacheControl: string) =>
    options.headers
      ? `${common}\n    add_header permissions-policy $permissions_policy always;\n    add_header content-security-policy $page_csp always;\n    add_header cache-control ${quote(cacheControl)} always;`
      : '';
  return `${options.brotliModule ? `load_module ${options.brotliModule};` : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip_static on;
  gzip_vary on;
  ${options.brotliModule ? 'brotli_static on;' : ''}
  map_hash_bucket_size 256;
  map_hash_max_size ${hashSize};
  # As the app: Permissions-Policy on documents only.
  map $sent_http_content_type $permissions_policy {
    default "";
    ~^text/html ${quote(PERMISSIONS_POLICY)};
  }
  map $uri $page_csp_id {
    default 0;
${cspMap}
    "/404.html" ${policyIds.get(notFoundCsp)};
  }
  map $page_csp_id $page_csp {
    default ${quote(NON_PAGE_CSP)};
${policyMap}
  }
  server {
    listen 127.0.0.1:${port};
    root ${BASE_DIR};
    error_page 404 /404.html;
    location /_astro/ {
${headers('public, max-age=31536000, immutable')}
    }
    location / {
${headers('public, max-age=0, must-revalidate')}
      try_files $uri $uri/index.html =404;
    }
  }
}
`;
}

function brotliModulePath(): string | undefined {
  const info = spawnSync('nginx', ['-V'], { encoding: 'utf8' });
  const modules = /--modules-path=(\S+)/.exec(`${info.stdout}${info.stderr}`)?.[1] ?? '/usr/lib/nginx/modules';
  const file = path.join(modules, 'ngx_http_brotli_static_module.so');
  return fs.existsSync(file) ? file : undefined;
}

async function startNginx(options: { headers: boolean }): Promise<Server> {
  const port = await freePort('127.0.0.1');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-serve-nginx-'));
  const brotliModule = brotliModulePath();
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, { ...options, brotliModule }));
  let output = '';
  const child = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    `http://127.0.0.1:${port}/`,
    child,
    () => `${output}${fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`,
  );
  const name = `nginx${brotliModule ? ' (gzip_static, brotli_static)' : ' (gzip_static)'}${options.headers ? ', same headers' : ', files only'}`;
  return { name, port, pids: () => [child.pid!, ...childrenOf(child.pid!)], stop: () => stopChild(child, 'SIGQUIT') };
}

const NODE_BASELINE_NAME = 'node:http, minimal (nothing kept per path), same headers';

async function startNodeBaseline(): Promise<Server> {
  const port = await freePort('127.0.0.1');
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/lib/baseline-static-server.ts', BASE_DIR, String(port), BASE_CSP], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(`http://127.0.0.1:${port}/`, child, () => output);
  return { name: NODE_BASELINE_NAME, port, pids: () => [child.pid!], stop: () => stopChild(child, 'SIGTERM') };
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** One GET with the benchmark's headers: status, encoding and body bytes. */
function get(port: number, pathname: string): Promise<{ status: number; encoding: string; body: Buffer; headerBytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            body: Buffer.concat(chunks),
            headerBytes: res.rawHeaders.reduce((sum, h) => sum + h.length + 2, 0),
          }),
        );
      })
      .on('error', reject);
  });
}

function parseWrk(output: string): { requests: number; seconds: number; socketErrors: number; non2xx: number } {
  const match = /(\d+) requests in ([\d.]+)(ms|s|m)/.exec(output);
  if (!match) throw new Error(`could not read wrk's output:\n${output}`);
  const unit = match[3] === 'ms' ? 0.001 : match[3] === 'm' ? 60 : 1;
  const socketErrors = Number(
    /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
      .exec(output)
      ?.slice(1)
      .reduce((a, b) => a + Number(b), 0) ?? 0,
  );
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  return { requests: Number(match[1]), seconds: Number(match[2]) * unit, socketErrors, non2xx };
}

/**
 * The node load generator: CONNECTIONS keep-alive sockets, each sending its next request as
 * soon as the last is answered. `once`: each path at most once (the run ends when they are all asked).
 */
async function nodeLoad(
  port: number,
  paths: string[],
  seconds: number,
  status: number,
  once: boolean,
): Promise<{ requests: number; seconds: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let requests = 0;
  let errors = 0;
  let next = 0;
  const loop = async () => {
    while (performance.now() < deadline && (!once || next < paths.length)) {
      const pathname = paths[next++ % paths.length]!;
      await new Promise<void>((resolve) => {
        http
          .get({ host: '127.0.0.1', port, path: pathname, agent, headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
            if (res.statusCode !== status) errors += 1;
            res.resume();
            res.on('end', () => {
              requests += 1;
              resolve();
            });
          })
          .on('error', () => {
            errors += 1;
            resolve();
          });
      });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  agent.destroy();
  return { requests, seconds: (performance.now() - started) / 1000, errors };
}

const useWrk = has('wrk');

/**
 * A wrk script that asks for `paths` in turn; `once`: each at most once. wrk has no request
 * count, so the thread stops itself once CONNECTIONS requests short of the end: the requests
 * the other connections send while it winds down take the last paths, and none is asked twice.
 */
function wrkScript(paths: string[], once: boolean): string {
  const file = path.join(os.tmpdir(), `bench-serve-${process.pid}-${paths.length}-${once ? 'once' : 'loop'}.lua`);
  // The paths are read from a file of their own, one a line: a table of tens of thousands of
  // string constants is over what LuaJIT takes in one chunk.
  const list = `${file}.paths`;
  fs.writeFileSync(list, `${paths.join('\n')}\n`);
  fs.writeFileSync(
    file,
    `local paths = {}
for line in io.lines(${JSON.stringify(list)}) do paths[#paths + 1] = line end
local i = 0
request = function()
  i = i + 1
${
  once
    ? `  if i >= ${Math.max(1, paths.length - CONNECTIONS)} then wrk.thread:stop() end
  return wrk.format("GET", paths[math.min(i, #paths)])`
    : '  return wrk.format("GET", paths[(i % #paths) + 1])'
}
end
`,
  );
  return file;
}

async function load(
  port: number,
  paths: string[],
  seconds: number,
  status: number,
  once = false,
): Promise<{ requests: number; seconds: number; errors: number }> {
  if (!useWrk) return nodeLoad(port, paths, seconds, status, once);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      'wrk',
      ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', wrkScript(paths, once), '-H', `Accept-Encoding: ${ACCEPT_ENCODING}`, `http://127.0.0.1:${port}`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))));
  });
  const parsed = parseWrk(output);
  // wrk counts the answers that are not 2xx or 3xx: for a 404 row, every answer must be one.
  const wrong = status < 400 ? parsed.non2xx : parsed.requests - parsed.non2xx;
  return { requests: parsed.requests, seconds: parsed.seconds, errors: parsed.socketErrors + wrong };
}

/** One measurement of `server` on `row` in `round` (1-based): the app's cold row asks for its round's slice, once each, without a warm-up. */
async function measure(server: Server, row: Row, round: number): Promise<Measurement> {
  const cold = row.cold && server.name === APP_NAME ? row.cold.slices[round - 1]! : undefined;
  if (!cold) await load(server.port, row.paths, 2, row.status); // warm-up
  const pids = server.pids();
  const before = cpuTicks(pids);
  const result = await load(server.port, cold ?? row.paths, row.cold ? COLD_SECONDS : SECONDS, row.status, Boolean(cold));
  // wrk measures for the whole duration even when the script stops its thread: a slice asked
  // for to its end would count idle time as serving time.
  if (cold && result.requests >= cold.length - CONNECTIONS) {
    throw new Error(
      `${server.name} asked for its whole cold slice (${cold.length} pages) within ${COLD_SECONDS} s: raise BENCH_SERVE_COLD_PAGES or lower BENCH_SERVE_COLD_SECONDS`,
    );
  }
  const cpuSeconds = (cpuTicks(pids) - before) / CLOCK_TICKS;
  return { ...result, rps: result.requests / result.seconds, cpuUsPerRequest: (cpuSeconds * 1e6) / Math.max(1, result.requests) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Up to `count` published products' page paths, newest first, from the API (what the marketplace lists). */
async function productPaths(port: number, count: number): Promise<string[]> {
  const paths: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=60&sort=newest${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await fetch(`http://127.0.0.1:${port}/api/products?${query}`);
    if (!response.ok) throw new Error(`app: /api/products answered ${response.status}`);
    const page = (await response.json()) as { items: { id: string }[]; nextCursor: string | null };
    paths.push(...page.items.map((item) => `/product/${item.id}`));
    cursor = page.nextCursor;
  } while (cursor && paths.length < count);
  if (!paths.length) throw new Error('the app lists no published product');
  return paths.slice(0, count);
}

/** Asks the app for each of `paths` once, RENDER_CONCURRENCY at a time: rendered on demand and stored (docs/decisions/064). */
async function renderPages(port: number, paths: readonly string[]): Promise<void> {
  let next = 0;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: RENDER_CONCURRENCY }, async () => {
      while (next < paths.length) {
        const pagePath = paths[next++]!;
        const answer = await get(port, pagePath);
        if (answer.status !== 200) throw new Error(`app: ${pagePath} answered ${answer.status}`);
        if (++done % 1000 === 0 || done === paths.length) {
          process.stdout.write(`\r[bench:serve] stored ${done} of ${paths.length} product pages (${((performance.now() - started) / 1000).toFixed(0)} s)`);
        }
      }
    }),
  );
  process.stdout.write('\n');
}

/**
 * The first start over `dataDir` on `port`: picks the warm and the cold product pages, has
 * them rendered and stored, and stops (which writes the page store's manifest). The measured
 * start then holds them on disk and none in memory.
 */
async function storeProductPages(dataDir: string, port: number): Promise<{ warm: string[]; cold: string[] }> {
  const app = await startApp(dataDir, port);
  try {
    const available = await productPaths(app.port, PRODUCTS ? WARM_PAGES + COLD_PAGES : Number.MAX_SAFE_INTEGER);
    // The demo data: every page warm (too few for a cold row). A grown catalogue: half at most warm.
    const warmCount = PRODUCTS ? Math.min(WARM_PAGES, Math.ceil(available.length / 2)) : Math.min(WARM_PAGES, available.length);
    const warm = available.slice(0, warmCount);
    const cold = available.slice(warmCount, warmCount + COLD_PAGES);
    console.log(`[bench:serve] storing ${warm.length} warm and ${cold.length} cold product pages through the first start…`);
    await renderPages(app.port, [...warm, ...cold]);
    return { warm, cold };
  } finally {
    await app.stop();
  }
}

/**
 * The cold row's pages: one to compare the servers' answers on, and a slice per round, each
 * page in one slice only. Undefined when a slice would not outlast the connections' first
 * requests (the demo data).
 */
function coldSlices(cold: readonly string[]): Row['cold'] {
  const size = Math.floor((cold.length - 1) / ROUNDS);
  if (size < 4 * CONNECTIONS) return undefined;
  return { check: cold[0]!, slices: Array.from({ length: ROUNDS }, (_, i) => cold.slice(1 + i * size, 1 + (i + 1) * size)) };
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  fs.mkdirSync(DATA_DIR, { recursive: true });
  // The grown catalogue, or the demo data that `npm start` seeds into an empty folder.
  const catalogue = PRODUCTS ? await openBenchCatalogue(process.env['BENCH_KEEP_CATALOGUE'] || undefined) : undefined;
  let published = 0;
  if (catalogue) {
    published = await catalogue.grow(PRODUCTS);
    await catalogue.release();
  }
  const dataDir = catalogue?.dir ?? DATA_DIR;
  const servers: Server[] = [];
  try {
    // Both starts on one port: the stored pages name the origin, and another would forget them.
    const port = await freePort('127.0.0.1');
    console.log(`[bench:serve] starting npm start on ${dataDir} (builds into ${OUT_DIR} when the sources changed)…`);
    const { warm, cold } = await storeProductPages(dataDir, port);
    prepareBaseline(dataDir);
    const app = await startApp(dataDir, port);
    servers.push(app);
    if (/stored pages reset/.test(app.output())) throw new Error(`the measured start forgot the stored pages:\n${app.output()}`);
    console.log(
      app
        .output()
        .trim()
        .split('\n')
        .map((line) => `  app: ${line}`)
        .join('\n'),
    );
    // nginx is the baseline; the smallest node server is what any server on node:http costs
    // (the floor the app is measured against too), and the baseline itself without nginx.
    if (has('nginx')) servers.push(await startNginx({ headers: true }), await startNginx({ headers: false }));
    servers.push(await startNodeBaseline());
    const baseline = servers[1]!;
    const filesOnly = servers.find((s) => s.name.endsWith('files only'));
    const product = warm[0]!;
    const coldRow = coldSlices(cold);
    if (!coldRow)
      console.log(`[bench:serve] no cold row: ${cold.length} cold pages are too few for ${ROUNDS} rounds of ${CONNECTIONS} connections (BENCH_SERVE_PRODUCTS)`);
    const rows: Row[] = [
      { label: '/', paths: ['/'], status: 200 },
      { label: '/marketplace', paths: ['/marketplace'], status: 200 },
      { label: 'a product page', paths: [product], status: 200 },
      { label: `product pages in turn (${warm.length.toLocaleString('en-US')})`, paths: warm, status: 200 },
      ...(coldRow ? [{ label: 'a cold product page', paths: cold.slice(1), status: 200, cold: coldRow }] : []),
      { label: 'an unknown path (404)', paths: ['/no-such-page'], status: 404 },
      { label: 'an unknown product id (404)', paths: ['/product/00000000-0000-4000-8000-00000000dead'], status: 404 },
    ];

    // Same bytes from every server on the pages (the precompressed brotli file); the 404 rows
    // answer each server's own 404 page (the app's product 404 is 'Product not found').
    const answers: Record<string, { encoding: string; bytes: Record<string, number>; headerBytes: Record<string, number> }> = {};
    for (const row of rows) {
      const first = row.cold?.check ?? row.paths[0]!;
      const reference = await get(app.port, first);
      if (reference.status !== row.status) throw new Error(`app: ${first} answered ${reference.status}`);
      answers[row.label] = { encoding: reference.encoding, bytes: {}, headerBytes: {} };
      for (const server of servers) {
        const answer = await get(server.port, first);
        if (answer.status !== row.status || (row.status === 200 && !answer.body.equals(reference.body)))
          throw new Error(`${server.name}: ${first} answered ${answer.status} with other bytes than the app`);
        answers[row.label]!.headerBytes[server.name] = answer.headerBytes;
        answers[row.label]!.bytes[server.name] = answer.body.byteLength;
      }
    }

    const results = new Map<string, Measurement[]>();
    const loads: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      loads.push(os.loadavg()[0]!.toFixed(2));
      for (const row of rows) {
        for (const server of round % 2 ? servers : [...servers].reverse()) {
          const m = await measure(server, row, round);
          if (m.errors) throw new Error(`${server.name}: ${m.errors} failed answers on ${row.label}`);
          const key = `${row.label}\t${server.name}`;
          results.set(key, [...(results.get(key) ?? []), m]);
          console.log(
            `[bench:serve] round ${round} ${row.label.padEnd(40)} ${server.name.padEnd(52)} ${m.rps.toFixed(0).padStart(7)} req/s ${m.cpuUsPerRequest.toFixed(1).padStart(6)} µs CPU/req  load ${os.loadavg()[0]!.toFixed(2)}`,
          );
        }
      }
    }
    const loadAfter = os.loadavg();

    const summary = (row: Row, server: Server) => {
      const runs = results.get(`${row.label}\t${server.name}`) ?? [];
      return { rps: median(runs.map((r) => r.rps)), cpu: median(runs.map((r) => r.cpuUsPerRequest)), all: runs.map((r) => r.rps.toFixed(0)).join(', ') };
    };
    const lines: string[] = [];
    const targets: string[] = [];
    const ofNode: string[] = [];
    const nodeServer = servers.find((s) => s.name === NODE_BASELINE_NAME);
    let met = true;
    for (const row of rows) {
      const base = summary(row, baseline);
      for (const server of servers) {
        const s = summary(row, server);
        const ratio = server === baseline ? '' : `${((100 * s.rps) / base.rps).toFixed(0)}%`;
        const cpuRatio = server === baseline ? '' : `${(s.cpu / base.cpu).toFixed(1)}x`;
        const a = answers[row.label]!;
        lines.push(
          `| ${row.label} | ${server.name} | ${s.rps.toFixed(0)} | ${s.all} | ${ratio} | ${s.cpu.toFixed(1)} | ${cpuRatio} | ${row.status}, ${a.encoding}, ${a.bytes[server.name]} B + ${a.headerBytes[server.name]} B of headers |`,
        );
      }
      if (row.status !== 200) continue;
      const ofSame = summary(row, app).rps / base.rps;
      const ofFiles = filesOnly ? summary(row, app).rps / summary(row, filesOnly).rps : undefined;
      met &&= ofSame >= 0.6 && (ofFiles === undefined || ofFiles >= 0.35);
      targets.push(`${row.label}: ${(100 * ofSame).toFixed(0)}% / ${ofFiles === undefined ? 'n/a' : `${(100 * ofFiles).toFixed(0)}%`}`);
      if (nodeServer && nodeServer !== baseline) {
        const node = summary(row, nodeServer).rps;
        ofNode.push(
          `${row.label}: the node server ${((100 * node) / base.rps).toFixed(0)}% of nginx, the app ${((100 * summary(row, app).rps) / node).toFixed(0)}% of the node server`,
        );
      }
    }
    const nginxVersion = has('nginx') ? spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', '') : '';
    const wrkVersion = useWrk ? (spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0]?.split(' [')[0] ?? 'wrk') : '';
    const coldRuns = coldRow ? (results.get(`a cold product page\t${APP_NAME}`) ?? []) : [];
    const catalogueText = catalogue
      ? `a catalogue grown to ${published.toLocaleString('en-US')} published products (scripts/lib/bench-catalogue.ts)`
      : `the demo data (${warm.length} product pages)`;
    const section = `## Serving

\`npm run bench:serve\` (scripts/bench-serve.ts), ${new Date().toISOString().slice(0, 10)}: \`npm start\`'s server (scripts/start.mjs: the job worker, the page publisher and the index of known ids included; embedded PGlite, ${catalogueText}) against ${baseline.name} serving the same files (the build's \`client/\` folder and the page store's catalogue pages), in the same run.
Load: ${useWrk ? `${wrkVersion}, one thread` : 'the node load generator of the script'}, ${CONNECTIONS} keep-alive connections, \`Accept-Encoding: ${ACCEPT_ENCODING}\`, ${SECONDS} s per measurement after a 2 s warm-up (the cold row: ${COLD_SECONDS} s, and no warm-up for the app); ${ROUNDS} rounds with the servers taking turns (interleaved), median reported (the other figures are each round's). CPU per request: utime + stime of the server's processes (nginx: master and worker) over the measurement.
Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), shared with other work: load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after (1-minute load at each round's start: ${loads.join(', ')}).${nginxVersion ? ` ${nginxVersion}, one worker process (the app is one process).` : ''}

| Page | Server | req/s (median) | req/s per round | of the baseline | CPU µs/request | CPU vs baseline | Answer |
|---|---|---:|---|---:|---:|---:|---|
${lines.join('\n')}

Target (issue 30): the app at least 60% of ${baseline.name}'s requests per second and 35% of nginx serving the files alone, on the pages: ${met ? 'met' : 'NOT MET'} (${targets.join('; ')}).
${
  ofNode.length
    ? `What node:http allows (the smallest node server, in the same run): ${ofNode.join('; ')}.
`
    : ''
}Product page: ${product}.
- On the pages every server sends the same bytes: the brotli file precompressed at build time or by the page store (checked before measuring); "same headers" sends the app's security headers (Permissions-Policy on documents only, as the app) and each page's own Content-Security-Policy; ${filesOnly ? `"files only" is nginx without them` : 'as the app does'}.
- The app is started twice on the same port: the first start renders the product pages of the rows into its page store (each asked for once: rendered on demand and stored, docs/decisions/064) and stops, writing the store's manifest; the second is measured, and holds those pages on disk and nothing of them in memory but the manifest. nginx's root holds the build's \`client/\` folder and hard links to the page store's files: the same files, in the same state in the kernel's page cache.
- "Product pages in turn": each request names the next of ${warm.length.toLocaleString('en-US')} product pages, which the warm-up has already asked for: they fit in the app's path and body caches (20,000 paths, 64 MB), as in nginx's page cache.
- ${
      coldRow
        ? `"A cold product page": each of the app's requests names a stored product page that the measured process was never asked for (${cold.length.toLocaleString('en-US')} pages stored by the first start; a slice of ${coldRow.slices[0]!.length.toLocaleString('en-US')} per round, each page in one slice, no warm-up; ${COLD_SECONDS} s per measurement for every server, shorter than a slice lasts (a run that asks for its whole slice is refused): ${coldRuns.map((r) => `${r.requests.toLocaleString('en-US')} pages in ${r.seconds.toFixed(1)} s`).join(', ')}): the manifest lookup in memory, the header blocks built, the page's file read for the first time (asynchronously). nginx keeps nothing per path (no \`open_file_cache\`, its default): each of its requests opens, stats and sends the file as a first request does, so it is given the same ${(cold.length - 1).toLocaleString('en-US')} pages in turn. Neither reads the disk: the files were written moments before and the kernel's page cache holds them (dropping it needs root and would disturb the machine's other work). A page never rendered costs its render instead (bench:publish's crawl, 'Publishing').`
        : `No cold product page row: the demo data has too few product pages to give each round pages never asked for (run with BENCH_SERVE_PRODUCTS, e.g. 100000).`
    }
- The 404 rows: the app answers from memory (the build's 404 page, and for an unknown product id the route's 'Product not found' page, learnt once at start, docs/decisions/065), without rendering, without a query and, for an unknown path, without a syscall (the build's files are listed when it is loaded, docs/decisions/071); nginx answers its error_page, the build's 404.html.
- No page touches the database: /, /marketplace and product pages come from the page store (docs/decisions/015), and an unpublished product is hidden by an in-memory set, with no query per request.
- ${NODE_BASELINE_NAME} (scripts/lib/baseline-static-server.ts): the smallest server on node:http that answers as a static file server with precompressed files, with the app's headers: per request a stat of the path, the .br or .gz beside it, and the file read asynchronously as the app reads a cold page (an open and one read on libuv's thread pool); it keeps nothing, so every one of its requests costs what a cold page costs it. No server on node:http does less per request: the app's rows against it say what the app adds, and its own rows against nginx what node:http allows.
- The load generator runs on the same 2 cores as the server under test, so a faster server also leaves it less CPU: the absolute figures are lower than on a dedicated client machine, and the ratio is the comparable number.
`;
    replaceSection('## Serving', section);
    console.log(section);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    if (catalogue) {
      await catalogue.reopen();
      await catalogue.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
