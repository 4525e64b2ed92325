/**
 * Every query of moderation (issue 16, docs/decisions/037): reports, the moderation log, what a
 * report is about (its text, author and place, per kind) and the columns the actions change
 * (hidden_at, locked_at, suspended_until).
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { ModerationAction, ReportRowReason, ReportStatus, ReportTargetKind } from '@/src/shared/domain';
import { timeKey, type TimeKeyset } from '../_shared/keyset.repository';

// --- Reports ---------------------------------------------------------------------------------

/**
 * Creates the reporter's report of the target, or replaces the reason and note of their open
 * one; `created` tells which. A resolved one is left alone (undefined): the caller answers 409.
 */
export async function upsertOpenReport(
  db: Db,
  values: { kind: ReportTargetKind; targetId: string; targetUserId: string | null; reporterId: string; reason: ReportRowReason; note: string | null },
) {
  return db
    .insertInto('reports')
    .values({
      target_kind: values.kind,
      target_id: values.targetId,
      target_user_id: values.targetUserId,
      reporter_id: values.reporterId,
      reason: values.reason,
      note: values.note,
    })
    .onConflict((oc) =>
      oc.columns(['target_kind', 'target_id', 'reporter_id']).doUpdateSet({ reason: values.reason, note: values.note }).where('reports.status', '=', 'open'),
    )
    .returning(['id', 'target_kind', 'target_id', 'reason', 'note', 'status', 'created_at', sql<boolean>`(xmax = 0)`.as('created')])
    .executeTakeFirst();
}

/** The queue's own entry for a post held for review (no reporter). */
export async function insertHeldReport(db: Db, values: { kind: ReportTargetKind; targetId: string; authorId: string }) {
  const waiting = await db
    .selectFrom('reports')
    .select('id')
    .where('target_kind', '=', values.kind)
    .where('target_id', '=', values.targetId)
    .where('status', '=', 'open')
    .where('reason', '=', 'held_links')
    .executeTakeFirst();
  if (waiting) return;
  await db
    .insertInto('reports')
    .values({ target_kind: values.kind, target_id: values.targetId, target_user_id: values.authorId, reporter_id: null, reason: 'held_links', note: null })
    .execute();
}

function selectQueue(db: Db) {
  return db
    .selectFrom('reports as r')
    .leftJoin('profiles as rp', 'rp.id', 'r.reporter_id')
    .leftJoin('profiles as rb', 'rb.id', 'r.resolved_by')
    .select([
      'r.id',
      'r.target_kind',
      'r.target_id',
      'r.target_user_id',
      'r.reporter_id',
      'r.reason',
      'r.note',
      'r.status',
      'r.resolution',
      'r.resolved_at',
      'r.created_at',
      'rp.full_name as reporter_name',
      'rb.full_name as resolved_by_name',
      timeKey('r.created_at').as('cursor_at'),
    ]);
}
export type ReportQueueRow = Awaited<ReturnType<ReturnType<typeof selectQueue>['execute']>>[number];

/** Open reports oldest first, resolved ones newest first (reports_queue_idx). */
export async function listReports(db: Db, status: ReportStatus, options: { after?: TimeKeyset | null; limit: number }): Promise<ReportQueueRow[]> {
  let query = selectQueue(db).where('r.status', '=', status);
  const a = options.after;
  if (status === 'open') {
    if (a) query = query.where(sql<boolean>`(r.created_at, r.id) > (${a.at}::timestamptz, ${a.id}::uuid)`);
    return query.orderBy('r.created_at', 'asc').orderBy('r.id', 'asc').limit(options.limit).execute();
  }
  if (a) query = query.where(sql<boolean>`(r.created_at, r.id) < (${a.at}::timestamptz, ${a.id}::uuid)`);
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(options.limit).execute();
}

