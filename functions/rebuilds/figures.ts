/**
 * The figures pass (docs/decisions/064 and 073): the figures a catalogue page shows without a
 * content change (views, downloads, a creator's followers and seller rating, a tool's followers)
 * reach the pages that show them through the periodic job 'pages.figures', a bounded number of
 * pages a pass, never because someone read a page.
 * - The rules both deployments share: which pages show a changed figure (pagesShowingFigures),
 *   the bound per pass, and where the next pass reads from (nextFiguresSince).
 * - The embedded server renders its stored pages (scripts/lib/page-publisher.ts refreshFigures).
 * - On Vercel (revalidateFigures, called by the job through isrRevalidator): the position and
 *   the pages still due live in the database, since no process stays up between two cron calls,
 *   and each page due is revalidated on demand (revalidate.ts), as a content change's are.
 */
import type { Db } from '@/db/database';
import { pagesShowingTool, productPath } from './affected-pages';
import {
  addFiguresPending,
  countFiguresPending,
  listFigureChanges,
  listFiguresPending,
  readFiguresPosition,
  removeFiguresPending,
  saveFiguresPosition,
  type FigureChange,
} from './rebuilds.repository';
import { revalidatePaths } from './revalidate';

/** Pages a pass renders or revalidates at most (about 12 ms of CPU each here): a bounded share of a core, whatever the traffic. */
export const FIGURES_PAGES_PER_PASS = 120;
/** Figure changes of each kind read at most per pass (ids in memory). */
export const FIGURES_READ_LIMIT = 5000;
/**
 * A pass reads again the changes of the last seconds before the newest it read: a transaction
 * that stamped a figure just before and committed just after a pass is seen by the next one.
 */
const FIGURES_OVERLAP_MS = 5000;

/**
 * On Vercel a pass may catch up on the minutes since the last one (a Hobby plan's cron calls
 * once a day): the bound per minute times the minutes elapsed, at most ten passes' worth, and no
 * batch started after FIGURES_PASS_MS. The drain may start this job at its 25th second (decision
 * 040) and a batch may take its 10 s timeout: 25 + 15 + 10 s, inside the function's 60 s.
 */
const FIGURES_CATCH_UP_PASSES = 10;
const FIGURES_PASS_MS = 15_000;
/** Revalidations in flight at once: each is a render by a function of the deployment. */
const REVALIDATIONS_AT_ONCE = 10;

/**
 * The catalogue pages that show a changed figure: a product's page, the landing page and the
 * marketplace (cards, trending picks) and its tool's pages; for a tool's followers, its pages
 * and the directory. A creator's change comes as one per published product of theirs.
 */
export function pagesShowingFigures(change: Pick<FigureChange, 'productId' | 'toolId' | 'hasDetailPage'>): string[] {
  const toolPages = pagesShowingTool(change.toolId, change.hasDetailPage).filter((p) => p.startsWith('/tools/'));
  if (change.productId) return [productPath(change.productId), '/', '/marketplace', ...toolPages];
  return change.toolId ? ['/ai-tools', ...toolPages] : [];
}

/** Where the next pass reads from: past a full read, after its last change; else a little before it. */
export function nextFiguresSince(since: Date, read: { latest: Date; full: boolean }): Date {
  if (read.full) return read.latest;
  return new Date(Math.max(since.getTime(), read.latest.getTime() - FIGURES_OVERLAP_MS));
}

/** One change, as the next pass would read it again: what moved, and when. */
function figureChangeKey(change: FigureChange): string {
  return `${change.productId ?? ''}|${change.toolId ?? ''}|${change.at.getTime()}`;
}

interface FiguresRevalidation {
  revalidated: number;
  failed: string[];
  /** Pages still due after the pass. */
  left: number;
}

/**
 * The figures pass on Vercel: reads the figure changes after the stored position, adds the
 * pages that show them to the pages due (each with its oldest change), moves the position (one
 * transaction: a pass that dies later loses nothing), then revalidates the pages due, oldest
 * change first, at most the bound for the minutes since the last pass. A page that fails stays
 * due for the next pass. The first pass only sets the position: pages ISR renders after it are
 * current, and a deploy starts with an empty cache.
 */
export async function revalidateFigures(db: Db, siteUrl: string, token: string): Promise<FiguresRevalidation> {
  const { position, now } = await readFiguresPosition(db);
  const since = position?.since ?? now;
  const read = await listFigureChanges(db, since, FIGURES_READ_LIMIT);
  const seen = new Set(position?.seen ?? []);
  const due = new Map<string, Date>();
  for (const change of read.changes) {
    if (seen.has(figureChangeKey(change))) continue;
    for (const p of pagesShowingFigures(change)) if ((due.get(p)?.getTime() ?? Infinity) > change.at.getTime()) due.set(p, change.at);
  }
  const next = nextFiguresSince(since, read);
  await db.transaction().execute(async (trx) => {
    await addFiguresPending(
      trx,
      [...due].map(([path, at]) => ({ path, at })),
    );
    await saveFiguresPosition(trx, {
      since: next,
      passedAt: now,
      // The changes the next pass reads again and must not count twice (at or after `next`:
      // a Date keeps milliseconds, the database's stamp microseconds).
      seen: read.changes.filter((c) => c.at.getTime() >= next.getTime()).map(figureChangeKey),
    });
  });

  const minutes = position ? Math.floor((now.getTime() - position.passedAt.getTime()) / 60_000) : 1;
  const allowance = FIGURES_PAGES_PER_PASS * Math.min(FIGURES_CATCH_UP_PASSES, Math.max(1, minutes));
  const pages = await listFiguresPending(db, allowance);
  const deadline = Date.now() + FIGURES_PASS_MS;
  const failed: string[] = [];
  let revalidated = 0;
  for (let i = 0; i < pages.length && Date.now() < deadline; i += REVALIDATIONS_AT_ONCE) {
    const batch = pages.slice(i, i + REVALIDATIONS_AT_ONCE);
    const failures = new Set(await revalidatePaths(siteUrl, batch, token));
    const done = batch.filter((p) => !failures.has(p));
    await removeFiguresPending(db, done);
    revalidated += done.length;
    failed.push(...failures);
  }
  return { revalidated, failed, left: await countFiguresPending(db) };
}
