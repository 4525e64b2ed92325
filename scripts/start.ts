/**
 * `npm start`: migrate, seed an empty database, build when the sources changed, then serve
 * on http://HOST:PORT (default localhost:4321). The catalogue pages are rendered from the
 * database into the page store the first time each is asked for, the landing page, the
 * marketplace and the directory at start (when the build, the origin or the content changed
 * since the last run, the stored set is forgotten first), and kept current as content and
 * figures change, page by page (docs/decisions/015, 064).
 */
import path from 'node:path';
import { getAuthSecret, getEnv } from '@/env';
import { assertNodeVersion, assertPortFree, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';
import { ensureBuild, precompressOutput, readBuildStamp } from './lib/astro-build';
import { startApp } from './lib/app-server';

/**
 * What the start spent its time on, printed once it listens: performance.now() counts from the
 * process's start, so the first phase is Node and tsx loading this script and its modules.
 */
function startTimer(): { phase(name: string): void; line(): string } {
  const phases: [string, number][] = [['node and modules', performance.now()]];
  let last = performance.now();
  return {
    phase(name) {
      const now = performance.now();
      phases.push([name, now - last]);
      last = now;
    },
    line: () =>
      `[start] listening ${(performance.now() / 1000).toFixed(1)} s after the process started: ${phases.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`).join(', ')}`,
  };
}

async function main(): Promise<void> {
  const timer = startTimer();
  assertNodeVersion();
  const env = getEnv();
  await assertPortFree(env.PORT, env.HOST);
  const handle = await openDatabase();
  timer.phase('database open');
  // With no BETTER_AUTH_SECRET, the random one kept in DATA_DIR is made now rather than at the
  // first sign-in, so a folder that cannot keep it stops the start (docs/decisions/053).
  if (env.NODE_ENV !== 'production') getAuthSecret(env);
  await prepareData(handle, { seed: true });
  timer.phase('migrations, seed and statistics');
  const outDir = path.resolve(env.OUT_DIR);
  if ((await ensureBuild(outDir, { force: process.argv.includes('--rebuild') })) === 'reused') {
    console.log('[build] sources unchanged: reusing the previous build');
    await precompressOutput(outDir);
  }
  timer.phase('build check');

  // The worker, the page publisher and the server (scripts/lib/app-server.ts).
  const { publisher, stop } = await startApp(handle, outDir, env, (name) => timer.phase(name));
  timer.phase('listen');
  console.log(timer.line());
  // Served from the first moment: a page not stored yet is rendered when it is first asked for.
  const pages = publisher
    // The stored pages hold the origin (canonical URLs): another origin renders them again.
    .start(`${readBuildStamp(outDir) ?? ''} ${env.SITE_URL}`)
    .then((r) =>
      console.log(
        r.reset
          ? `[pages] rendered ${r.pages} start pages in ${(r.ms / 1000).toFixed(1)} s (stored pages reset; the others are rendered when first asked for)`
          : `[pages] catalogue pages current: ${r.pages ? `rendered ${r.pages} start pages` : 'nothing to render'}`,
      ),
    )
    .catch((error: unknown) => console.error('[pages] rendering the catalogue pages failed; they are rendered on demand:', error));
  console.log(`\ntoolmint is running at http://${env.HOST}:${env.PORT} (database: ${handle.driver}, ${handle.location})`);

  const shutdown = async () => {
    await stop(pages);
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch(exitWith);
