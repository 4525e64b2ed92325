/**
 * `npm run bench:pages`: builds and serves the app on a throwaway data folder, loads the
 * public pages in Chromium, and writes what each page costs (compressed JavaScript, CSS,
 * HTML and image bytes) and its Lighthouse mobile scores to docs/benchmarks.md, replacing
 * the '## Public pages' section.
 *
 * Runs like scripts/start.ts (one process owns the embedded database, the build reads only
 * the content snapshot), but builds into its own folder and listens on its own port, so it
 * never touches `dist/` or the data of a running `npm start`.
 *
 * Bytes: the node server does not compress, so every text response body is gzipped here
 * (level 9, what a CDN serves at least); images count as transferred. Inline <script>
 * blocks count as JavaScript, and each page's own JavaScript is told apart from the site
 * shell's (measured on /privacy, a page with nothing but the shell). Loaded at 412x823 like Lighthouse's mobile run, without
 * scrolling, so lazy images below the fold are not counted.
 *
 * Options (environment): BENCH_PORT (4398), BENCH_RUNS (Lighthouse runs per page, median
 * kept; 3), BENCH_SKIP_LIGHTHOUSE=1, BENCH_KEEP=1 (keep serving until Ctrl-C),
 * BENCH_PAGES (comma-separated paths, e.g. `/auth?mode=signup,/auth`: measure only those; the
 * other rows of the report are kept from its previous run, and the report says so).
 * Chromium: CHROME_PATH, else /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
// @playwright/test re-exports playwright-core's launcher; it is the declared dependency.
import { chromium, type Response } from '@playwright/test';
import { replaceSection } from './lib/report';

const ROOT = process.cwd();
/**
 * The public pages (issue 3), the catalogue pages (issue 5; the product is picked from the
 * seeded snapshot) and the auth modes (issue 10: the card's size before and after hydration).
 */
const ALL_PAGES: string[] = [
  '/',
  '/ai-tools',
  '/tools/chatgpt',
  '/tools/chatgpt/landing',
  '/marketplace',
  '/auth',
  '/auth?mode=login',
  '/auth?mode=signup',
  '/auth?mode=forgot-password',
  '/community',
];
const PRODUCT_PAGE = '/product/{id}';
/** A thread page (issue 16): a thread with replies the bench writes, since the seed has none. */
const THREAD_PAGE = '/community/{threadId}';
const ONLY = (process.env['BENCH_PAGES'] ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const PAGES: string[] = ONLY.length ? ALL_PAGES.filter((p) => ONLY.includes(p)) : [...ALL_PAGES];
const TARGETS = { homeJsKb: 60, landingJsKb: 0, catalogueJsKb: 80, performance: 95, accessibility: 100, cls: 0.1 };
const PORT = Number(process.env['BENCH_PORT'] ?? 4398);
const HOST = '127.0.0.1';
const ORIGIN = `http://localhost:${PORT}`;
const RUNS = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 3));
const CHROME = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const OUT_DIR = path.join(ROOT, 'node_modules', '.cache', 'toolmint-bench', 'dist');
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-bench-'));
const REPORT = path.join(ROOT, 'docs', 'benchmarks.md');
const SECTION = '## Public pages';

// The environment is validated once, on first use: set it before importing the app.
Object.assign(process.env, {
  DATA_DIR,
  PORT: String(PORT),
  HOST,
  SITE_URL: ORIGIN,
  DATABASE_URL: '',
  ASTRO_TELEMETRY_DISABLED: '1',
});

