/**
 * Moderation and trust (issue 16, docs/decisions/037): reports of anything reportable, the
 * administrators' queue and their actions, every action logged.
 *
 * - Reporting (`PUT /api/reports/{kind}/{targetId}`): anyone signed in, about something the
 *   public can see (a thread, a reply, a published product, a review of one, a seller review, a
 *   profile) that is not their own. One report per reporter and target: a second while the first
 *   is open replaces its reason and note (200; the first answers 201); once the team resolved it,
 *   409 ALREADY_REPORTED.
 * - The queue (`GET /api/admin/reports?status=open|resolved`): open reports oldest first,
 *   resolved newest first, each with what it is about in context (its text, author, link, whether
 *   it is hidden or locked, whether the author is suspended).
 * - Actions (`POST /api/admin/reports/{id}/actions`), each with a reason, each logged in
 *   moderation_actions (who, what, when, why), each resolving every open report of the same
 *   target: dismiss; approve (a post held for review); hide (a thread, reply, review or
 *   profile: out of public reads; a review also leaves its product's or seller's rating);
 *   remove_product (products.service.ts removeFromMarketplace: the product status path, so the
 *   pages are re-rendered); lock_thread (a thread, or a reply's thread); suspend the author until
 *   a date, optionally hiding all of their public content in the same action (hide_all, logged
 *   too). Approving a held post sends the notices its publication would have sent, once: the
 *   event 'post.approved', to which the community reacts (functions/community/announce-approved.job.ts).
 * - Lifting a suspension early (`POST /api/admin/users/{userId}/unsuspend`, docs/decisions/042):
 *   on the user, not on a report; logged as 'unsuspend'; 409 NOT_SUSPENDED when there is none.
 *   A suspension and its lifting each tell the user: a notice in the app and a transactional
 *   email (suspension-notices.job.ts), written with the log row.
 * Only administrators (profiles.role = 'admin'); anyone else 403 FORBIDDEN (the page: a 404).
 */
import type { Db } from '@/db/database';
import type { ModerationAction, ReportStatus, ReportTargetKind } from '@/src/shared/domain';
import type {
  LiftSuspensionInput,
  ModerationActionInput,
  ModerationLogEntry,
  ModerationResult,
  Report,
  ReportInput,
  ReportQueueItem,
} from '@/src/shared/api/schemas/moderation';
import { LIMIT_DEFAULT } from '@/src/shared/api/contract';
import { isUserId, isUuid } from '@/src/shared/ids';
import { AppError } from '../_shared/errors';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { positionOf, TimeKeysetSchema } from '../_shared/keyset.repository';
import { isAdmin } from '../_shared/auth-guard';
import { removeFromMarketplace } from '../products/products.service';
import { lockProduct, recomputeProductRating } from '../product-reviews/product-reviews.repository';
import { RATING_PRIOR } from '../product-reviews/product-reviews.service';
import { lockSeller, recomputeSellerRating } from '../reviews/reviews.repository';
import { pagesShowingReviews } from '../rebuilds/affected-pages';
import { recordPageChange } from '../rebuilds/rebuilds.service';
import { afterCommit, emit, jobsReady, type CommittedEvent } from '../jobs';
import { refreshCommunityPages } from './community-pages';
import { tellOfSuspension } from './suspension-notices.job';
import {
  clearSuspension,
  findActions,
  findTargets,
  hideAllPostsOf,
  insertAction,
  listActions,
  listListedProductsOf,
  listReports,
  lockReport,
  lockSuspension,
  lockThread,
  resolveReportsOf,
  setHidden,
  setSuspension,
  upsertOpenReport,
  type LogRow,
  type ReportQueueRow,
  type TargetRow,
} from './moderation.repository';

const iso = (at: Date | string) => new Date(at).toISOString();
const isoOrNull = (at: Date | string | null | undefined) => (at ? iso(at) : null);

async function assertAdmin(db: Db, actorId: string): Promise<void> {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
}

const validTargetId = (kind: ReportTargetKind, id: string) => (kind === 'profile' ? isUserId(id) : isUuid(id));

async function findTarget(db: Db, kind: ReportTargetKind, id: string): Promise<TargetRow | undefined> {
  if (!validTargetId(kind, id)) return undefined;
  return (await findTargets(db, kind, [id])).get(id);
}

// --- Reporting -------------------------------------------------------------------------------

