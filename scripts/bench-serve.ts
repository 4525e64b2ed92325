/**
 * `npm run bench:serve`: requests per second and CPU time per request of `npm start`'s
 * production server (scripts/start.ts on the embedded defaults with the demo data) against a
 * static baseline serving the same built files in the same run, on /, /marketplace and a
 * published product's page. Writes the '## Serving' section of docs/benchmarks.md.
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
import { NON_PAGE_CSP, securityHeaders } from '../functions/_shared/security-headers';
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
  const common = Object.entries(securityHeaders('/', { https: false }))
    .map(([name, value]) => `    add_header ${name} ${quote(value)};`)
    .join('\n');
  const headers = (cacheControl: string) =>
    options.headers ? `${common}\n    add_header content-security-policy $page_csp;\n    add_header cache-control ${quote(cacheControl)};` : '';
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
  map $uri $page_csp {
    default ${quote(NON_PAGE_CSP)};
${cspMap}
  }
  server {
    listen 127.0.0.1:${port};
    root ${BASE_DIR};
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

function parseWrk(output: string): { requests: number; seconds: number; errors: number } {
  const match = /(\d+) requests in ([\d.]+)(ms|s|m)/.exec(output);
  if (!match) throw new Error(`could not read wrk's output:\n${output}`);
  const unit = match[3] === 'ms' ? 0.001 : match[3] === 'm' ? 60 : 1;
  const errors =
    Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0) +
    Number(
      /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
        .exec(output)
        ?.slice(1)
        .reduce((a, b) => a + Number(b), 0) ?? 0,
    );
  return { requests: Number(match[1]), seconds: Number(match[2]) * unit, errors };
}

/** The node load generator: CONNECTIONS keep-alive sockets, each sending its next request as soon as the last is answered. */
async function nodeLoad(port: number, pathname: string, seconds: number): Promise<{ requests: number; seconds: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let requests = 0;
  let errors = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      await new Promise<void>((resolve) => {
        http
          .get({ host: '127.0.0.1', port, path: pathname, agent, headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
            if (res.statusCode !== 200) errors += 1;
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

async function load(port: number, pathname: string, seconds: number): Promise<{ requests: number; seconds: number; errors: number }> {
  if (!useWrk) return nodeLoad(port, pathname, seconds);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      'wrk',
      ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-H', `Accept-Encoding: ${ACCEPT_ENCODING}`, `http://127.0.0.1:${port}${pathname}`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))));
  });
  return parseWrk(output);
}

async function measure(server: Server, pathname: string): Promise<Measurement> {
  await load(server.port, pathname, 2); // warm-up
  const pids = server.pids();
  const before = cpuTicks(pids);
  const result = await load(server.port, pathname, SECONDS);
  const cpuSeconds = (cpuTicks(pids) - before) / CLOCK_TICKS;
  return { ...result, rps: result.requests / result.seconds, cpuUsPerRequest: (cpuSeconds * 1e6) / Math.max(1, result.requests) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A published product's page from the page store. */
function publishedProductPath(): string {
  const page = new PageStore(pageStoreDir(DATA_DIR)).paths().find((p) => p.startsWith('/product/'));
  if (!page) throw new Error('the page store holds no product page');
  return page;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  fs.mkdirSync(DATA_DIR, { recursive: true });
  console.log(`[bench:serve] starting npm start on ${DATA_DIR} (builds when sources or content changed)…`);
  const app = await startApp();
  prepareBaseline();
  const servers: Server[] = [app];
  try {
    if (has('nginx')) {
      servers.push(await startNginx({ headers: true }), await startNginx({ headers: false }));
    } else {
      servers.push(await startNodeBaseline());
    }
    const baseline = servers[1]!;
    const product = publishedProductPath();
    const pages = ['/', '/marketplace', product];

    // Same bytes from every server: the precompressed brotli file of the build.
    const answers: Record<string, { encoding: string; bytes: number; headerBytes: Record<string, number> }> = {};
    for (const page of pages) {
      const reference = await get(app.port, page);
      if (reference.status !== 200) throw new Error(`app: ${page} answered ${reference.status}`);
      answers[page] = { encoding: reference.encoding, bytes: reference.body.byteLength, headerBytes: {} };
      for (const server of servers) {
        const answer = await get(server.port, page);
        if (answer.status !== 200 || !answer.body.equals(reference.body))
          throw new Error(`${server.name}: ${page} answered ${answer.status} with other bytes than the app`);
        answers[page]!.headerBytes[server.name] = answer.headerBytes;
      }
    }

    const results = new Map<string, Measurement[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const page of pages) {
        for (const server of round % 2 ? servers : [...servers].reverse()) {
          const m = await measure(server, page);
          if (m.errors) throw new Error(`${server.name}: ${m.errors} failed answers on ${page}`);
          const key = `${page}\t${server.name}`;
          results.set(key, [...(results.get(key) ?? []), m]);
          console.log(
            `[bench:serve] round ${round} ${page.padEnd(48)} ${server.name.padEnd(52)} ${m.rps.toFixed(0).padStart(7)} req/s ${m.cpuUsPerRequest.toFixed(1).padStart(6)} µs CPU/req`,
          );
        }
      }
    }
    const loadAfter = os.loadavg();

    const summary = (page: string, server: Server) => {
      const runs = results.get(`${page}\t${server.name}`) ?? [];
      return { rps: median(runs.map((r) => r.rps)), cpu: median(runs.map((r) => r.cpuUsPerRequest)), all: runs.map((r) => r.rps.toFixed(0)).join(', ') };
    };
    const rows: string[] = [];
    const ratios: number[] = [];
    for (const page of pages) {
      const base = summary(page, baseline);
      for (const server of servers) {
        const s = summary(page, server);
        const ratio = server === baseline ? '' : `${((100 * s.rps) / base.rps).toFixed(0)}%`;
        if (server === app) ratios.push(s.rps / base.rps);
        const cpuRatio = server === baseline ? '' : `${(s.cpu / base.cpu).toFixed(1)}x`;
        const label = page === product ? 'a product page' : page;
        rows.push(
          `| ${label} | ${server.name} | ${s.rps.toFixed(0)} | ${s.all} | ${ratio} | ${s.cpu.toFixed(1)} | ${cpuRatio} | ${answers[page]!.encoding}, ${answers[page]!.bytes} B + ${answers[page]!.headerBytes[server.name]} B of headers |`,
        );
      }
    }
    const met = ratios.every((r) => r >= 0.3);
    const nginxVersion = has('nginx') ? spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', '') : '';
    const wrkVersion = useWrk ? (spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0]?.split(' [')[0] ?? 'wrk') : '';
    const section = `## Serving

\`npm run bench:serve\` (scripts/bench-serve.ts), ${new Date().toISOString().slice(0, 10)}: \`npm start\`'s server (embedded PGlite, demo data: ${new PageStore(pageStoreDir(DATA_DIR)).paths().filter((p) => p.startsWith('/product/')).length} product pages) against ${baseline.name} serving the same files (the build's \`client/\` folder and the page store's catalogue pages), in the same run.
Load: ${useWrk ? `${wrkVersion}, one thread` : 'the node load generator of the script'}, ${CONNECTIONS} keep-alive connections, \`Accept-Encoding: ${ACCEPT_ENCODING}\`, ${SECONDS} s per measurement after a 2 s warm-up; ${ROUNDS} rounds with the servers taking turns, median reported (the other figures are each round's). CPU per request: utime + stime of the server's processes (nginx: master and worker) over the measurement.
Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), shared with other work: load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after.${nginxVersion ? ` ${nginxVersion}, one worker process (the app is one process).` : ''}

| Page | Server | req/s (median) | req/s per round | of the baseline | CPU µs/request | CPU vs baseline | Answer |
|---|---|---:|---|---:|---:|---:|---|
${rows.join('\n')}

Target: the app at ${met ? 'or above' : 'BELOW'} 30% of the baseline's requests per second on /, /marketplace and a product page (${ratios.map((r) => `${(100 * r).toFixed(0)}%`).join(', ')}).
Product page: ${product}.
- Every server sends the same bytes: the brotli file precompressed at build time (checked before measuring); the baseline also sends the app's security headers and each page's own Content-Security-Policy (about 3 KB of headers per page, ${has('nginx') ? 'the row "files only" is nginx without them' : 'as the app does'}).
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