interface PageBytes {
  js: number;
  jsInline: number;
  /** All JavaScript (external and inline) at brotli quality 11, as a CDN such as Vercel's serves it. */
  jsBrotli: number;
  /** JavaScript beyond what the site shell (header, footer) loads on every page. */
  ownJs: number;
  /**
   * All JavaScript (external and inline, gzip) once the page has been read to its end: islands
   * below the fold hydrate when seen (client:visible), so this is what the page ships in all.
   */
  jsRead: number;
  css: number;
  html: number;
  images: number;
  other: number;
  requests: number;
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

const gzip = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;
const brotli = (data: Buffer | string) => zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function buildSite(): Promise<void> {
  const started = Date.now();
  console.log(`[bench] astro build → ${path.relative(ROOT, OUT_DIR)}`);
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  const { runAstroBuild } = await import('./lib/astro-build');
  await runAstroBuild({ outDir: OUT_DIR, quiet: true });
  console.log(`[bench] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Every page loads the shell (header and footer); a page with nothing else shows its cost. */
const SHELL_PAGE = '/privacy';

async function measureBytes(browserPath: string): Promise<{ bytes: Record<string, PageBytes>; shell: PageBytes; chromiumVersion: string }> {
  const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const measure = async (pagePath: string) => {
      // A fresh context per page: an empty cache, like a first visit.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const responses: Response[] = [];
      page.on('response', (response) => responses.push(response));
      const main = await page.goto(`${ORIGIN}${pagePath}`, { waitUntil: 'networkidle' });
      if (!main || main.status() !== 200) throw new Error(`${pagePath} answered ${main?.status()}`);
      const tally: PageBytes = { js: 0, jsInline: 0, jsBrotli: 0, ownJs: 0, jsRead: 0, css: 0, html: 0, images: 0, other: 0, requests: responses.length };
      /** Script identity (URL, or the code of an inline block) to compressed size. */
      const scripts = new Map<string, number>();
      for (const response of responses) {
        const type = response.request().resourceType();
        const body = await response.body().catch(() => Buffer.alloc(0));
        if (type === 'script') {
          tally.js += gzip(body);
          tally.jsBrotli += brotli(body);
          scripts.set(new URL(response.url()).pathname, gzip(body));
        } else if (type === 'stylesheet') tally.css += gzip(body);
        else if (type === 'document') tally.html += gzip(body);
        else if (type === 'image') tally.images += body.length;
        else tally.other += gzip(body);
      }
      const inline = await page.$$eval('script:not([src])', (elements) =>
        (elements as HTMLScriptElement[]).filter((s) => !s.type || s.type === 'module' || s.type === 'text/javascript').map((s) => s.textContent ?? ''),
      );
      for (const code of inline) {
        if (!code.trim()) continue;
        tally.jsInline += gzip(code);
        tally.jsBrotli += brotli(code);
        scripts.set(`inline:${code}`, gzip(code));
      }
      // Read to the end, as a visitor scrolling down would, and count every script loaded by then.
      const firstView = responses.length;
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      tally.jsRead = tally.js + tally.jsInline;
      for (const response of responses.slice(firstView)) {
        if (response.request().resourceType() === 'script') tally.jsRead += gzip(await response.body().catch(() => Buffer.alloc(0)));
      }
      await context.close();
      return { tally, scripts };
    };

    const shell = await measure(SHELL_PAGE);
    const bytes: Record<string, PageBytes> = {};
    for (const pagePath of PAGES) {
      const { tally, scripts } = await measure(pagePath);
      for (const [key, size] of scripts) if (!shell.scripts.has(key)) tally.ownJs += size;
      bytes[pagePath] = tally;
    }
    return { bytes, shell: shell.tally, chromiumVersion: browser.version() };
  } finally {
    await browser.close();
  }
}

function runLighthouse(url: string): Promise<Scores> {
  const output = path.join(DATA_DIR, `lighthouse-${Date.now()}.json`);
  const bin = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [
    bin,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${output}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHROME_PATH: CHROME } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} failed (${code}): ${stderr.slice(-800)}`));
      const report = JSON.parse(fs.readFileSync(output, 'utf8')) as {
        categories: Record<string, { score: number | null }>;
        audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
      };
      const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
      const failed = Object.entries(report.audits)
        .filter(([, audit]) => audit.score !== null && audit.score < 0.9)
        .map(([id]) => id);
      if (failed.length) console.log(`[bench]   below 0.9 on ${url}: ${failed.join(', ')}`);
      resolve({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? 0,
        cls: report.audits['cumulative-layout-shift']?.numericValue ?? 0,
        tbtMs: report.audits['total-blocking-time']?.numericValue ?? 0,
      });
    });
  });
}

