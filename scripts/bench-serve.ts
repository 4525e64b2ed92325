/**
 * `npm run bench:serve`: requests per second and CPU time per request of `npm start`'s
 * production server (scripts/start.ts on the embedded defaults with the demo data) against a
 * static baseline serving the same built files in the same run, on /, /marketplace, a
 * published product's page, every product page in turn (the "cold" row: each request names
 * another page), a generic unknown path (404) and an unknown product id (404). Writes the
 * '## Serving' section of docs/benchmarks.md.
 *
 * - Baseline: nginx (one worker, sendfile, gzip_static and brotli_static when the module is
 *   installed) sending the same security headers and per-page Content-Security-Policy as the
 *   app (functions/_shared/security-headers.ts, the build's page-csp.json), so both answer
 *   with the same bytes; the same nginx without those headers is measured too, for reference.
 *   Without nginx: scripts/lib/baseline-static-server.ts, a minimal node static server.
 * - Load: wrk (one thread, BENCH_SERVE_CONNECTIONS keep-alive connections, Accept-Encoding:
 *   br, gzip) when installed, else a node generator in this process with as many keep-alive
 *   sockets. Each measurement follows a 2 s warm-up; servers take turns in every round and
 *   the median of BENCH_SERVE_ROUNDS rounds is reported, as the machine is shared.
 * - CPU: utime + stime of the server's processes (nginx: master and workers) from
 *   /proc/<pid>/stat, before and after each measurement.
 * Settings: BENCH_SERVE_SECONDS (default 8), BENCH_SERVE_CONNECTIONS (16),
 * BENCH_SERVE_ROUNDS (3), BENCH_SERVE_DATA_DIR (.test-data/bench-serve, kept between runs so
 * the build is reused).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { NON_PAGE_CSP, PERMISSIONS_POLICY, securityHeaders } from '../functions/_shared/security-headers';
import { PAGE_CSP_FILE } from './lib/page-headers';
import { PageStore, pageStoreDir } from './lib/page-store';
import { replaceSection } from './lib/report';
import { freePort } from './lib/free-port';

const SECONDS = Number(process.env['BENCH_SERVE_SECONDS'] ?? 8);
const CONNECTIONS = Number(process.env['BENCH_SERVE_CONNECTIONS'] ?? 16);
const ROUNDS = Number(process.env['BENCH_SERVE_ROUNDS'] ?? 3);
const DATA_DIR = path.resolve(process.env['BENCH_SERVE_DATA_DIR'] ?? '.test-data/bench-serve');
const OUT_DIR = path.join(DATA_DIR, 'dist');
const CLIENT_DIR = path.join(OUT_DIR, 'client');
/**
 * What the baseline serves: the build's client folder plus the catalogue pages of the page
 * store (docs/decisions/015) laid out as a static site (`/marketplace` is
 * `marketplace/index.html`), with every page's policy in BASE_CSP: the same files and
 * headers the app sends.
 */
const BASE_DIR = path.join(DATA_DIR, 'baseline');
const BASE_CSP = path.join(DATA_DIR, 'baseline-csp.json');

/** Lays out BASE_DIR and BASE_CSP from the app's output, once its pages are rendered. */
function prepareBaseline(): void {
  fs.rmSync(BASE_DIR, { recursive: true, force: true });
  fs.cpSync(CLIENT_DIR, BASE_DIR, { recursive: true });
  const csp = JSON.parse(fs.readFileSync(path.join(OUT_DIR, PAGE_CSP_FILE), 'utf8')) as Record<string, string>;
  const store = new PageStore(pageStoreDir(DATA_DIR));
  for (const page of store.paths()) {
    const stored = store.get(page)!;
    const target = path.extname(page) ? path.join(BASE_DIR, page) : path.join(BASE_DIR, page === '/' ? '' : page, 'index.html');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    for (const suffix of ['', '.br', '.gz']) if (fs.existsSync(stored.file + suffix)) fs.copyFileSync(stored.file + suffix, target + suffix);
    // Same modification times, so both servers send the same validators' worth of headers.
    const { mtime } = fs.statSync(stored.file);
    for (const suffix of ['', '.br', '.gz']) if (fs.existsSync(target + suffix)) fs.utimesSync(target + suffix, mtime, mtime);
    if (stored.csp) csp[page] = stored.csp;
  }
  fs.writeFileSync(BASE_CSP, JSON.stringify(csp));
}