/** A report row as the API answers it (the reporter's view; the queue adds to it). */
function toReport(row: Pick<ReportQueueRow, 'id' | 'target_kind' | 'target_id' | 'reason' | 'note' | 'status' | 'created_at'>): Report {
  return {
    id: row.id,
    targetKind: row.target_kind,
    targetId: row.target_id,
    reason: row.reason,
    note: row.note,
    status: row.status,
    createdAt: iso(row.created_at),
  };
}

/** The caller's report of a target (created: 201, replaced: 200). */
export async function reportTarget(
  db: Db,
  reporterId: string,
  kind: ReportTargetKind,
  targetId: string,
  input: ReportInput,
): Promise<{ report: Report; created: boolean }> {
  const target = await findTarget(db, kind, targetId);
  if (!target || !target.visible) throw new AppError('REPORT_TARGET_NOT_FOUND');
  if (target.authorId === reporterId) throw new AppError('CANNOT_REPORT_OWN');
  const row = await upsertOpenReport(db, { kind, targetId, targetUserId: target.authorId, reporterId, reason: input.reason, note: input.note ?? null });
  if (!row) throw new AppError('ALREADY_REPORTED');
  return { created: Boolean(row.created), report: toReport(row) };
}

// --- The queue -------------------------------------------------------------------------------

function toTarget(row: TargetRow | undefined): ReportQueueItem['target'] {
  if (!row)
    return { exists: false, title: null, text: null, url: null, authorId: null, authorName: null, hidden: false, locked: false, authorSuspendedUntil: null };
  const until = row.authorSuspendedUntil ? new Date(row.authorSuspendedUntil) : null;
  return {
    exists: true,
    title: row.title,
    text: row.text,
    url: row.url,
    authorId: row.authorId,
    authorName: row.authorName,
    hidden: row.hidden,
    locked: row.locked,
    authorSuspendedUntil: until && until.getTime() > Date.now() ? until.toISOString() : null,
  };
}

/** Loads the targets of a page of reports: one query per kind on the page. */
async function targetsOf(db: Db, rows: ReportQueueRow[]): Promise<(row: ReportQueueRow) => TargetRow | undefined> {
  const byKind = new Map<ReportTargetKind, string[]>();
  for (const row of rows) byKind.set(row.target_kind, [...(byKind.get(row.target_kind) ?? []), row.target_id]);
  const found = new Map<string, TargetRow>();
  for (const [kind, ids] of byKind) for (const [id, target] of await findTargets(db, kind, ids)) found.set(`${kind}:${id}`, target);
  return (row) => found.get(`${row.target_kind}:${row.target_id}`);
}

function toQueueItem(row: ReportQueueRow, target: TargetRow | undefined): ReportQueueItem {
  return {
    ...toReport(row),
    reporterId: row.reporter_id,
    reporterName: row.reporter_name,
    resolution: row.resolution,
    resolvedAt: isoOrNull(row.resolved_at),
    resolvedByName: row.resolved_by_name,
    target: toTarget(target),
  };
}

/** A page of the queue: open oldest first, resolved newest first. */
export async function listReportQueue(
  db: Db,
  actorId: string,
  { status = 'open', cursor, limit = LIMIT_DEFAULT }: { status?: ReportStatus; cursor?: string | undefined; limit?: number },
): Promise<{ items: ReportQueueItem[]; nextCursor: string | null }> {
  await assertAdmin(db, actorId);
  const after = decodeCursor(cursor, TimeKeysetSchema);
  const rows = await listReports(db, status, { after, limit: limit + 1 });
  const page = pageOf(rows, limit, positionOf);
  const targetOf = await targetsOf(db, page.items);
  return { items: page.items.map((row) => toQueueItem(row, targetOf(row))), nextCursor: page.nextCursor };
}

function toLogEntry(row: LogRow): ModerationLogEntry {
  return {
    id: row.id,
    action: row.action,
    actorId: row.actor_id,
    actorName: row.actor_name,
    targetKind: row.target_kind,
    targetId: row.target_id,
    subjectUserId: row.subject_user_id,
    subjectName: row.subject_name,
    reportId: row.report_id,
    reason: row.reason,
    until: isoOrNull(row.until),
    createdAt: iso(row.created_at),
  };
}

