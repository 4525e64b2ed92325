/**
 * `npm start`: migrate, seed an empty database, build when the sources changed, then serve
 * on http://HOST:PORT (default localhost:4321). The catalogue pages are rendered from the
 * database into the page store (all of them when the build or the content changed since the
 * last run, else none) and kept current as content changes, page by page (docs/decisions/015).
 */
import path from 'node:path';
import { getEnv } from '../functions/_shared/env';
import { setDbHandle } from '../db/database';
import { getBlobStore } from '../functions/_shared/blob-store';
import { runSweep } from '../functions/uploads/sweep';
import { deliverAllDueWebhooks } from '../functions/webhooks/deliveries.service';
import { runDueFeedFetches } from '../functions/tool-feeds/feed-job';
import { assertNodeVersion, assertPortFree, exitWith } from './lib/preflight';
import { openDatabase, prepareData } from './lib/prepare-data';
import { isBuildCurrent, precompressOutput, readBuildStamp, runAstroBuild } from './lib/astro-build';
import { SiteServer } from './lib/serve';
import { PagePublisher } from './lib/page-publisher';
import { PageStore } from './lib/page-store';

async function main(): Promise<void> {
  assertNodeVersion();
  const env = getEnv();
  await assertPortFree(env.PORT, env.HOST);
  const handle = await openDatabase();
  await prepareData(handle, { seed: true });
  const outDir = path.resolve(env.OUT_DIR);
  if (!isBuildCurrent(outDir) || process.argv.includes('--rebuild')) {
    await runAstroBuild({ outDir });
  } else {
    console.log('[build] sources unchanged: reusing the previous build');
    await precompressOutput(outDir);
  }

  setDbHandle(handle);
  const publisher = new PagePublisher(handle.db, new PageStore(outDir));
  const site = new SiteServer({ pages: publisher });
  await site.swap(outDir);
  await site.listen(env.PORT, env.HOST);
  publisher.attach(site.server.address());
  // Served from the first moment: a page not rendered yet is rendered on demand by its route.
  const pages = publisher
    .start(readBuildStamp(outDir) ?? '')
    .then((r) =>
      console.log(
        r.full ? `[pages] rendered ${r.pages} catalogue pages in ${(r.ms / 1000).toFixed(1)} s` : '[pages] catalogue pages current: nothing to render',
      ),
    )
    .catch((error: unknown) => console.error('[pages] rendering the catalogue pages failed; they are rendered on demand:', error));
  // The periodic sweep (docs/decisions/011): uploads attached to nothing after a day, ended
  // rate-limit windows, past view days. Once at start, then hourly.
  const sweep = () =>
    runSweep(handle.db, getBlobStore())
      .then((r) => r.uploadsDeleted && console.log(`[sweep] deleted ${r.uploadsDeleted} unattached upload(s), ${(r.bytesFreed / 1048576).toFixed(1)} MB`))
      .catch((error: unknown) => console.warn('[sweep] failed:', (error as Error).message));
  const sweepTimer = setInterval(sweep, 60 * 60 * 1000);
  sweepTimer.unref();
  void sweep();
  // Creator webhooks (docs/decisions/027): retries fall due from one minute on, so due
  // deliveries are sent every 30 seconds, not only with the hourly sweep.
  let webhooksBusy = false;
  const webhookTimer = setInterval(() => {
    if (webhooksBusy) return;
    webhooksBusy = true;
    deliverAllDueWebhooks(handle.db)
      .catch((error: unknown) => console.warn('[webhooks] delivering failed:', (error as Error).message))
      .finally(() => {
        webhooksBusy = false;
      });
  }, 30 * 1000);
  webhookTimer.unref();
  // Changelog sources of AI tools (docs/decisions/039): due sources are fetched every minute
  // (each is due hourly, or sooner after a failure), 10 per run; overlapping runs (another
  // instance, /api/cron/feeds) post each entry once.
  let feedsBusy = false;
  const feeds = () => {
    if (feedsBusy) return;
    feedsBusy = true;
    runDueFeedFetches(handle.db)
      .then((r) => r.posted && console.log(`[feeds] posted ${r.posted} tool update(s) from changelog feeds`))
      .catch((error: unknown) => console.warn('[feeds] fetching changelog sources failed:', (error as Error).message))
      .finally(() => {
        feedsBusy = false;
      });
  };
  const feedsTimer = setInterval(feeds, 60 * 1000);
  feedsTimer.unref();
  console.log(`\ntoolmint is running at http://${env.HOST}:${env.PORT} (database: ${handle.driver}, ${handle.location})`);

  const shutdown = async () => {
    clearInterval(sweepTimer);
    clearInterval(webhookTimer);
    clearInterval(feedsTimer);
    site.server.close();
    await pages;
    await publisher.idle().catch(() => {});
    publisher.stop();
    publisher.store.persist();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch(exitWith);
