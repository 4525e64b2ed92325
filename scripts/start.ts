/**
 * `npm start`: migrate, seed an empty database, build when the sources changed, then serve
 * on http://HOST:PORT (default localhost:4321). The catalogue pages are rendered from the
 * database into the page store (all of them when the build or the content changed since the
 * last run, else none) and kept current as content changes, page by page (docs/decisions/015).
 */
import path from 'node:path';
import { getAuthSecret, getEnv } from '@/env';
import { assertNodeVersion, assertPortFree, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';
import { ensureBuild, precompressOutput, readBuildStamp } from './lib/astro-build';
import { startApp } from './lib/app-server';

async function main(): Promise<void> {
  assertNodeVersion();
  const env = getEnv();
  await assertPortFree(env.PORT, env.HOST);
  const handle = await openDatabase();
  // With no BETTER_AUTH_SECRET, the random one kept in DATA_DIR is made now rather than at the
  // first sign-in, so a folder that cannot keep it stops the start (docs/decisions/053).
  if (env.NODE_ENV !== 'production') getAuthSecret(env);
  await prepareData(handle, { seed: true });
  const outDir = path.resolve(env.OUT_DIR);
  if ((await ensureBuild(outDir, { force: process.argv.includes('--rebuild') })) === 'reused') {
    console.log('[build] sources unchanged: reusing the previous build');
    await precompressOutput(outDir);
  }

  // The worker, the page publisher and the server (scripts/lib/app-server.ts).
  const { publisher, stop } = await startApp(handle, outDir, env);
  // Served from the first moment: a page not rendered yet is rendered on demand by its route.
  const pages = publisher
    // The stored pages hold the origin (canonical URLs): another origin renders them again.
    .start(`${readBuildStamp(outDir) ?? ''} ${env.SITE_URL}`)
    .then((r) =>
      console.log(
        r.full ? `[pages] rendered ${r.pages} catalogue pages in ${(r.ms / 1000).toFixed(1)} s` : '[pages] catalogue pages current: nothing to render',
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
