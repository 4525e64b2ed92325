/**
 * `npm start`: migrate, seed an empty database, export the content snapshot, build when
 * sources or content changed, then serve on http://HOST:PORT (default localhost:4321).
 */
import path from 'node:path';
import { getEnv } from '../functions/_shared/env';
import { setDbHandle } from '../db/database';
import { assertNodeVersion, assertPortFree, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';
import { isBuildCurrent, runAstroBuild } from './lib/astro-build';
import { listen, loadHandler } from './lib/serve';

async function main(): Promise<void> {
  assertNodeVersion();
  const env = getEnv();
  await assertPortFree(env.PORT, env.HOST);
  const handle = await openDatabase();
  const { snapshot } = await prepareData(handle, { seed: true });
  const outDir = path.resolve('dist');
  if (!isBuildCurrent(outDir, snapshot) || process.argv.includes('--rebuild')) {
    await runAstroBuild({ snapshotFile: snapshot, outDir });
  } else {
    console.log('[build] sources and content unchanged: reusing the previous build');
  }
  setDbHandle(handle);
  const handler = await loadHandler(outDir);
  const server = await listen(handler, env.PORT, env.HOST);
  console.log(`\ntoolmint is running at http://${env.HOST}:${env.PORT} (database: ${handle.driver}, ${handle.location})`);

  const shutdown = async () => {
    server.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch(exitWith);
