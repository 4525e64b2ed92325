/**
 * Every query of tool updates: the tool and its claim, posting an update with its
 * notifications, and reading updates newest first (keyset pages over created_at, id).
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '@/db/database';
import type { UpdateType } from '@/src/shared/domain';
import { after, timeKey, type TimeKeyset } from '../_shared/keyset.repository';
import { notTurnedOff, toolUpdateEmailKind } from '../email/in-app';

export async function findTool(db: Db, toolId: string) {
  // Only tools of the directory (approved): a submission waiting for review has no updates yet.
  return db
    .selectFrom('ai_tools')
    .select(['id', 'name', 'claimed_by', 'maintainer_name', 'detail_page'])
    .where('id', '=', toolId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
}

export async function insertUpdate(
  db: Db,
  values: { toolId: string; authorId: string | null; title: string; content: string; updateType: UpdateType; version: string | null },
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

async function batchOf(db: Db, query: RawBuilder<unknown>): Promise<BatchResult> {
  const result = await query.execute(db);
  const row = (result.rows as { seen: number | string; written: number | string; last: string | null }[])[0];
  return { seen: Number(row?.seen ?? 0), written: Number(row?.written ?? 0), last: row?.last ?? null };
}

/**
 * One batch of security notices for buyers who downloaded a product built on the tool
 * (whatever its status now), whether or not they follow it: the next `limit` buyers by user
 * id after `after`. Written before the followers' notices, so a follower who is also such a
 * buyer gets the more specific reason. Unique (user_id, update_id): a rerun writes nothing.
 * Nobody whose 'Security updates' are Off (functions/email/in-app.ts); they still count as seen.
 */
export async function insertImpactNoticeBatch(
  db: Db,
  update: { id: string; toolId: string; createdAt: Date },
  after: string,
  limit = FAN_OUT_BATCH,
): Promise<BatchResult> {
  return batchOf(
    db,
    sql`
      with batch as (
        select distinct d.user_id
        from downloads d join products p on p.id = d.product_id
        where p.ai_tool_type = ${update.toolId} and d.user_id > ${after}
        order by d.user_id
        limit ${limit}
      ), written as (
        insert into user_notifications (user_id, update_id, reason, created_at)
        select user_id, ${update.id}::uuid, 'security_impact', ${update.createdAt}::timestamptz from batch
        where ${notTurnedOff(sql`batch.user_id`, toolUpdateEmailKind(update.id))}
        on conflict (user_id, update_id) do nothing
        returning 1
      )
      select (select count(*) from batch) as seen, (select count(*) from written) as written, (select max(user_id) from batch) as last
    `,
  );
}

/**
 * One batch of 'follow' notices: the next `limit` followers of the tool by user id after
 * `after` (index ai_tool_follows (tool_id, user_id)). Unique (user_id, update_id): a rerun,
 * or a follower who already has the security notice, writes nothing. Nobody whose preference
 * for the update's kind ('Security updates' or 'Tool updates') is Off (functions/email/in-app.ts).
 */
export async function insertFollowerNoticeBatch(
  db: Db,
  update: { id: string; toolId: string; createdAt: Date },
  after: string,
  limit = FAN_OUT_BATCH,
): Promise<BatchResult> {
  return batchOf(
    db,
    sql`
      with batch as (
        select f.user_id
        from ai_tool_follows f
        where f.tool_id = ${update.toolId} and f.user_id > ${after}
        order by f.user_id
        limit ${limit}
      ), written as (
        insert into user_notifications (user_id, update_id, reason, created_at)
        select user_id, ${update.id}::uuid, 'follow', ${update.createdAt}::timestamptz from batch
        where ${notTurnedOff(sql`batch.user_id`, toolUpdateEmailKind(update.id))}
        on conflict (user_id, update_id) do nothing
        returning 1
      )
      select (select count(*) from batch) as seen, (select count(*) from written) as written, (select max(user_id) from batch) as last
    `,
  );
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

export async function latestUpdateAt(db: Db, toolId: string | null): Promise<Date | null> {
  let query = db.selectFrom('ai_tool_updates').select(sql<Date | null>`max(created_at)`.as('at'));
  if (toolId) query = query.where('tool_id', '=', toolId);
  const row = await query.executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
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
