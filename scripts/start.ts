/**
 * `npm start`: migrate, seed an empty database, export the content snapshot, build when
 * sources or content changed, then serve on http://HOST:PORT (default localhost:4321).
 * Publishing changes are rebuilt in the background and swapped in without a restart.
 */
import path from 'node:path';
import { getEnv } from '../functions/_shared/env';
import { setDbHandle } from '../db/database';
import { finishRequests, claimPendingRequests } from '../functions/rebuilds/rebuilds.repository';
import { getBlobStore } from '../functions/_shared/blob-store';
import { runSweep } from '../functions/uploads/sweep';
import { assertNodeVersion, assertPortFree, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';
import { isBuildCurrent, precompressOutput, runAstroBuild } from './lib/astro-build';
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
    await precompressOutput(outDir);
  }
  await finishRequests(handle.db, leftover, null);

  setDbHandle(handle);
  const site = new SiteServer(handle.db);
  await site.swap(outDir);
  const rebuilder = new Rebuilder({ db: handle.db, swap: (dir) => site.swap(dir), buildsDir: `${outDir}-rebuilds` });
  rebuilder.start();
  await site.listen(env.PORT, env.HOST);
  // The periodic sweep (docs/decisions/011): uploads attached to nothing after a day, ended
  // rate-limit windows, past view days. Once at start, then hourly.
  const sweep = () =>
    runSweep(handle.db, getBlobStore())
      .then((r) => r.uploadsDeleted && console.log(`[sweep] deleted ${r.uploadsDeleted} unattached upload(s), ${(r.bytesFreed / 1048576).toFixed(1)} MB`))
      .catch((error: unknown) => console.warn('[sweep] failed:', (error as Error).message));
  const sweepTimer = setInterval(sweep, 60 * 60 * 1000);
  sweepTimer.unref();
  void sweep();
  console.log(`\ntoolmint is running at http://${env.HOST}:${env.PORT} (database: ${handle.driver}, ${handle.location})`);

  const shutdown = async () => {
    rebuilder.stop();
    clearInterval(sweepTimer);
    site.server.close();
    await rebuilder.idle.catch(() => {});
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch(exitWith);
