/**
 * `npm start`: migrate, seed an empty database, build when the sources changed, then serve
 * on http://HOST:PORT (default localhost:4321). The catalogue pages are rendered from the
 * database into the page store (all of them when the build or the content changed since the
 * last run, else none) and kept current as content changes, page by page (docs/decisions/015).
 */
import path from 'node:path';
import { getAuthSecret, getEnv } from '@/env';
import { setDbHandle } from '../db/database';
import { enqueue, startWorker, stopJobs } from '../functions/jobs';
import { ALL_JOBS } from '../functions/all-jobs';
import { SWEEP_JOB } from '../functions/maintenance/sweep.job';
import { setPageRenderer } from '../functions/rebuilds/page-refresh.job';
import { assertNodeVersion, assertPortFree, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';
import { ensureBuild, precompressOutput, readBuildStamp } from './lib/astro-build';
import { SiteServer } from './lib/serve';
import { PagePublisher } from './lib/page-publisher';
import { PageStore, pageStoreDir } from './lib/page-store';
import { KnownIds, mergeCommitHooks } from './lib/known-ids';

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

  setDbHandle(handle);
  // Background jobs (docs/decisions/040): the in-process worker runs the fan-out of notices,
  // the emails and the periodic jobs: the sweep (docs/decisions/011) hourly, and once now;
  // each creator webhook delivery as it is recorded, and a fetch of each changelog source that
  // is due, found every minute (docs/decisions/060).
  // Started before the server listens, so the first request finds it. The catalogue pages
  // (docs/decisions/061): a change's commit hook marks its stored pages outdated before its
  // request answers, and its reaction renders them through the publisher.
  const publisher = new PagePublisher(handle.db, new PageStore(pageStoreDir(env.DATA_DIR)));
  setPageRenderer(publisher);
  // The ids that exist (docs/decisions/065): an address of one that does not is answered 404
  // from memory. Its hooks run from the start; until its ids are read, every address goes to its route.
  const knownIds = new KnownIds(handle.db, { shared: handle.driver !== 'pglite' });
  await startWorker(handle.db, ALL_JOBS, { onCommit: mergeCommitHooks(publisher.commitHooks(), knownIds.commitHooks()) });
  await enqueue(handle.db, SWEEP_JOB, {}, { singletonKey: 'start' });
  const site = new SiteServer({ pages: publisher, knownIds });
  await site.swap(outDir);
  await site.listen(env.PORT, env.HOST);
  publisher.attach(site.server.address());
  knownIds.start().catch((error: unknown) => console.error('[ids] reading the known ids failed; every address goes to its route:', error));
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
    site.server.close();
    knownIds.stop();
    await stopJobs(handle.db);
    await pages;
    await publisher.idle().catch(() => {});
    publisher.store.persist();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch(exitWith);