/** The median run by performance score (Lighthouse's own advice for noisy runs). */
async function lighthouseMedian(url: string): Promise<Scores> {
  const runs: Scores[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(url));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
}

function verdicts(pagePath: string, bytes: PageBytes, scores: Scores | undefined): string[] {
  const misses: string[] = [];
  const jsKb = (bytes.js + bytes.jsInline) / 1024;
  if (pagePath === '/' && jsKb > TARGETS.homeJsKb) misses.push(`JS ${jsKb.toFixed(1)} KB > ${TARGETS.homeJsKb} KB`);
  if (pagePath.endsWith('/landing') && bytes.ownJs > 0) misses.push(`JS of its own ${kb(bytes.ownJs)} KB > 0 KB`);
  if ((pagePath === '/marketplace' || pagePath.startsWith('/product/')) && jsKb > TARGETS.catalogueJsKb)
    misses.push(`JS ${jsKb.toFixed(1)} KB > ${TARGETS.catalogueJsKb} KB`);
  if (scores && scores.performance < TARGETS.performance) misses.push(`performance ${scores.performance} < ${TARGETS.performance}`);
  if (scores && scores.accessibility < TARGETS.accessibility) misses.push(`accessibility ${scores.accessibility} < ${TARGETS.accessibility}`);
  if (scores && scores.cls >= TARGETS.cls) misses.push(`CLS ${scores.cls.toFixed(3)} >= ${TARGETS.cls}`);
  return misses;
}

