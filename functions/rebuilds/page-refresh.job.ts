/**
 * 'pages.refresh', the reaction to 'pages.changed' (docs/decisions/061): the stored copies of
 * the pages a change touched are made again, after the change committed and the request
 * answered, with pg-boss's retries.
 * - A process that serves stored pages (`npm start`: scripts/start.ts hands its page publisher
 *   to setPageRenderer before it starts the worker) renders them into its page store.
 * - On Vercel (ISR_BYPASS_TOKEN set) they are revalidated on demand (revalidate.ts).
 * - Elsewhere (a process without stored pages: `astro dev`, the tests' drains) nothing is stored,
 *   so there is nothing to do.
 * A failure throws, so the job is retried with backoff. Run twice, it renders or revalidates the
 * same pages twice: one effect, the current page.
 */
import type { Db } from '@/db/database';
import { defineJob, defineReaction, schedule } from '@/functions/jobs';
import { getEnv } from '@/env';
import { revalidateFigures } from './figures';
import { revalidatePaths } from './revalidate';

const PAGE_REFRESH_JOB = 'pages.refresh';
export const PAGE_FIGURES_JOB = 'pages.figures';

/** What makes the pages again (scripts/lib/page-publisher.ts PagePublisher, or isrRevalidator): throws when a page could not be made. */
interface PageRenderer {
  refresh(paths: readonly string[]): Promise<void>;
  /** Makes again, at a bounded rate, the pages whose figures changed (docs/decisions/064 and 073); `db` is the job's. */
  refreshFigures?(db: Db): Promise<unknown>;
}

/**
 * The worker runs the job modules of the script that started it, so the start script sets its
 * publisher here, in its own copy of this module, before it starts the worker.
 */
let renderer: PageRenderer | undefined;

export function setPageRenderer(next: PageRenderer | undefined): void {
  renderer = next;
}

const notRevalidated = (failures: readonly string[]) => new Error(`${failures.length} page(s) not revalidated: ${failures.join(', ')}`);

/**
 * Vercel's: each path revalidated on demand; a failure (retried with backoff) leaves the CDN its
 * copy until then. The figures pass revalidates the pages whose figures changed
 * (functions/rebuilds/figures.ts); one that fails stays due for the next pass, and the pass
 * fails so that the jobs page shows it.
 */
export function isrRevalidator(siteUrl: string, token: string): PageRenderer {
  return {
    async refresh(paths) {
      const failures = await revalidatePaths(siteUrl, paths, token);
      if (failures.length) throw notRevalidated(failures);
    },
    async refreshFigures(db) {
      const pass = await revalidateFigures(db, siteUrl, token);
      if (pass.failed.length) throw notRevalidated(pass.failed);
      return pass;
    },
  };
}

/** The one set by the start script, else Vercel's when ISR_BYPASS_TOKEN is set, else none. */
function currentRenderer(): PageRenderer | undefined {
  if (renderer) return renderer;
  const { ISR_BYPASS_TOKEN, SITE_URL } = getEnv();
  return ISR_BYPASS_TOKEN ? isrRevalidator(SITE_URL, ISR_BYPASS_TOKEN) : undefined;
}

defineReaction('pages.changed', PAGE_REFRESH_JOB, async ({ paths }) => currentRenderer()?.refresh(paths), {
  // Several changes at once: a change's own page is not held up by the pages of the changes
  // before it, whose renders it shares (the publisher renders those one at a time, decision 069).
  concurrency: 4,
  // Retry soon, and for a while: no age-based refresh follows (decision 073: ISR keeps a page
  // until it is revalidated), so a page whose refresh failed keeps its old copy until then.
  retryLimit: 10,
  retryDelay: 5,
  retryDelayMax: 300,
  expireInSeconds: 5 * 60,
});

/**
 * 'pages.figures', every minute (docs/decisions/064 and 073): the figures that move without a
 * content change (views, downloads, followers, a seller's rating) reach the pages that show them,
 * a bounded number of pages per pass: the stored pages of a process that stores pages, the ISR
 * pages on Vercel, where the cron route's drain sends it at most once a minute (as often as
 * vercel.json calls it). A pass missed is made up by the next one: not retried.
 */
defineJob<Record<string, never>>(
  PAGE_FIGURES_JOB,
  async (_data, { db }) => {
    await currentRenderer()?.refreshFigures?.(db);
  },
  {
    retryLimit: 0,
    policy: 'short',
    expireInSeconds: 5 * 60,
  },
);
schedule(PAGE_FIGURES_JOB, '* * * * *');
