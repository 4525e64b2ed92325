/**
 * Runs `astro build` in a child process. The child never opens the database: what Astro
 * prebuilds (legal, auth and error pages) does not depend on content; the catalogue pages
 * render from the database in the serving process (docs/decisions/015).
 * A build stamp (sizes and times of the sources, and SITE_URL) lets a second start reuse the
 * previous build without reading any content. The node output's static files are
 * precompressed (brotli and gzip variants beside them, docs/decisions/017) before the stamp
 * is written, so a reused build has them too; on Vercel (VERCEL=1) the CDN compresses, and
 * nothing is added.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/functions/_shared/env';
import { precompressTree } from './static-files';

const ROOT = process.cwd();
const SOURCE_DIRS = ['src', 'functions', 'db', 'public'];
const SOURCE_FILES = ['astro.config.mjs', 'package.json', 'tsconfig.json'];

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

export function buildStamp(): string {
  return `${sourceFingerprint()}:${getEnv().SITE_URL}`;
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
  const started = Date.now();
  if (!options.quiet) console.log('[build] building the site (astro build)…');
  const astroBin = path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin, 'build', '--silent', '--outDir', outDir], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      // SITE_URL as the server derives it (from HOST and PORT when unset), so canonical URLs
      // and the page headers are built for the origin that serves them.
      env: { ...process.env, SITE_URL: getEnv().SITE_URL, ...options.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build failed with exit code ${code}`))));
  });
  if (!(options.env?.['VERCEL'] ?? process.env['VERCEL'])) await precompressOutput(outDir, options);
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