/** The moderation log, newest first. */
export async function listModerationLog(
  db: Db,
  actorId: string,
  { cursor, limit = LIMIT_DEFAULT }: { cursor?: string | undefined; limit?: number },
): Promise<{ items: ModerationLogEntry[]; nextCursor: string | null }> {
  await assertAdmin(db, actorId);
  const rows = await listActions(db, { after: decodeCursor(cursor, TimeKeysetSchema), limit: limit + 1 });
  const page = pageOf(rows, limit, positionOf);
  return { items: page.items.map(toLogEntry), nextCursor: page.nextCursor };
}

// --- Actions ---------------------------------------------------------------------------------

/** Suspensions end within ten years: a longer one is a typo. */
const MAX_SUSPENSION_MS = 10 * 365 * 24 * 60 * 60 * 1000;

const notApplicable = (message: string) => new AppError('ACTION_NOT_APPLICABLE', message);

/** What to re-render or recount after the transaction commits. */
interface Aftermath {
  productPages: Map<string, string | null>;
  threads: Set<string>;
}

async function recountProduct(trx: Db, productId: string, after: Aftermath): Promise<void> {
  const product = await lockProduct(trx, productId);
  if (!product) return;
  await recomputeProductRating(trx, productId, RATING_PRIOR);
  if (product.status === 'published') after.productPages.set(product.id, product.ai_tool_type);
}

async function recountSeller(trx: Db, sellerId: string): Promise<void> {
  if (await lockSeller(trx, sellerId)) await recomputeSellerRating(trx, sellerId);
}

/** Hides one thing and recounts what it counted in. */
async function hideOne(trx: Db, target: TargetRow, kind: ReportTargetKind, after: Aftermath): Promise<void> {
  if (kind === 'product') throw notApplicable('A product is removed from the marketplace, not hidden');
  await setHidden(trx, kind, target.id, true);
  if (kind === 'product_review' && target.productId) await recountProduct(trx, target.productId, after);
  if (kind === 'seller_review' && target.sellerId) await recountSeller(trx, target.sellerId);
  if (target.threadId) after.threads.add(target.threadId);
}

/** Hides all of the user's public content: posts, reviews, profile (products: removeAllProducts). */
async function hideAllOf(trx: Db, userId: string, after: Aftermath): Promise<void> {
  const hidden = await hideAllPostsOf(trx, userId);
  for (const t of hidden.threads) after.threads.add(t.id);
  for (const r of hidden.replies) after.threads.add(r.thread_id);
  for (const productId of new Set(hidden.productReviews.map((r) => r.product_id))) await recountProduct(trx, productId, after);
  for (const sellerId of new Set(hidden.sellerReviews.map((r) => r.seller_id))) await recountSeller(trx, sellerId);
}

/**
 * An administrator's action on a report, logged; every open report of the same target is
 * resolved by it. 409 REPORT_RESOLVED when the report was already dealt with.
 */
