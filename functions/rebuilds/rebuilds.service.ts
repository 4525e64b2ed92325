/**
 * Page refreshes triggered by content changes (publish, edit of a published product,
 * unpublish, archive, delete, a tool update): every change is recorded in rebuild_requests
 * with the pages it touches (functions/rebuilds/affected-pages.ts), then those pages, and
 * only those, are re-rendered (docs/decisions/015):
 * - embedded server (`npm start`): the serving process registered a listener
 *   (scripts/lib/page-publisher.ts) that renders the paths through the site's own routes and
 *   writes them into the live output atomically; an unpublished product is hidden at once.
 * - Vercel (ISR_BYPASS_TOKEN set): the paths are revalidated on demand (functions/rebuilds/revalidate.ts).
 * A full build stays for deploys.
 */
import type { Db } from '@/db/database';
import { getEnv } from '@/env';
import { contentChanged } from '../_shared/content-generation';
import { claimPendingRequests, finishRequests, insertRebuildRequest } from './rebuilds.repository';
import { revalidatePaths } from './revalidate';

/** Product changes, a tool update (the directory and tool pages show each tool's latest update date), and a product review (its rating). */
export type RebuildReason = 'published' | 'updated' | 'unpublished' | 'archived' | 'deleted' | 'tool_update' | 'review' | 'tool_changed';

/** Reasons after which the product's page must stop being served at once. */
export const HIDING_REASONS: ReadonlySet<RebuildReason> = new Set(['unpublished', 'archived', 'deleted']);

export interface PageChange {
  reason: RebuildReason;
  productId: string | null;
  paths: string[];
}

type Listener = (change: PageChange) => void;
const LISTENER_KEY = Symbol.for('toolmint.pageChangeListener');
type GlobalWithListener = typeof globalThis & { [LISTENER_KEY]?: Listener };

/** The serving process registers how it refreshes pages (kept on globalThis: the server bundle and the start script are separate module instances). */
export function registerRebuildListener(listener: Listener | undefined): void {
  (globalThis as GlobalWithListener)[LISTENER_KEY] = listener;
}

/** Where and how pages are revalidated on Vercel; undefined elsewhere. */
function isrFromEnv(): { siteUrl: string; token: string } | undefined {
  const { ISR_BYPASS_TOKEN, SITE_URL } = getEnv();
  return ISR_BYPASS_TOKEN ? { siteUrl: SITE_URL, token: ISR_BYPASS_TOKEN } : undefined;
}

export async function requestRebuild(db: Db, reason: RebuildReason, productId: string | null, paths: string[], isr = isrFromEnv()): Promise<void> {
  await insertRebuildRequest(db, reason, productId, paths);
  contentChanged();
  const listener = (globalThis as GlobalWithListener)[LISTENER_KEY];
  if (listener) {
    listener({ reason, productId, paths });
    return;
  }
  if (isr) await revalidatePending(db, isr.siteUrl, isr.token);
}

/** Vercel: revalidates the paths of every pending request (this one and any a failed call left). */
async function revalidatePending(db: Db, siteUrl: string, token: string): Promise<void> {
  const claimed = await claimPendingRequests(db);
  if (!claimed.length) return;
  const failures = await revalidatePaths(siteUrl, [...new Set(claimed.flatMap((r) => r.paths))], token);
  // The change itself is saved; a failed revalidation only leaves the cached page until the next change or deploy.
  if (failures.length) console.warn(`[revalidate] ${failures.length} page(s) not revalidated: ${failures.join(', ')}`);
  await finishRequests(
    db,
    claimed.map((r) => r.id),
    failures.length ? `not revalidated: ${failures.join(', ')}`.slice(0, 500) : null,
  );
}