export async function lockReport(db: Db, id: string) {
  return db.selectFrom('reports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Resolves every open report of the target (the action dealt with all of them); their ids. */
export async function resolveReportsOf(db: Db, kind: ReportTargetKind, targetId: string, resolution: ModerationAction, actorId: string): Promise<string[]> {
  const rows = await db
    .updateTable('reports')
    .set({ status: 'resolved', resolution, resolved_by: actorId, resolved_at: sql`now()` })
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('status', '=', 'open')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

// --- The log ---------------------------------------------------------------------------------

export async function insertAction(
  db: Db,
  values: {
    actorId: string;
    action: ModerationAction;
    kind: ReportTargetKind;
    targetId: string;
    subjectUserId: string | null;
    reportId: string | null;
    reason: string;
    until: Date | null;
  },
): Promise<string> {
  const row = await db
    .insertInto('moderation_actions')
    .values({
      actor_id: values.actorId,
      action: values.action,
      target_kind: values.kind,
      target_id: values.targetId,
      subject_user_id: values.subjectUserId,
      report_id: values.reportId,
      reason: values.reason,
      until: values.until,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function selectLog(db: Db) {
  return db
    .selectFrom('moderation_actions as a')
    .leftJoin('profiles as ap', 'ap.id', 'a.actor_id')
    .leftJoin('profiles as sp', 'sp.id', 'a.subject_user_id')
    .select([
      'a.id',
      'a.action',
      'a.actor_id',
      'a.target_kind',
      'a.target_id',
      'a.subject_user_id',
      'a.report_id',
      'a.reason',
      'a.until',
      'a.created_at',
      'ap.full_name as actor_name',
      'sp.full_name as subject_name',
      timeKey('a.created_at').as('cursor_at'),
    ]);
}
export type LogRow = Awaited<ReturnType<ReturnType<typeof selectLog>['execute']>>[number];

/** The log newest first (moderation_actions_newest_idx). */
export async function listActions(db: Db, options: { after?: TimeKeyset | null; limit: number }): Promise<LogRow[]> {
  let query = selectLog(db);
  if (options.after) query = query.where(sql<boolean>`(a.created_at, a.id) < (${options.after.at}::timestamptz, ${options.after.id}::uuid)`);
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(options.limit).execute();
}

export async function findActions(db: Db, ids: string[]): Promise<LogRow[]> {
  if (!ids.length) return [];
  return selectLog(db).where('a.id', 'in', ids).orderBy('a.created_at', 'asc').execute();
}

// --- Targets ---------------------------------------------------------------------------------

/** What a report is about, in context. */
export interface TargetRow {
  id: string;
  authorId: string | null;
  authorName: string | null;
  title: string | null;
  text: string | null;
  url: string | null;
  /** Publicly visible now (published product, review of a published product, a post not deleted). */
  visible: boolean;
  hidden: boolean;
  locked: boolean;
  /** The thread of a thread or reply. */
  threadId: string | null;
  /** The product of a product or product review. */
  productId: string | null;
  /** The seller of a seller review. */
  sellerId: string | null;
  authorSuspendedUntil: Date | string | null;
}

const uuidOnly = (ids: string[]) => ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));

/** The parts of a TargetRow every kind has; the rest default to "none" (not locked, no thread, product or seller). */
type TargetFields = Omit<TargetRow, 'locked' | 'threadId' | 'productId' | 'sellerId'> &
  Partial<Pick<TargetRow, 'locked' | 'threadId' | 'productId' | 'sellerId'>>;

function targetRow(fields: TargetFields): TargetRow {
  return { locked: false, threadId: null, productId: null, sellerId: null, ...fields };
}

/** A product review's or a seller review's row: the same columns in both tables. */
interface ReviewRow {
  id: string;
  reviewer_id: string;
  full_name: string | null;
  suspended_until: Date | string | null;
  review_text: string | null;
  hidden_at: Date | string | null;
}

/** A review as a target: its reviewer is its author; where it is shown and whose rating it counts in differ by kind. */
function reviewTarget(r: ReviewRow, place: Pick<TargetRow, 'title' | 'url' | 'visible'> & Partial<Pick<TargetRow, 'productId' | 'sellerId'>>): TargetRow {
  return targetRow({
    id: r.id,
    authorId: r.reviewer_id,
    authorName: r.full_name,
    text: r.review_text,
    hidden: Boolean(r.hidden_at),
    authorSuspendedUntil: r.suspended_until,
    ...place,
  });
}

/** A thread's or a reply's row: the same columns in both. */
interface PostRow {
  id: string;
  author_id: string;
  full_name: string | null;
  suspended_until: Date | string | null;
  body: string;
  hidden_at: Date | string | null;
  deleted_at: Date | string | null;
  locked_at: Date | string | null;
}

/** A community post as a target: public unless deleted or hidden; locked with its discussion. */
function postTarget(r: PostRow, place: Pick<TargetRow, 'title' | 'url' | 'threadId'>): TargetRow {
  return targetRow({
    id: r.id,
    authorId: r.author_id,
    authorName: r.full_name,
    text: r.body,
    visible: !r.deleted_at && !r.hidden_at,
    hidden: Boolean(r.hidden_at),
    locked: Boolean(r.locked_at),
    authorSuspendedUntil: r.suspended_until,
    ...place,
  });
}

/** The targets of one kind, by id (one query per kind). */
export async function findTargets(db: Db, kind: ReportTargetKind, rawIds: string[]): Promise<Map<string, TargetRow>> {
  const ids = kind === 'profile' ? rawIds : uuidOnly(rawIds);
  if (!ids.length) return new Map();
  const rows = await findTargetRows(db, kind, ids);
  return new Map(rows.map((row) => [row.id, row]));
}

async function findTargetRows(db: Db, kind: ReportTargetKind, ids: string[]): Promise<TargetRow[]> {
  if (kind === 'product') {
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('profiles as a', 'a.id', 'p.creator_id')
      .select(['p.id', 'p.creator_id', 'a.full_name', 'a.suspended_until', 'p.title', 'p.short_description', 'p.status', 'p.removed_at'])
      .where('p.id', 'in', ids)
      .execute();
    return rows.map((r) =>
      targetRow({
        id: r.id,
        authorId: r.creator_id,
        authorName: r.full_name,
        title: r.title,
        text: r.short_description,
        url: `/product/${r.id}`,
        visible: r.status === 'published',
        hidden: Boolean(r.removed_at),
        productId: r.id,
        authorSuspendedUntil: r.suspended_until,
      }),
    );
  }
  if (kind === 'product_review') {
    const rows = await db
      .selectFrom('product_reviews as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .innerJoin('profiles as a', 'a.id', 'r.reviewer_id')
      .select([
        'r.id',
        'r.reviewer_id',
        'a.full_name',
        'a.suspended_until',
        'r.review_text',
        'r.rating',
        'r.hidden_at',
        'p.id as product_id',
        'p.title',
        'p.status',
      ])
      .where('r.id', 'in', ids)
      .execute();
    return rows.map((r) =>
      reviewTarget(r, {
        title: `${r.rating}-star review of “${r.title}”`,
        url: `/product/${r.product_id}#reviews`,
        visible: r.status === 'published' && !r.hidden_at,
        productId: r.product_id,
      }),
    );
  }
  if (kind === 'seller_review') {
    const rows = await db
      .selectFrom('seller_reviews as r')
      .innerJoin('profiles as a', 'a.id', 'r.reviewer_id')
      .innerJoin('profiles as s', 's.id', 'r.seller_id')
      .select([
        'r.id',
        'r.reviewer_id',
        'a.full_name',
        'a.suspended_until',
        'r.review_text',
        'r.rating',
        'r.hidden_at',
        'r.seller_id',
        's.full_name as seller_name',
      ])
      .where('r.id', 'in', ids)
      .execute();
    return rows.map((r) =>
      reviewTarget(r, {
        title: `${r.rating}-star review of ${r.seller_name ?? 'a seller'}`,
        url: `/profile/${r.seller_id}`,
        visible: !r.hidden_at,
        sellerId: r.seller_id,
      }),
    );
  }
  if (kind === 'profile') {
    const rows = await db
      .selectFrom('profiles as a')
      .select(['a.id', 'a.full_name', 'a.bio', 'a.company', 'a.website', 'a.hidden_at', 'a.deleted_at', 'a.suspended_until'])
      .where('a.id', 'in', ids)
      .execute();
    return rows.map((r) =>
      targetRow({
        id: r.id,
        authorId: r.id,
        authorName: r.full_name,
        title: r.full_name,
        text: [r.company, r.bio, r.website].filter(Boolean).join('\n') || null,
        url: `/profile/${r.id}`,
        visible: !r.deleted_at && !r.hidden_at,
        hidden: Boolean(r.hidden_at),
        authorSuspendedUntil: r.suspended_until,
      }),
    );
  }
  if (kind === 'thread') {
    const rows = await db
      .selectFrom('community_threads as t')
      .innerJoin('profiles as a', 'a.id', 't.author_id')
      .select(['t.id', 't.author_id', 'a.full_name', 'a.suspended_until', 't.title', 't.body', 't.hidden_at', 't.locked_at', 't.deleted_at'])
      .where('t.id', 'in', ids)
      .execute();
    return rows.map((r) => postTarget(r, { title: r.title, url: `/community/${r.id}`, threadId: r.id }));
  }
  const rows = await db
    .selectFrom('community_replies as r')
    .innerJoin('community_threads as t', 't.id', 'r.thread_id')
    .innerJoin('profiles as a', 'a.id', 'r.author_id')
    .select(['r.id', 'r.author_id', 'a.full_name', 'a.suspended_until', 'r.body', 'r.hidden_at', 'r.deleted_at', 't.id as thread_id', 't.title', 't.locked_at'])
    .where('r.id', 'in', ids)
    .execute();
  return rows.map((r) => postTarget(r, { title: `Reply in “${r.title}”`, url: `/community/${r.thread_id}#reply-${r.id}`, threadId: r.thread_id }));
}

// --- Actions' writes -------------------------------------------------------------------------

type HideableKind = 'thread' | 'reply' | 'product_review' | 'seller_review' | 'profile';
const HIDE_TABLE = {
  thread: 'community_threads',
  reply: 'community_replies',
  product_review: 'product_reviews',
  seller_review: 'seller_reviews',
  profile: 'profiles',
} as const satisfies Record<HideableKind, string>;

/** Sets or clears hidden_at of one thing; whether it changed. */
export async function setHidden(db: Db, kind: HideableKind, id: string, hidden: boolean): Promise<boolean> {
  const table = HIDE_TABLE[kind];
  const rows = await db
    .updateTable(table)
    .set({ hidden_at: hidden ? sql`now()` : null })
    .where('id', '=', id)
    .where('hidden_at', hidden ? 'is' : 'is not', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function lockThread(db: Db, threadId: string): Promise<boolean> {
  const rows = await db
    .updateTable('community_threads')
    .set({ locked_at: sql`now()` })
    .where('id', '=', threadId)
    .where('locked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function setSuspension(db: Db, userId: string, until: Date, reason: string): Promise<boolean> {
  const rows = await db.updateTable('profiles').set({ suspended_until: until, suspension_reason: reason }).where('id', '=', userId).returning('id').execute();
  return rows.length > 0;
}

/** The user's suspension columns, the profile row locked for the rest of the transaction (lifting it: decided once). */
export async function lockSuspension(db: Db, userId: string) {
  return db.selectFrom('profiles').select(['id', 'suspended_until', 'suspension_reason']).where('id', '=', userId).forUpdate().executeTakeFirst();
}

export async function clearSuspension(db: Db, userId: string): Promise<void> {
  await db.updateTable('profiles').set({ suspended_until: null, suspension_reason: null }).where('id', '=', userId).execute();
}

/** The user's notice of a logged suspend or unsuspend (one per action: a second write is a no-op). */
export async function insertSuspensionNotice(db: Db, values: { userId: string; actionId: string }): Promise<void> {
  await db
    .insertInto('user_notifications')
    .values({ user_id: values.userId, kind: 'account_suspension', moderation_action_id: values.actionId, reason: null, update_id: null, order_id: null })
    .onConflict((oc) => oc.columns(['user_id', 'moderation_action_id']).where('moderation_action_id', 'is not', null).doNothing())
    .execute();
}

/** A logged suspend or unsuspend with its subject's address, for the email that tells them. */
export async function findSuspensionAction(db: Db, actionId: string) {
  return db
    .selectFrom('moderation_actions as a')
    .innerJoin('users as u', 'u.id', 'a.subject_user_id')
    .select(['a.id', 'a.action', 'a.reason', 'a.until', 'a.created_at', 'a.subject_user_id', 'u.email'])
    .where('a.id', '=', actionId)
    .where('a.action', 'in', ['suspend', 'unsuspend'])
    .executeTakeFirst();
}

/** Hides all of the user's public threads, replies and reviews; what it hid, by kind (their ids). */
export async function hideAllPostsOf(db: Db, userId: string) {
  const threads = await db
    .updateTable('community_threads')
    .set({ hidden_at: sql`now()` })
    .where('author_id', '=', userId)
    .where('hidden_at', 'is', null)
    .returning('id')
    .execute();
  const replies = await db
    .updateTable('community_replies')
    .set({ hidden_at: sql`now()` })
    .where('author_id', '=', userId)
    .where('hidden_at', 'is', null)
    .returning(['id', 'thread_id'])
    .execute();
  const productReviews = await db
    .updateTable('product_reviews')
    .set({ hidden_at: sql`now()` })
    .where('reviewer_id', '=', userId)
    .where('hidden_at', 'is', null)
    .returning(['id', 'product_id'])
    .execute();
  const sellerReviews = await db
    .updateTable('seller_reviews')
    .set({ hidden_at: sql`now()` })
    .where('reviewer_id', '=', userId)
    .where('hidden_at', 'is', null)
    .returning(['id', 'seller_id'])
    .execute();
  await db
    .updateTable('profiles')
    .set({ hidden_at: sql`now()` })
    .where('id', '=', userId)
    .where('hidden_at', 'is', null)
    .execute();
  return { threads, replies, productReviews, sellerReviews };
}

/** The user's products that are public or waiting in review (to remove them from the marketplace). */
export async function listListedProductsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('products').select('id').where('creator_id', '=', userId).where('status', 'in', ['published', 'in_review']).execute();
  return rows.map((r) => r.id);
}

// --- Posting limits and held posts ----------------------------------------------------------

/** The author's account age and how many of their posts are public (not hidden). */
export async function findPosterStanding(db: Db, userId: string) {
  return db
    .selectFrom('users as u')
    .select([
      'u.created_at',
      sql<string>`(select count(*) from (select 1 from community_threads t where t.author_id = u.id and t.hidden_at is null limit 3) x)`.as('public_threads'),
      sql<string>`(select count(*) from (select 1 from community_replies r where r.author_id = u.id and r.hidden_at is null limit 3) x)`.as('public_replies'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Locks the author's profile row: posts of one author are counted and written one after the other. */
export async function lockPoster(db: Db, userId: string) {
  return db.selectFrom('profiles').select(['id', 'deleted_at']).where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** The author's threads or replies since `since` (their author index), oldest first: the count and when the oldest was written. */
export async function countPostsSince(db: Db, kind: 'thread' | 'reply', userId: string, since: Date) {
  const table = kind === 'thread' ? 'community_threads' : 'community_replies';
  const row = await db
    .selectFrom(table)
    .select([sql<string>`count(*)`.as('n'), sql<Date | string | null>`min(created_at)`.as('oldest')])
    .where('author_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}