function renderSection(input: {
  bytes: Record<string, PageBytes>;
  shell: PageBytes;
  scores: Record<string, Scores>;
  chromiumVersion: string;
  lighthouseVersion: string;
  /** Rows of the previous report for pages this run did not measure (BENCH_PAGES). */
  kept: { rows: string[]; measured: string | null };
}): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines = [
    SECTION,
    '',
    `Measured ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} by \`npm run bench:pages\` (scripts/bench-pages.ts) on ${os.availableParallelism()} cores (${cpu}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}, Chromium ${input.chromiumVersion}, Lighthouse ${input.lighthouseVersion}.`,
    '',
    'Bytes are gzip level 9 of each response (the targets are checked on these; the brotli column shows JS as a CDN serves it) as the first visit of a 412x823 mobile viewport loads it, before any scrolling (lazy images below the fold are not counted), except "JS read to the end": every script loaded once the page is scrolled to its end, islands below the fold hydrating when seen. JS counts external scripts and inline `<script>` blocks; "own" is what the page loads beyond the site shell (header and footer), which alone loads ' +
      `${kb(input.shell.js + input.shell.jsInline)} KB of JS on ${SHELL_PAGE}. Scores are Lighthouse mobile (simulated throttling), the median of ${RUNS} run${RUNS === 1 ? '' : 's'} by performance.`,
    '',
    '| Page | JS KB (own) | JS KB brotli | JS KB read to the end | CSS KB | HTML KB | Images KB | Requests | Performance | Accessibility | Best practices | SEO | LCP | CLS | TBT |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const misses: string[] = [];
  for (const pagePath of PAGES) {
    const b = input.bytes[pagePath]!;
    const s = input.scores[pagePath];
    const cells = [
      `\`${pagePath}\``,
      `${kb(b.js + b.jsInline)} (${kb(b.ownJs)})`,
      kb(b.jsBrotli),
      kb(b.jsRead),
      kb(b.css),
      kb(b.html),
      kb(b.images),
      String(b.requests),
      s ? String(s.performance) : 'n/a',
      s ? String(s.accessibility) : 'n/a',
      s ? String(s.bestPractices) : 'n/a',
      s ? String(s.seo) : 'n/a',
      s ? `${(s.lcpMs / 1000).toFixed(2)} s` : 'n/a',
      s ? s.cls.toFixed(3) : 'n/a',
      s ? `${Math.round(s.tbtMs)} ms` : 'n/a',
    ];
    lines.push(`| ${cells.join(' | ')} |`);
    misses.push(...verdicts(pagePath, b, s).map((m) => `\`${pagePath}\`: ${m}`));
  }
  // A thread page ships no more JavaScript than a product page (issue 16).
  const productPath = PAGES.find((p) => p.startsWith('/product/'));
  const threadPath = PAGES.find((p) => /^\/community\/[0-9a-f-]{36}$/.test(p));
  if (productPath && threadPath) {
    // What each page ships in all (read to the end): a product page's reviews, questions and
    // report form hydrate when seen, a thread's voting and reply island at once.
    const js = (p: string) => input.bytes[p]!.jsRead;
    if (js(threadPath) > js(productPath))
      misses.push(`\`${threadPath}\`: JS read to the end ${kb(js(threadPath))} KB > the product page's ${kb(js(productPath))} KB`);
  }
  lines.push(...input.kept.rows);
  lines.push(
    '',
    `Targets: at most ${TARGETS.homeJsKb} KB of compressed JavaScript on \`/\`, at most ${TARGETS.catalogueJsKb} KB on \`/marketplace\` and \`/product/{id}\`, no JavaScript of its own on \`/tools/{id}/landing\`, no more JavaScript on a thread page than on a product page (each read to its end), Lighthouse performance >= ${TARGETS.performance}, accessibility = ${TARGETS.accessibility} and CLS < ${TARGETS.cls} on every page.`,
    misses.length ? `Missed: ${misses.join('; ')}.` : `All targets met${input.kept.rows.length ? ' on the pages of this run' : ''}.`,
    ...(input.kept.rows.length
      ? [
          '',
          `This run measured only ${PAGES.map((p) => `\`${p}\``).join(', ')} (BENCH_PAGES); the other rows are kept from the previous run${input.kept.measured ? ` (${input.kept.measured})` : ''}.`,
        ]
      : []),
    '',
  );
  return lines.join('\n');
}

/** The table rows of the current report for the pages this run does not measure, and when they were measured. */
function keptRows(measuredPaths: string[]): { rows: string[]; measured: string | null } {
  if (!ONLY.length || !fs.existsSync(REPORT)) return { rows: [], measured: null };
  const text = fs.readFileSync(REPORT, 'utf8');
  const start = text.indexOf(`${SECTION}\n`);
  if (start < 0) return { rows: [], measured: null };
  const rest = text.slice(start + SECTION.length + 1);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  const measured = section.match(/^Measured (\S+)/m)?.[1] ?? null;
  const earlier = section.match(/kept from the previous run \(([^)]+)\)/)?.[1];
  const rows = section.split('\n').filter((line) => {
    const page = line.match(/^\| `([^`]+)` \|/)?.[1];
    return page !== undefined && !measuredPaths.includes(page);
  });
  return { rows, measured: earlier && earlier !== measured ? `${earlier} and ${measured}` : measured };
}

/** A thread in the Claude space with Markdown, code and a few replies (one nested), by two seeded people. */
async function benchThread(db: import('../db/database').Db): Promise<string> {
  const { createReply, createThread } = await import('../functions/community/community.service');
  const people = await db.selectFrom('profiles').select('id').orderBy('created_at').limit(2).execute();
  const [a, b] = [people[0]!.id, (people[1] ?? people[0])!.id];
  const thread = await createThread(db, a, {
    spaceId: 'claude',
    kind: 'question',
    title: 'How do you feed Claude a 300-page PDF without losing the thread?',
    body: 'I split the PDF by chapter and paste each one with a **summary** of the previous ones.\n\n```python\nfor chapter in chapters:\n    ask(summary + chapter)\n```\n\nIs there a better way? See [the docs](https://docs.anthropic.com).',
    tags: ['pdf', 'context'],
    productIds: [],
    toolIds: ['claude'],
  });
  const first = await createReply(db, b, thread.id, { body: 'Chapters work. Keep a running summary of at most 500 words and put it first.' });
  await createReply(db, a, thread.id, { body: 'Thanks! Do you ask for the summary in the same turn?', parentReplyId: first.id });
  await createReply(db, b, thread.id, { body: '> Do you ask for the summary in the same turn?\n\nYes: one turn, two sections in the answer.' });
  return thread.id;
}

