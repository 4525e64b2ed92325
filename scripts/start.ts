/**
 * `npm start`: migrate, seed an empty database, export the content snapshot, build when
 * sources or content changed, then serve on http://HOST:PORT (default localhost:4321).
 * Publishing changes are rebuilt in the background and swapped in without a restart.
 */
import path from 'node:path';
import { getEnv } from '../functions/_shared/env';
import { setDbHandle } from '../db/database';
import { finishRequests, claimPendingRequests } from '../functions/rebuilds/rebuilds.repository';
import { assertNodeVersion, assertPortFree, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';
import { isBuildCurrent, runAstroBuild } from './lib/astro-build';
import { SiteServer } from './lib/serve';
import { Rebuilder } from './lib/rebuilder';

async function main(): Promise<void> {
  assertNodeVersion();
  const env = getEnv();
  await assertPortFree(env.PORT, env.HOST);
  const handle = await openDatabase();
  const { snapshot } = await prepareData(handle, { seed: true });
  // Requests left from a previous run are covered by the snapshot just exported and the build below.
  const leftover = await claimPendingRequests(handle.db);
  const outDir = path.resolve(env.OUT_DIR);
  if (!isBuildCurrent(outDir, snapshot) || process.argv.includes('--rebuild')) {
    await runAstroBuild({ snapshotFile: snapshot, outDir });
  } else {
    console.log('[build] sources and content unchanged: reusing the previous build');
  }
  await finishRequests(handle.db, leftover, null);

  setDbHandle(handle);
  const site = new SiteServer(handle.db);
  await site.swap(outDir);
  const rebuilder = new Rebuilder({ db: handle.db, swap: (dir) => site.swap(dir), buildsDir: `${outDir}-rebuilds` });
  rebuilder.start();
  await site.listen(env.PORT, env.HOST);
  console.log(`\ntoolmint is running at http://${env.HOST}:${env.PORT} (database: ${handle.driver}, ${handle.location})`);

  const shutdown = async () => {
    rebuilder.stop();
    site.server.close();
    await rebuilder.idle.catch(() => {});
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch(exitWith);