/** What a row asks for: one path, or several in turn (each request the next). */
interface Row {
  label: string;
  paths: string[];
  status: number;
}
const ACCEPT_ENCODING = 'br, gzip';
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Server {
  name: string;
  port: number;
  process: ChildProcess;
  /** Every process whose CPU counts (nginx: the master and its workers). */
  pids(): number[];
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

async function startApp(): Promise<Server> {
  const port = await freePort('127.0.0.1');
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR, OUT_DIR, SITE_URL: '', DATABASE_URL: '', DATABASE_WS_PROXY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(`http://127.0.0.1:${port}/api/health`, child, () => output);
  // Measured once every catalogue page is in the page store, as a running site serves them.
  while (!/\[pages\] (rendered|catalogue pages current)/.test(output)) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(
    output
      .trim()
      .split('\n')
      .map((line) => `  app: ${line}`)
      .join('\n'),
  );
  return { name: 'app (npm start)', port, process: child, pids: () => [child.pid!] };
}

/** An nginx string literal. */
const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function nginxConfig(dir: string, port: number, options: { headers: boolean; brotliModule?: string }): string {
  const pageCsp = JSON.parse(fs.readFileSync(BASE_CSP, 'utf8')) as Record<string, string>;
  const cspMap = Object.entries(pageCsp)
    .flatMap(([page, csp]) => {
      // $uri after try_files: `/x/index.html` for `/x`, and `//index.html` for `/`.
      const forms = page === '/' ? ['/', '/index.html', '//index.html'] : [page, `${page}/`, `${page}/index.html`, `${page}//index.html`];
      return forms.map((form) => `    ${quote(form)} ${quote(csp)};`);
    })
    .join('\n');
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
  map_hash_max_size 262144;
  # As the app: Permissions-Policy on documents only.
  map $sent_http_content_type $permissions_policy {
    default "";
    ~^text/html ${quote(PERMISSIONS_POLICY)};
  }
  map $uri $page_csp {
    default ${quote(NON_PAGE_CSP)};
${cspMap}
    "/404.html" ${quote(pageCsp['/404'] ?? NON_PAGE_CSP)};
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
  return { name, port, process: child, pids: () => [child.pid!, ...childrenOf(child.pid!)] };
}

async function startNodeBaseline(): Promise<Server> {
  const port = await freePort('127.0.0.1');
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/lib/baseline-static-server.ts', BASE_DIR, String(port), BASE_CSP], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(`http://127.0.0.1:${port}/`, child, () => output);
  return { name: 'minimal node static server, same headers', port, process: child, pids: () => [child.pid!] };
}

async function stop(server: Server): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill(server.name.startsWith('nginx') ? 'SIGQUIT' : 'SIGTERM');
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

/** The node load generator: CONNECTIONS keep-alive sockets, each sending its next request as soon as the last is answered. */
async function nodeLoad(port: number, paths: string[], seconds: number, status: number): Promise<{ requests: number; seconds: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let requests = 0;
  let errors = 0;
  let next = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
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

/** A wrk script that asks for `paths` in turn. */
function wrkScript(paths: string[]): string {
  const file = path.join(os.tmpdir(), `bench-serve-${process.pid}-${paths.length}.lua`);
  fs.writeFileSync(
    file,
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`,
  );
  return file;
}

async function load(port: number, paths: string[], seconds: number, status: number): Promise<{ requests: number; seconds: number; errors: number }> {
  if (!useWrk) return nodeLoad(port, paths, seconds, status);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      'wrk',
      ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', wrkScript(paths), '-H', `Accept-Encoding: ${ACCEPT_ENCODING}`, `http://127.0.0.1:${port}`],
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

async function measure(server: Server, row: Row): Promise<Measurement> {
  await load(server.port, row.paths, 2, row.status); // warm-up
  const pids = server.pids();
  const before = cpuTicks(pids);
  const result = await load(server.port, row.paths, SECONDS, row.status);
  const cpuSeconds = (cpuTicks(pids) - before) / CLOCK_TICKS;
  return { ...result, rps: result.requests / result.seconds, cpuUsPerRequest: (cpuSeconds * 1e6) / Math.max(1, result.requests) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The published products' pages, each asked for once through the app, which renders and stores
 * them (pages are rendered when first asked for, docs/decisions/064); then the store's manifest
 * is on disk (written at most every 10 s) for prepareBaseline to lay the same files out for nginx.
 */
async function storeProductPages(port: number): Promise<string[]> {
  const paths: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=60&sort=newest${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await fetch(`http://127.0.0.1:${port}/api/products?${query}`);
    if (!response.ok) throw new Error(`app: /api/products answered ${response.status}`);
    const page = (await response.json()) as { items: { id: string }[]; nextCursor: string | null };
    paths.push(...page.items.map((item) => `/product/${item.id}`));
    cursor = page.nextCursor;
  } while (cursor);
  if (!paths.length) throw new Error('the app lists no published product');
  for (const pagePath of paths) {
    const answer = await get(port, pagePath);
    if (answer.status !== 200) throw new Error(`app: ${pagePath} answered ${answer.status}`);
  }
  const stored = () => new PageStore(pageStoreDir(DATA_DIR)).paths();
  for (let waited = 0; !paths.every((p) => stored().includes(p)); waited += 500) {
    if (waited > 20_000) throw new Error('the page store did not keep the product pages it rendered');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return paths;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  fs.mkdirSync(DATA_DIR, { recursive: true });
  console.log(`[bench:serve] starting npm start on ${DATA_DIR} (builds when sources or content changed)…`);
  const app = await startApp();
  const productPages = await storeProductPages(app.port);
  prepareBaseline();
  const servers: Server[] = [app];
  try {
    if (has('nginx')) {
      servers.push(await startNginx({ headers: true }), await startNginx({ headers: false }));
    } else {
      servers.push(await startNodeBaseline());
    }
    const baseline = servers[1]!;
    const filesOnly = servers.find((s) => s.name.endsWith('files only'));
    const product = productPages[0]!;
    const rows: Row[] = [
      { label: '/', paths: ['/'], status: 200 },
      { label: '/marketplace', paths: ['/marketplace'], status: 200 },
      { label: 'a product page', paths: [product], status: 200 },
      { label: `every product page in turn (${productPages.length})`, paths: productPages, status: 200 },
      { label: 'an unknown path (404)', paths: ['/no-such-page'], status: 404 },
      { label: 'an unknown product id (404)', paths: ['/product/00000000-0000-4000-8000-00000000dead'], status: 404 },
    ];

    // Same bytes from every server on the pages (the precompressed brotli file); the 404 rows
    // answer each server's own 404 page (the app's product 404 is 'Product not found').
    const answers: Record<string, { encoding: string; bytes: Record<string, number>; headerBytes: Record<string, number> }> = {};
    for (const row of rows) {
      const first = row.paths[0]!;
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
          const m = await measure(server, row);
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
    }
    const nginxVersion = has('nginx') ? spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', '') : '';
    const wrkVersion = useWrk ? (spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0]?.split(' [')[0] ?? 'wrk') : '';
    const section = `## Serving

\`npm run bench:serve\` (scripts/bench-serve.ts), ${new Date().toISOString().slice(0, 10)}: \`npm start\`'s server (scripts/start.ts: the job worker, the page publisher and the index of known ids included; embedded PGlite, demo data: ${productPages.length} product pages) against ${baseline.name} serving the same files (the build's \`client/\` folder and the page store's catalogue pages), in the same run.
Load: ${useWrk ? `${wrkVersion}, one thread` : 'the node load generator of the script'}, ${CONNECTIONS} keep-alive connections, \`Accept-Encoding: ${ACCEPT_ENCODING}\`, ${SECONDS} s per measurement after a 2 s warm-up; ${ROUNDS} rounds with the servers taking turns (interleaved), median reported (the other figures are each round's). CPU per request: utime + stime of the server's processes (nginx: master and worker) over the measurement.
Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), shared with other work: load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after (1-minute load at each round's start: ${loads.join(', ')}).${nginxVersion ? ` ${nginxVersion}, one worker process (the app is one process).` : ''}

| Page | Server | req/s (median) | req/s per round | of the baseline | CPU µs/request | CPU vs baseline | Answer |
|---|---|---:|---|---:|---:|---:|---|
${lines.join('\n')}

Target (issue 30): the app at least 60% of ${baseline.name}'s requests per second and 35% of nginx serving the files alone, on the pages: ${met ? 'met' : 'NOT MET'} (${targets.join('; ')}).
Product page: ${product}.
- On the pages every server sends the same bytes: the brotli file precompressed at build time or by the page store (checked before measuring); "same headers" sends the app's security headers (Permissions-Policy on documents only, as the app) and each page's own Content-Security-Policy; ${filesOnly ? `"files only" is nginx without them` : 'as the app does'}.
- "Every product page in turn": each request names the next of the ${productPages.length} product pages. On the demo data they all fit in the app's path and body caches (20,000 paths, 64 MB) after the first pass, as in nginx's page cache: the figure is the spread-out read, not a read from disk; the first read of a page is asynchronous (no readFileSync or statSync of a stored page on the request path).
- The 404 rows: the app answers from memory (the build's 404 page, and for an unknown product id the route's 'Product not found' page, learnt once at start, docs/decisions/065), without rendering and without a query; nginx answers its error_page, the build's 404.html.
- No page touches the database: /, /marketplace and product pages come from the page store (docs/decisions/015), and an unpublished product is hidden by an in-memory set, with no query per request.
- The load generator runs on the same 2 cores as the server under test, so a faster server also leaves it less CPU: the absolute figures are lower than on a dedicated client machine, and the ratio is the comparable number.
`;
    replaceSection('## Serving', section);
    console.log(section);
  } finally {
    for (const server of servers.reverse()) await stop(server);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