function writeReport(section: string): void {
  replaceSection(SECTION, section, REPORT);
}

async function main(): Promise<void> {
  const { assertNodeVersion, assertPortFree, exitWith } = await import('./lib/preflight');
  try {
    assertNodeVersion();
    if (!fs.existsSync(CHROME)) throw new Error(`No Chromium at ${CHROME}; set CHROME_PATH.`);
    await assertPortFree(PORT, HOST);
    const { setDbHandle } = await import('../db/database');
    const { openDatabase, prepareData } = await import('./lib/prepare-data');
    const { SiteServer } = await import('./lib/serve');
    const { PagePublisher } = await import('./lib/page-publisher');
    const { PageStore, pageStoreDir } = await import('./lib/page-store');
    const { readBuildStamp } = await import('./lib/astro-build');

    const handle = await openDatabase();
    await prepareData(handle, { seed: true });
    // A product page with a gallery: the top-rated product that has a featured image.
    const product = await handle.db
      .selectFrom('products')
      .select('id')
      .where('status', '=', 'published')
      .where('featured_image_url', 'is not', null)
      .orderBy('rating', 'desc')
      .executeTakeFirst();
    if (product && (!ONLY.length || ONLY.includes(PRODUCT_PAGE) || ONLY.includes(`/product/${product.id}`))) PAGES.push(`/product/${product.id}`);
    if (!ONLY.length || ONLY.includes(THREAD_PAGE)) PAGES.push(`/community/${await benchThread(handle.db)}`);
    await buildSite();
    setDbHandle(handle);
    // Served as `npm start` serves: the catalogue pages from the page store (docs/decisions/064:
    // rendered when first asked for; the measured ones are asked for here, so every run reads them stored).
    const publisher = new PagePublisher(handle.db, new PageStore(pageStoreDir(DATA_DIR)));
    const site = new SiteServer({ pages: publisher });
    await site.swap(OUT_DIR);
    await site.listen(PORT, HOST);
    publisher.attach(site.server.address());
    await publisher.start(readBuildStamp(OUT_DIR) ?? '');
    for (const pagePath of PAGES) await publisher.pageFor(pagePath.split('?')[0]!);
    const server = site.server;
    console.log(`[bench] serving ${ORIGIN} (data in ${DATA_DIR})`);

    const { bytes, shell, chromiumVersion } = await measureBytes(CHROME);
    const scores: Record<string, Scores> = {};
    if (process.env['BENCH_SKIP_LIGHTHOUSE'] !== '1') {
      for (const pagePath of PAGES) {
        console.log(`[bench] lighthouse ${pagePath} (${RUNS} run${RUNS === 1 ? '' : 's'})`);
        scores[pagePath] = await lighthouseMedian(`${ORIGIN}${pagePath}`);
      }
    }
    const lighthouseVersion = (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string })
      .version;
    const section = renderSection({ bytes, shell, scores, chromiumVersion, lighthouseVersion, kept: keptRows(PAGES) });
    writeReport(section);
    console.log(`\n${section}\n[bench] written to ${path.relative(ROOT, REPORT)}`);

    if (process.env['BENCH_KEEP'] === '1') {
      console.log(`[bench] BENCH_KEEP=1: still serving ${ORIGIN}; Ctrl-C to stop`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    }
    server.close();
    await handle.close();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  } catch (error) {
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
    exitWith(error);
  }
}

void main();
