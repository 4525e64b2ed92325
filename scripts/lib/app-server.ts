/**
 * What `npm start` runs once its database is open and its build ready: the HTTP server over
 * the build, the page publisher and the job worker, wired as scripts/start.ts describes.
 * Shared by start.ts and the server `npm run bench:search` measures (bench-server.ts), so the
 * benchmark measures the server users run (issue 30).
 *
 * The order after the server listens (docs/decisions/068): the start's pages first (the
 * landing page, then the marketplace and the directory: publisher.start()), as a visitor's
 * first request waits for them and they share the one database connection; then what no
 * request waits for: the ids that exist (until read, every address goes to its route), the
 * 404 pages of missing ids (until learnt, their routes answer them), the job worker and the
 * sweep. The worker's engine is the process's from the moment it listens: a request that
 * writes before it runs starts it at once and waits for it (jobsReady), with its commit hooks.
 */
import { setDbHandle, type DbHandle } from '@/db/database';
import { getEnv } from '@/env';
import { enqueue, startWorker, stopJobs } from '@/functions/jobs';
import { setPageRenderer } from '@/functions/rebuilds/page-refresh.job';
import { readBuildStamp } from './astro-build';
import { PagePublisher } from './page-publisher';
import { PageStore, pageStoreDir } from './page-store';
import { SiteServer } from './serve';
import { KnownIds, mergeCommitHooks } from './known-ids';

/**
 * How long the background work waits for the start's pages at most: a render that hangs must
 * not keep the worker from starting.
 */
const START_PAGES_WAIT_MS = 10_000;

export interface RunningApp {
  site: SiteServer;
  publisher: PagePublisher;
  /** The start's pages: what publisher.start() did (rejects when it failed; they are then rendered on demand). */
  pages: Promise<Awaited<ReturnType<PagePublisher['start']>>>;
  /** Resolves once the job worker runs (true), or when the app was stopped before it started (false); rejects when it could not start. */
  worker: Promise<boolean>;
  /** Stops serving and the worker, then waits for the publisher, and keeps the page store. */
  stop(): Promise<void>;
}

/** `phase`: told when each step has finished (the start's timing line, scripts/start.ts). */
export async function startApp(handle: DbHandle, outDir: string, env = getEnv(), phase: (name: string) => void = () => {}): Promise<RunningApp> {
  setDbHandle(handle);
  // The catalogue pages (docs/decisions/061): a change's commit hook marks its stored pages
  // outdated before its request answers, and its reaction renders them through the publisher.
  const publisher = new PagePublisher(handle.db, new PageStore(pageStoreDir(env.DATA_DIR)));
  setPageRenderer(publisher);
  // The ids that exist (docs/decisions/065): an address of one that does not is answered 404
  // from memory. Its hooks run from the start; until its ids are read, every address goes to its route.
  const knownIds = new KnownIds(handle.db, { shared: handle.driver !== 'pglite' });
  const afterStartPages = Promise.withResolvers<void>();
  const site = new SiteServer({ pages: publisher, knownIds, learnAfter: afterStartPages.promise });
  await site.swap(outDir);
  phase('server');
  await site.listen(env.PORT, env.HOST);
  publisher.attach(site.server.address());

  // Background jobs (docs/decisions/040): the in-process worker runs the fan-out of notices,
  // the emails and the periodic jobs: the sweep (docs/decisions/011) hourly, and once now;
  // each creator webhook delivery as it is recorded, and a fetch of each changelog source that
  // is due, found every minute (docs/decisions/060). Called now, so its engine is the one a
  // request finds; it starts once the start's pages are rendered (or a request asks for it).
  // A stop before then starts none of what waits.
  const startPages = publisher.start(`${readBuildStamp(outDir) ?? ''} ${env.SITE_URL}`);
  const stopping = Promise.withResolvers<never>();
  stopping.promise.catch(noop);
  const settled = Promise.race([startPages.then(noop, noop), new Promise((resolve) => setTimeout(resolve, START_PAGES_WAIT_MS).unref()), stopping.promise]);
  let stopped = false;
  // Every job module (functions/all-jobs.ts: payments, feeds, emails...) is loaded then, not before the server listens.
  const worker = startWorker(handle.db, () => import('@/functions/all-jobs').then((m) => m.ALL_JOBS), {
    onCommit: mergeCommitHooks(publisher.commitHooks(), knownIds.commitHooks()),
    after: settled,
  })
    .then(async () => {
      const { SWEEP_JOB } = await import('@/functions/maintenance/sweep.job');
      await enqueue(handle.db, SWEEP_JOB, {}, { singletonKey: 'start' });
      return true;
    })
    .catch((error: unknown) => {
      if (stopped) return false;
      throw error;
    });
  settled.then(() => {
    afterStartPages.resolve();
    knownIds.start().catch((error: unknown) => console.error('[ids] reading the known ids failed; every address goes to its route:', error));
  }, noop);
  return {
    site,
    publisher,
    pages: startPages,
    worker,
    async stop() {
      stopped = true;
      stopping.reject(new Error('stopped'));
      site.server.close();
      knownIds.stop();
      await worker.catch(noop);
      await stopJobs(handle.db);
      await startPages.catch(noop);
      await publisher.idle().catch(noop);
      publisher.store.persist();
    },
  };
}

const noop = () => {};