export async function actOnReport(db: Db, actorId: string, reportId: string, input: ModerationActionInput): Promise<ModerationResult> {
  await assertAdmin(db, actorId);
  if (!isUuid(reportId)) throw new AppError('REPORT_NOT_FOUND');
  const { action, reason } = input;
  const first = await lockReport(db, reportId); // read only: the transaction below locks it
  if (!first) throw new AppError('REPORT_NOT_FOUND');
  if (first.status !== 'open') throw new AppError('REPORT_RESOLVED');
  const kind = first.target_kind;
  const target = await findTarget(db, kind, first.target_id);
  if (!target && action !== 'dismiss') throw notApplicable('What was reported no longer exists: dismiss the report');

  let until: Date | null = null;
  if (action === 'suspend') {
    if (!target?.authorId) throw notApplicable('This has no author to suspend');
    if (target.authorId === actorId) throw notApplicable('You cannot suspend yourself');
    until = input.until ? new Date(input.until) : null;
    const now = Date.now();
    if (!until || until.getTime() <= now || until.getTime() > now + MAX_SUSPENSION_MS)
      throw new AppError('VALIDATION_FAILED', undefined, { until: 'Choose an end date in the future (within ten years)' });
  }
  if (action === 'approve' && (first.reason !== 'held_links' || (kind !== 'thread' && kind !== 'reply')))
    throw notApplicable('Only a post held for review can be approved');
  if (action === 'remove_product' && kind !== 'product') throw notApplicable('Only a product can be removed from the marketplace');
  if (action === 'lock_thread' && kind !== 'thread' && kind !== 'reply') throw notApplicable('Only a discussion can be locked');
  if (action === 'hide_all') throw notApplicable("Suspend the author with 'hide their content' to hide all of it");
  if (action === 'unsuspend') throw notApplicable("A suspension is lifted on its user, not on a report: use 'Lift suspension' by the author's name");

  // The product status path runs its own transaction (and the pages' rebuild): before ours.
  const subject = target?.authorId ?? first.target_user_id ?? null;
  if (action === 'remove_product' && !(await removeFromMarketplace(db, first.target_id, reason))) throw notApplicable('This product is not on the marketplace');
  if (action === 'suspend' && input.hideContent && subject)
    for (const productId of await listListedProductsOf(db, subject)) await removeFromMarketplace(db, productId, reason);

  // Approving emits 'post.approved', suspending tells the user, hiding a review changes its
  // product's pages: all of them enqueue jobs in the transaction.
  await jobsReady(db);
  const after: Aftermath = { productPages: new Map(), threads: new Set() };
  const result = await db.transaction().execute(async (trx) => {
    const report = await lockReport(trx, reportId);
    if (!report || report.status !== 'open') throw new AppError('REPORT_RESOLVED');
    const logIds: string[] = [];
    const log = async (a: ModerationAction, logUntil: Date | null = null, onKind: ReportTargetKind = kind, onId: string = report.target_id) => {
      const id = await insertAction(trx, { actorId, action: a, kind: onKind, targetId: onId, subjectUserId: subject, reportId, reason, until: logUntil });
      logIds.push(id);
      return id;
    };
    if (action === 'approve' && target) {
      const post = { kind: kind as 'thread' | 'reply', id: target.id };
      // Only when this approval made it public: the people it tells are told once.
      if (await setHidden(trx, post.kind, post.id, false)) await emit(trx, 'post.approved', post);
      if (target.threadId) after.threads.add(target.threadId);
    }
    if (action === 'hide' && target) await hideOne(trx, target, kind, after);
    if (action === 'lock_thread' && target?.threadId) {
      await lockThread(trx, target.threadId);
      after.threads.add(target.threadId);
    }
    if (action === 'suspend' && subject && until) await setSuspension(trx, subject, until, reason);
    const actionId = await log(action, until);
    if (action === 'suspend' && subject) await tellOfSuspension(trx, { userId: subject, actionId });
    if (action === 'suspend' && input.hideContent && subject) {
      await hideAllOf(trx, subject, after);
      await log('hide_all', null, 'profile', subject);
    }
    const resolved = await resolveReportsOf(trx, kind, report.target_id, action, actorId);
    const pages: CommittedEvent[] = [];
    for (const [productId, toolId] of after.productPages) {
      pages.push(await recordPageChange(trx, { reason: 'review', productId, paths: pagesShowingReviews({ id: productId, toolId }) }));
    }
    return { resolved, logIds, pages };
  });

  afterCommit(db, action === 'approve' ? [...result.pages, 'post.approved'] : result.pages);
  if (after.threads.size) await refreshCommunityPages(db, [...after.threads]);
  return { resolvedReports: result.resolved, log: (await findActions(db, result.logIds)).map(toLogEntry) };
}

/**
 * Lifts a user's suspension before its end (docs/decisions/042), logged as 'unsuspend' on their
 * profile with the reason; the user gets a notice and an email. A suspension is the user's, not a
 * report's (the report behind it was resolved by the suspension), hence a route of its own. 409
 * NOT_SUSPENDED when there is none (decided under the profile's row lock: lifted once).
 */
export async function liftSuspension(db: Db, actorId: string, userId: string, input: LiftSuspensionInput): Promise<ModerationLogEntry> {
  await assertAdmin(db, actorId);
  if (!isUserId(userId)) throw new AppError('PROFILE_NOT_FOUND');
  await jobsReady(db);
  const actionId = await db.transaction().execute(async (trx) => {
    const profile = await lockSuspension(trx, userId);
    if (!profile) throw new AppError('PROFILE_NOT_FOUND');
    const until = profile.suspended_until ? new Date(profile.suspended_until) : null;
    if (!until || until.getTime() <= Date.now()) throw new AppError('NOT_SUSPENDED');
    await clearSuspension(trx, userId);
    const id = await insertAction(trx, {
      actorId,
      action: 'unsuspend',
      kind: 'profile',
      targetId: userId,
      subjectUserId: userId,
      reportId: null,
      reason: input.reason,
      until: null,
    });
    await tellOfSuspension(trx, { userId, actionId: id });
    return id;
  });
  const [entry] = await findActions(db, [actionId]);
  return toLogEntry(entry!);
}
