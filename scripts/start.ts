/**
 * `npm start`: migrate, seed an empty database, build when the sources changed, then serve
 * on http://HOST:PORT (default localhost:4321). The catalogue pages are rendered from the
 * database into the page store the first time each is asked for, the landing page, the
 * marketplace and the directory at start (when the build, the origin or the content changed
 * since the last run, the stored set is forgotten first), and kept current as content and
 * figures change, page by page (docs/decisions/015, 064).
 */
import path from 'node:path';
import { setDbHandle } from '@/db/database';
import { getAuthSecret, getEnv } from '@/env';
import { assertNodeVersion, assertPortFree, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';
import { ensureBuild, isBuildCurrent, precompressOutput } from './lib/astro-build';
import { startApp } from './lib/app-server';
import { preloadBuild } from './lib/serve';

/**
 * What the start spent its time on, printed once it listens: performance.now() counts from the
 * process's start, so the first phase is Node loading this script and its modules.
 */
function startTimer(): { phase(name: string): void; line(): string; at(): string } {
  const phases: [string, number][] = [['node and modules', performance.now()]];
  let last = performance.now();
  const at = () => `${(performance.now() / 1000).toFixed(1)} s`;
  return {
    phase(name) {
      const now = performance.now();
      phases.push([name, now - last]);
      last = now;
    },
    at,
    line: () => `[start] listening ${at()} after the process started: ${phases.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`).join(', ')}`,
  };
}

async function main(): Promise<void> {
  const timer = startTimer();
  assertNodeVersion();
  const env = getEnv();
  await assertPortFree(env.PORT, env.HOST);
  // The database opens on a thread of its own (PGlite's WebAssembly and data folder: a second
  // at 100k products) while this one checks the build and loads the server bundle
  // (docs/decisions/068). Anything that asks for the database meanwhile waits for this one.
  const opening = openDatabase();
  opening.catch(() => {}); // awaited below: an early failure is reported there, as one sentence
  setDbHandle(opening);
  const outDir = path.resolve(env.OUT_DIR);
  const force = process.argv.includes('--rebuild');
  if (!force && isBuildCurrent(outDir)) {
    console.log('[build] sources unchanged: reusing the previous build');
    await precompressOutput(outDir);
  } else {
    // A build takes a minute or more: a database that cannot be opened stops the start first.
    await opening;
    if ((await ensureBuild(outDir, { force })) === 'reused') console.log('[build] built by another start meanwhile: reusing it');
  }
  timer.phase('build check');
  await preloadBuild(outDir);
  timer.phase('server bundle');
  const handle = await opening;
  timer.phase('database open (the rest of it)');
  // With no BETTER_AUTH_SECRET, the random one kept in DATA_DIR is made now rather than at the
  // first sign-in, so a folder that cannot keep it stops the start (docs/decisions/053).
  if (env.NODE_ENV !== 'production') getAuthSecret(env);
  await prepareData(handle, { seed: true });
  timer.phase('migrations, seed and statistics');

  // The server, then the page publisher's first pages and the worker (scripts/lib/app-server.ts).
  const app = await startApp(handle, outDir, env, (name) => timer.phase(name));
  timer.phase('listen');
  console.log(timer.line());
  // Served from the first moment: a page not stored yet is rendered when it is first asked for.
  app.pages.then(
    (r) =>
      console.log(
        r.reset
          ? `[pages] rendered ${r.pages} start pages in ${(r.ms / 1000).toFixed(1)} s (stored pages reset; the others are rendered when first asked for)`
          : `[pages] catalogue pages current: ${r.pages ? `rendered ${r.pages} start pages` : 'nothing to render'}`,
      ),
    (error: unknown) => console.error('[pages] rendering the catalogue pages failed; they are rendered on demand:', error),
  );
  app.worker.then(
    (running) => running && console.log(`[jobs] worker running ${timer.at()} after the process started`),
    (error: unknown) => console.error('[jobs] the worker could not start:', error),
  );
  console.log(`\ntoolmint is running at http://${env.HOST}:${env.PORT} (database: ${handle.driver}, ${handle.location})`);

  const shutdown = async () => {
    await app.stop();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch(exitWith);
