/**
 * Page refreshes caused by content changes (publish, edit of a published product, unpublish,
 * archive, delete, a review, a tool update or a change of a tool's page), docs/decisions/015
 * and 061. The service that makes the change calls recordPageChange() in its transaction: the
 * change is logged in rebuild_requests with the pages it touches
 * (functions/rebuilds/affected-pages.ts) and 'pages.changed' is emitted, so the event exists
 * exactly when the change commits. After the commit the service passes what it returned to
 * afterCommit(), and then answers:
 * - embedded server (`npm start`): the commit hook the start script gave the worker marks the
 *   pages outdated and hides an unpublished product before the answer (read your writes,
 *   scripts/lib/page-publisher.ts); the reaction 'pages.refresh' renders them after it.
 * - Vercel (ISR_BYPASS_TOKEN set): the reaction revalidates the paths after the response
 *   (functions/rebuilds/page-refresh.job.ts).
 * A full build stays for deploys.
 */
import type { Db } from '@/db/database';
import { emit, type CommittedEvent, type DomainEvents, type PageChangeReason } from '../jobs';
import { contentChanged } from '../_shared/content-generation';
import { insertRebuildRequest } from './rebuilds.repository';

/** Reasons after which the product's page must stop being served at once. */
export const HIDING_REASONS: ReadonlySet<PageChangeReason> = new Set(['unpublished', 'archived', 'deleted']);

export type PageChange = DomainEvents['pages.changed'];

/**
 * In the transaction of the change (call jobsReady(db) before it): the change's log row (the
 * content mark of the stored pages reads it, readContentMark) and its 'pages.changed' event.
 * Returns the committed event to hand to afterCommit().
 */
export async function recordPageChange(trx: Db, change: PageChange): Promise<CommittedEvent> {
  await insertRebuildRequest(trx, change.reason, change.productId, change.paths);
  await emit(trx, 'pages.changed', change);
  // 'You might also like' candidates are cached for a minute by the module copy that renders
  // pages, which is the one a request's change runs in: pages rendered from now on read fresh
  // ones. (A page rendered in the milliseconds before the commit may keep the old ones for
  // their minute: other products' lists may already be minutes old, decision 015.)
  contentChanged();
  return { event: 'pages.changed', data: change };
}
