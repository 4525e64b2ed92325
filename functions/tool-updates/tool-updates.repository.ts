/**
 * Every query of tool updates: the tool and its claim, posting an update with its
 * notifications, and reading updates newest first (keyset pages over created_at, id).
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '@/db/database';
import type { NotificationReason, UpdateType } from '@/src/shared/domain';
import { after, timeKey, type TimeKeyset } from '../_shared/keyset.repository';
import { notTurnedOff, toolUpdateEmailKind } from '../email/in-app.repository';

export async function findTool(db: Db, toolId: string) {
  // Only tools of the directory (approved): a submission waiting for review has no updates yet.
  return db
    .selectFrom('ai_tools')
    .select(['id', 'name', 'claimed_by', 'maintainer_name', 'detail_page'])
    .where('id', '=', toolId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
}

/** `createdAt`: when the update happened, if not now (a changelog entry's own date, functions/tool-feeds). */
export async function insertUpdate(
  db: Db,
  values: { toolId: string; authorId: string | null; title: string; content: string; updateType: UpdateType; version: string | null; createdAt?: Date },
) {
  return db
    .insertInto('ai_tool_updates')
    .values({
      tool_id: values.toolId,
      author_id: values.authorId,
      title: values.title,
      content: values.content,
      update_type: values.updateType,
      version: values.version,
      ...(values.createdAt ? { created_at: values.createdAt } : {}),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The size of one fan-out INSERT … SELECT (docs/decisions/040). */
export const FAN_OUT_BATCH = 1000;

export interface BatchResult {
  /** Recipients in this batch (written now or already before). */
  seen: number;
  /** Notices written by this batch (a rerun writes none). */
  written: number;
  /** The last recipient's user id: the keyset position of the next batch. */
  last: string | null;
}

/** Who a fan-out batch tells (fan-out.job.ts): buyers of products built on the tool, or its followers. */
export type NoticePhase = 'impact' | 'follow';

/**
 * The next `limit` recipients of a phase by user id after `after`, as `batch(user_id)`:
 * - impact: buyers who downloaded a product built on the tool (whatever its status now),
 *   whether or not they follow it;
 * - follow: the tool's followers (index ai_tool_follows (tool_id, user_id)).
 */
function recipientsOf(phase: NoticePhase, toolId: string, after: string, limit: number): RawBuilder<unknown> {
  return phase === 'impact'
    ? sql`select distinct d.user_id
        from downloads d join products p on p.id = d.product_id
        where p.ai_tool_type = ${toolId} and d.user_id > ${after}
        order by d.user_id
        limit ${limit}`
    : sql`select f.user_id
        from ai_tool_follows f
        where f.tool_id = ${toolId} and f.user_id > ${after}
        order by f.user_id
        limit ${limit}`;
}

const REASON_OF: Record<NoticePhase, NotificationReason> = { impact: 'security_impact', follow: 'follow' };

/**
 * One batch of an update's notices: a 'security_impact' notice for the next buyers (written
 * before the followers' of a security update, so a follower who is also such a buyer keeps the
 * more specific reason) or a 'follow' notice for the next followers. Dated as the update is, so
 * the reader's feed orders them with it. Unique (user_id, update_id): a rerun, or a follower who
 * already has the security notice, writes nothing. Nobody whose preference for the update's
 * kind ('Security updates' or 'Tool updates') is Off (functions/email/in-app.repository.ts); they still
 * count as seen.
 */
export async function insertUpdateNoticeBatch(
  db: Db,
  update: { id: string; toolId: string; createdAt: Date },
  phase: NoticePhase,
  after: string,
  limit = FAN_OUT_BATCH,
): Promise<BatchResult> {
  const result = await sql<{ seen: number | string; written: number | string; last: string | null }>`
    with batch as (${recipientsOf(phase, update.toolId, after, limit)}), written as (
      insert into user_notifications (user_id, update_id, reason, created_at)
      select user_id, ${update.id}::uuid, ${sql.lit(REASON_OF[phase])}, ${update.createdAt}::timestamptz from batch
      where ${notTurnedOff(sql`batch.user_id`, toolUpdateEmailKind(update.id))}
      on conflict (user_id, update_id) do nothing
      returning 1
    )
    select (select count(*) from batch) as seen, (select count(*) from written) as written, (select max(user_id) from batch) as last
  `.execute(db);
  const row = result.rows[0];
  return { seen: Number(row?.seen ?? 0), written: Number(row?.written ?? 0), last: row?.last ?? null };
}

/** What the fan-out job needs of an update (undefined: deleted since). */
export async function findUpdateForFanOut(db: Db, id: string) {
  return db.selectFrom('ai_tool_updates').select(['id', 'tool_id', 'update_type', 'created_at']).where('id', '=', id).executeTakeFirst();
}

export function selectUpdates(db: Db) {
  return db
    .selectFrom('ai_tool_updates as u')
    .innerJoin('ai_tools as t', 't.id', 'u.tool_id')
    .leftJoin('profiles as a', 'a.id', 'u.author_id')
    .select([
      'u.id',
      'u.tool_id',
      't.name as tool_name',
      't.detail_page',
      'u.title',
      'u.content',
      'u.update_type',
      'u.version',
      'u.created_at',
      'a.full_name as author_name',
      timeKey('u.created_at').as('cursor_at'),
    ]);
}

export type UpdateRow = Awaited<ReturnType<ReturnType<typeof selectUpdates>['execute']>>[number];

export interface UpdatesPage {
  toolId?: string | null;
  after?: TimeKeyset | null;
  limit: number;
}

/**
 * One page of a query over updates (`u`, as selectUpdates names them), newest first: one
 * tool's when asked, and after the keyset position. Shared with the reader's feed
 * (notifications.repository.ts listFeed), which adds the reader's notifications to the rows.
 */
export function pageOfUpdates<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, { toolId, after: position, limit }: UpdatesPage) {
  let page = query;
  if (toolId) page = page.where(sql<boolean>`u.tool_id = ${toolId}`);
  if (position) page = page.where(after('u.created_at', 'u.id', position));
  return page.orderBy(sql`u.created_at desc, u.id desc`).limit(limit);
}

export async function listUpdates(db: Db, options: UpdatesPage): Promise<UpdateRow[]> {
  return pageOfUpdates(selectUpdates(db), options).execute();
}

export async function findUpdate(db: Db, id: string): Promise<UpdateRow | undefined> {
  return selectUpdates(db).where('u.id', '=', id).executeTakeFirst();
}

/** Changes an update's type; the row as selectUpdates reads it, or undefined when it is not the tool's. */
export async function setUpdateType(db: Db, toolId: string, updateId: string, updateType: UpdateType): Promise<UpdateType | undefined> {
  const before = await db
    .selectFrom('ai_tool_updates')
    .select('update_type')
    .where('id', '=', updateId)
    .where('tool_id', '=', toolId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable('ai_tool_updates').set({ update_type: updateType }).where('id', '=', updateId).execute();
  return before.update_type;
}
