/**
 * Reads and writes of ai_tools and of who maintains each (tool_maintainers) (docs/decisions/038),
 * and the tool notices of their people (user_notifications of kind tool_notice). The directory is small (tens to a few
 * hundred rows), so lists read every approved row; single reads use the primary key and the
 * duplicate checks the partial unique indexes (ai_tools_site_host_live_key, ai_tools_name_live_key).
 */
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '@/db/database';
import type { AiToolsTable } from '@/db/schema';
import type { ToolEvent } from '@/src/shared/domain';

export type ToolRow = Selectable<AiToolsTable>;

export async function selectTool(db: Db, id: string): Promise<ToolRow | undefined> {
  return db.selectFrom('ai_tools').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function selectApprovedTools(db: Db): Promise<ToolRow[]> {
  return db.selectFrom('ai_tools').selectAll().where('status', '=', 'approved').execute();
}

export async function selectApprovedToolNames(db: Db): Promise<{ id: string; name: string; category: ToolRow['category']; detail_page: boolean }[]> {
  return db.selectFrom('ai_tools').select(['id', 'name', 'category', 'detail_page']).where('status', '=', 'approved').execute();
}

/** A live tool (any status but rejected) with this host or this name (case-insensitive), other than `exceptId`. */
export async function findLiveDuplicate(
  db: Db,
  { host, name, exceptId }: { host: string; name: string; exceptId?: string | null },
): Promise<{ id: string; byHost: boolean; byName: boolean } | undefined> {
  const rows = await db
    .selectFrom('ai_tools')
    .select(['id', 'official_site_host', 'name'])
    .where('status', '<>', 'rejected')
    .where((eb) => eb.or([eb('official_site_host', '=', host), eb(eb.fn('lower', ['name']), '=', name.toLowerCase())]))
    .execute();
  const other = rows.filter((row) => row.id !== exceptId);
  const first = other[0];
  if (!first) return undefined;
  return {
    id: first.id,
    byHost: other.some((row) => row.official_site_host === host),
    byName: other.some((row) => row.name.toLowerCase() === name.toLowerCase()),
  };
}

export async function toolIdTaken(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('ai_tools').select('id').where('id', '=', id).executeTakeFirst());
}

/** A submitted tool, waiting as 'pending'. */
export async function insertSubmittedTool(db: Db, values: Omit<Insertable<AiToolsTable>, 'submitted_at'>): Promise<ToolRow> {
  return db
    .insertInto('ai_tools')
    .values({ ...values, submitted_at: sql<Date>`now()` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A tool's page edited; a tool that was not approved waits for review again (`resubmit`). */
export async function updateToolPage(db: Db, toolId: string, values: Updateable<AiToolsTable>, { resubmit }: { resubmit: boolean }): Promise<ToolRow> {
  return db
    .updateTable('ai_tools')
    .set({
      ...values,
      updated_at: sql<Date>`now()`,
      ...(resubmit ? { status: 'pending' as const, submitted_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', toolId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The submissions waiting for an administrator, oldest first (ai_tools_review_queue_idx), after a position. */
export async function selectToolQueue(db: Db, after: { s: string; id: string } | null, limit: number) {
  let query = db
    .selectFrom('ai_tools as t')
    .leftJoin('users as u', 'u.id', 't.submitted_by')
    .selectAll('t')
    .select(['u.name as submitter_name', 'u.email as submitter_email', sql<string>`t.submitted_at::text`.as('submitted_at_text')])
    .where('t.status', '=', 'pending');
  if (after) query = query.where(sql<boolean>`(t.submitted_at, t.id) > (${after.s}::timestamptz, ${after.id})`);
  return query.orderBy('t.submitted_at', 'asc').orderBy('t.id', 'asc').limit(limit).execute();
}

/** An administrator's decision on a pending tool; undefined when it is no longer pending. */
export async function decidePendingTool(db: Db, toolId: string, { status, reviewNote }: { status: ToolRow['status']; reviewNote: string | null }) {
  return db
    .updateTable('ai_tools')
    .set({ status, reviewed_at: sql<Date>`now()`, review_note: reviewNote, updated_at: sql<Date>`now()` })
    .where('id', '=', toolId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function selectSubmittedTools(db: Db, userId: string): Promise<ToolRow[]> {
  return db.selectFrom('ai_tools').selectAll().where('submitted_by', '=', userId).orderBy('created_at', 'desc').limit(50).execute();
}

/** The tool's owner account and the user's maintainer role, if any (a left join: undefined only for an unknown tool). */
export async function findToolMaintainerRow(db: Db, toolId: string, userId: string) {
  return db
    .selectFrom('ai_tools')
    .leftJoin('tool_maintainers', (join) => join.onRef('tool_maintainers.tool_id', '=', 'ai_tools.id').on('tool_maintainers.user_id', '=', userId))
    .select(['ai_tools.claimed_by', 'tool_maintainers.role'])
    .where('ai_tools.id', '=', toolId)
    .executeTakeFirst();
}

/** The account's address and name (undefined: no such account, or deleted). */
export async function findAccount(db: Db, userId: string): Promise<{ email: string; name: string | null } | undefined> {
  return db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
}

/** The user's maintainer role of the tool ('owner' or 'co_maintainer'), if any. */
export async function findMaintainerRole(db: Db, toolId: string, userId: string) {
  return db.selectFrom('tool_maintainers').select('role').where('tool_id', '=', toolId).where('user_id', '=', userId).executeTakeFirst();
}

export async function selectMaintainerIds(db: Db, toolId: string) {
  return db.selectFrom('tool_maintainers').select('user_id').where('tool_id', '=', toolId).execute();
}

export async function findToolClaimant(db: Db, toolId: string) {
  return db.selectFrom('ai_tools').select('claimed_by').where('id', '=', toolId).executeTakeFirst();
}

export async function findToolName(db: Db, toolId: string) {
  return db.selectFrom('ai_tools').select('name').where('id', '=', toolId).executeTakeFirst();
}

export async function selectAllToolIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('ai_tools').select('id').execute()).map((t) => t.id);
}

/**
 * A 'tool_notice' for each of `userIds` (docs/decisions/038, 043): what happened to a tool they
 * submitted, claimed or maintain. Not an email kind (those emails are always sent), so no
 * preference turns it off. The note is clipped to the column's 1,000 characters.
 */
export async function insertToolNotices(
  db: Db,
  values: { userIds: readonly string[]; toolId: string; event: ToolEvent; note: string | null },
): Promise<number> {
  const userIds = [...new Set(values.userIds)];
  if (!userIds.length) return 0;
  const note = values.note ? values.note.slice(0, 1000) : null;
  const rows = await db
    .insertInto('user_notifications')
    .values(userIds.map((userId) => ({ user_id: userId, kind: 'tool_notice' as const, tool_id: values.toolId, tool_event: values.event, note, reason: null })))
    .returning('id')
    .execute();
  return rows.length;
}
