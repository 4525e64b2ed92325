/**
 * Runs `astro build` in a child process. The child never opens the database: what Astro
 * prebuilds (legal, auth and error pages) does not depend on content; the catalogue pages
 * render from the database in the serving process (docs/decisions/015).
 * A build stamp (sizes and times of the sources) lets a second start reuse the previous build
 * without reading any content. The build is the same for every origin: the pages Astro
 * prebuilds carry a placeholder that the server fills in with its own origin when it loads
 * them (functions/_shared/site-origin.ts), so one build serves any PORT, HOST or SITE_URL, and
 * several servers (the test suites') share one. ensureBuild() builds under a lock, so servers
 * started at once on one output folder build it once. The node output's static files are
 * precompressed (brotli and gzip variants beside them, docs/decisions/017) before the stamp
 * is written, so a reused build has them too; on Vercel (VERCEL=1) the CDN compresses, and
 * nothing is added.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '@/db/database';
import { getEnv } from '@/env';
import { BUILD_ORIGIN } from '@/functions/_shared/site-origin';
import { precompressTree } from './static-files';

const ROOT = process.cwd();
const SOURCE_DIRS = ['src', 'functions', 'db', 'env', 'public'];
/** With the build's own integration (scripts/lib/page-headers.ts writes the policies and route patterns the server reads). */
const SOURCE_FILES = ['astro.config.mjs', 'package.json', 'tsconfig.json', 'scripts/lib/page-headers.ts'];

function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${full}:${fs.statSync(full).size}:${fs.statSync(full).mtimeMs}\n`);
    }
  };
  SOURCE_DIRS.forEach((d) => walk(path.join(ROOT, d)));
  for (const f of SOURCE_FILES) if (fs.existsSync(f)) hash.update(fs.readFileSync(f));
  return hash.digest('hex');
}

function buildStamp(): string {
  return sourceFingerprint();
}

/**
 * The files of `<outDir>/client` that hold BUILD_ORIGIN, relative to it: the server fills in
 * its origin in these, and only these, when it loads the build (scripts/lib/static-serve.ts).
 */
export const ORIGIN_FILES = 'origin-files.json';

export function readOriginFiles(outDir: string): string[] {
  const file = path.join(outDir, ORIGIN_FILES);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as string[]) : [];
}

function writeOriginFiles(outDir: string): void {
  const clientDir = path.join(outDir, 'client');
  if (!fs.existsSync(clientDir)) return;
  const files = (fs.readdirSync(clientDir, { recursive: true }) as string[])
    .filter((name) => /\.(html|xml|txt|json)$/.test(name))
    .filter((name) => fs.readFileSync(path.join(clientDir, name), 'utf8').includes(BUILD_ORIGIN))
    .sort();
  // Astro's own handler sends the error pages in place of a missing or failed route, from disk:
  // nothing would fill them in. They are noindex pages, which name no origin (SeoHead.astro).
  const unfillable = files.filter((name) => ['404.html', '500.html'].includes(name));
  if (unfillable.length) throw new Error(`${unfillable.join(', ')} must not name the site's origin (${BUILD_ORIGIN}): nothing fills it in there`);
  fs.writeFileSync(path.join(outDir, ORIGIN_FILES), JSON.stringify(files));
}

const stampFile = (outDir: string) => path.join(outDir, '.toolmint-build');

/** The stamp of the build in outDir, or null when there is none. */
export function readBuildStamp(outDir: string): string | null {
  const file = stampFile(outDir);
  return fs.existsSync(path.join(outDir, 'server', 'entry.mjs')) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

export function isBuildCurrent(outDir: string): boolean {
  return readBuildStamp(outDir) === buildStamp();
}

export async function runAstroBuild(options: { outDir?: string; env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): Promise<void> {
  const outDir = options.outDir ?? path.join(ROOT, 'dist');
  const isVercel = Boolean(options.env?.['VERCEL'] ?? process.env['VERCEL']);
  const started = Date.now();
  if (!options.quiet) console.log('[build] building the site (astro build)…');
  const astroBin = path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin, 'build', '--silent', '--outDir', outDir], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      // Vercel: the deployment's SITE_URL, baked in. The embedded server: the placeholder its
      // server fills in with the origin it serves (functions/_shared/site-origin.ts).
      env: { ...process.env, SITE_URL: isVercel ? getEnv().SITE_URL : BUILD_ORIGIN, ...options.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build failed with exit code ${code}`))));
  });
  if (!isVercel) {
    writeOriginFiles(outDir);
    await precompressOutput(outDir, options);
  }
  fs.writeFileSync(stampFile(outDir), buildStamp());
  if (!options.quiet) console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Brotli and gzip variants of the node output's static files. Also called when `npm start`
 * reuses a build, which is then a walk of stats (variants newer than their files are kept),
 * so a build made before precompression existed gets its variants too.
 */
export async function precompressOutput(outDir: string, options: { quiet?: boolean } = {}): Promise<void> {
  const clientDir = path.join(outDir, 'client');
  if (!fs.existsSync(clientDir)) return;
  const started = Date.now();
  const result = await precompressTree(clientDir);
  if (!options.quiet && result.files) {
    const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
    console.log(
      `[build] precompressed ${result.files} files (${mb(result.bytesIn)} MB, ${mb(result.bytesOut)} MB as brotli) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}

/** How long ensureBuild() waits for another process's build of the same folder. */
const BUILD_LOCK_WAIT_MS = 10 * 60 * 1000;

/**
 * Takes `<outDir>.lock` (created exclusively, holding our pid), waiting while another live
 * process holds it; a lock left by a process that died is taken over.
 */
async function lockBuild(outDir: string): Promise<() => void> {
  const lock = `${outDir}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + BUILD_LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(fs.readFileSync(lock, { encoding: 'utf8', flag: 'a+' }).trim());
    if (!owner || !isProcessAlive(owner)) {
      fs.rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Another process (pid ${owner}) has been building ${outDir} for too long; stop it or remove ${lock}.`);
    // Another start is building this folder: poll its lock (a build takes a minute or more).
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Build `outDir` unless its build is current (or `force`), once even when several processes ask at the same time. */
export async function ensureBuild(outDir: string, options: { force?: boolean } = {}): Promise<'built' | 'reused'> {
  if (!options.force && isBuildCurrent(outDir)) return 'reused';
  const unlock = await lockBuild(outDir);
  try {
    // Built by the process we waited for?
    if (!options.force && isBuildCurrent(outDir)) return 'reused';
    await runAstroBuild({ outDir });
    return 'built';
  } finally {
    unlock();
  }
}
