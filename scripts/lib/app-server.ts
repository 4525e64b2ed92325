/**
 * What `npm start` runs once its database is open and its build ready: the job worker, the
 * page publisher and the HTTP server over the build, wired as scripts/start.ts describes.
 * Shared by start.ts and the server `npm run bench:search` measures (bench-server.ts), so the
 * benchmark measures the server users run (issue 30).
 */
import { setDbHandle, type DbHandle } from '@/db/database';
import { getEnv } from '@/env';
import { enqueue, startWorker, stopJobs } from '@/functions/jobs';
import { ALL_JOBS } from '@/functions/all-jobs';
import { SWEEP_JOB } from '@/functions/maintenance/sweep.job';
import { setPageRenderer } from '@/functions/rebuilds/page-refresh.job';
import { PagePublisher } from './page-publisher';
import { PageStore, pageStoreDir } from './page-store';
import { SiteServer } from './serve';
import { KnownIds, mergeCommitHooks } from './known-ids';

export interface RunningApp {
  site: SiteServer;
  publisher: PagePublisher;
  /** Stops serving and the worker, then waits for `pending` and the publisher, and keeps the page store. */
  stop(pending?: Promise<unknown>): Promise<void>;
}

/** `phase`: told when each step has finished (the start's timing line, scripts/start.ts). */
export async function startApp(handle: DbHandle, outDir: string, env = getEnv(), phase: (name: string) => void = () => {}): Promise<RunningApp> {
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
  phase('job worker');
  const site = new SiteServer({ pages: publisher, knownIds });
  await site.swap(outDir);
  phase('server bundle');
  await site.listen(env.PORT, env.HOST);
  publisher.attach(site.server.address());
  knownIds.start().catch((error: unknown) => console.error('[ids] reading the known ids failed; every address goes to its route:', error));
  return {
    site,
    publisher,
    async stop(pending) {
      site.server.close();
      knownIds.stop();
      await stopJobs(handle.db);
      await pending;
      await publisher.idle().catch(() => {});
      publisher.store.persist();
    },
  };
}
