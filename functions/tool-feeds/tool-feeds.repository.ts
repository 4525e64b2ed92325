/**
 * Every query of changelog sources and seen feed entries (docs/decisions/039 and 060): the
 * maintainers' list, the sources due for a fetch, recording a fetch's outcome, and the
 * seen-entry rows that make each entry post once.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { dueBy } from '@/functions/_shared/due-by.repository';
import type { Db } from '@/db/database';
import type { Database } from '@/db/schema';
import type { FeedKind } from '@/src/shared/domain';

type Executor = Kysely<Database> | Transaction<Database>;

const SOURCE_COLUMNS = [
  'id',
  'tool_id',
  'url',
  'kind',
  'added_by',
  'etag',
  'last_modified',
  'last_fetched_at',
  'last_success_at',
  'next_fetch_at',
  'consecutive_failures',
  'paused_at',
  'last_status',
  'created_at',
] as const;

export async function listSources(db: Db, toolId: string) {
  return db
    .selectFrom('ai_tool_changelog_sources')
    .select(SOURCE_COLUMNS)
    .where('tool_id', '=', toolId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type SourceRow = Awaited<ReturnType<typeof listSources>>[number];

export async function findSource(db: Executor, toolId: string, id: string): Promise<SourceRow | undefined> {
  return db
    .selectFrom('ai_tool_changelog_sources')
    .select(SOURCE_COLUMNS)
    .where('id', '=', id)
    .where('tool_id', '=', toolId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** Locks the tool's row: adds to one tool's sources are counted one at a time. */
export async function lockTool(db: Executor, toolId: string): Promise<boolean> {
  const row = await db.selectFrom('ai_tools').select('id').where('id', '=', toolId).forUpdate().executeTakeFirst();
  return Boolean(row);
}

export async function countActiveSources(db: Executor, toolId: string): Promise<number> {
  const row = await db
    .selectFrom('ai_tool_changelog_sources')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tool_id', '=', toolId)
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The tool's row for this URL, removed or not. */
export async function findSourceByUrl(db: Executor, toolId: string, url: string) {
  return db.selectFrom('ai_tool_changelog_sources').select(['id', 'removed_at']).where('tool_id', '=', toolId).where('url', '=', url).executeTakeFirst();
}

/** A new source, due at once; or a removed one of the same URL brought back, fresh. */
export async function insertOrReviveSource(db: Executor, values: { toolId: string; url: string; addedBy: string | null }): Promise<SourceRow> {
  const row = await db
    .insertInto('ai_tool_changelog_sources')
    .values({ tool_id: values.toolId, url: values.url, added_by: values.addedBy })
    .onConflict((oc) =>
      oc.columns(['tool_id', 'url']).doUpdateSet({
        removed_at: null,
        paused_at: null,
        consecutive_failures: 0,
        last_status: null,
        etag: null,
        last_modified: null,
        next_fetch_at: sql<Date>`now()`,
        added_by: values.addedBy,
      }),
    )
    .returning(SOURCE_COLUMNS)
    .executeTakeFirstOrThrow();
  return row;
}

/** Seeded sources: inserted once; a URL a maintainer removed stays removed. */
export async function insertSeedSources(db: Db, rows: readonly { toolId: string; url: string }[]): Promise<number> {
  if (!rows.length) return 0;
  const result = await db
    .insertInto('ai_tool_changelog_sources')
    .values(rows.map((r) => ({ tool_id: r.toolId, url: r.url, added_by: null })))
    .onConflict((oc) => oc.columns(['tool_id', 'url']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * The changelog sources a submitter gave with an approved tool (ai_tools.requested_sources,
 * docs/decisions/038) become its sources, once: at most 5 per tool, https URLs of a sane
 * length; one that was removed stays removed. Each fetch still goes through the SSRF guard.
 */
export async function adoptRequestedSources(db: Db): Promise<number> {
  const result = await sql`
    insert into ai_tool_changelog_sources (tool_id, url, added_by)
    select t.id, r.url, t.submitted_by
    from ai_tools t
    cross join lateral unnest(t.requested_sources[1:5]) as r(url)
    where t.status = 'approved' and cardinality(t.requested_sources) > 0
      and r.url like 'https://%' and char_length(r.url) <= 2048
    on conflict (tool_id, url) do nothing
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function markRemoved(db: Db, toolId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('ai_tool_changelog_sources')
    .set({ removed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('tool_id', '=', toolId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Resume: due now, failures forgotten. */
export async function resumeSource(db: Db, toolId: string, id: string): Promise<SourceRow | undefined> {
  return db
    .updateTable('ai_tool_changelog_sources')
    .set({ paused_at: null, consecutive_failures: 0, next_fetch_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('tool_id', '=', toolId)
    .where('removed_at', 'is', null)
    .returning(SOURCE_COLUMNS)
    .executeTakeFirst();
}

/** What fetching a source needs, for a source not removed (paused or not). */
export async function findSourceToFetch(db: Executor, id: string) {
  return db
    .selectFrom('ai_tool_changelog_sources')
    .select(['id', 'tool_id', 'url', 'etag', 'last_modified', 'last_success_at', 'consecutive_failures', 'paused_at', 'added_by'])
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

export type SourceToFetch = NonNullable<Awaited<ReturnType<typeof findSourceToFetch>>>;

/** The sources due for a fetch at `now` (neither paused nor removed), the longest due first. */
export async function selectDueSourceIds(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('ai_tool_changelog_sources')
    .select('id')
    .where('removed_at', 'is', null)
    .where('paused_at', 'is', null)
    .where('next_fetch_at', '<=', dueBy(now))
    .orderBy('next_fetch_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export interface FetchRecord {
  kind?: FeedKind;
  etag?: string | null;
  lastModified?: string | null;
  fetchedAt: Date;
  success: boolean;
  consecutiveFailures: number;
  pausedAt: Date | null;
  nextFetchAt: Date;
  status: string;
}

/** Records a fetch's outcome; false when the source was removed meanwhile. */
export async function finishFetch(db: Executor, id: string, record: FetchRecord): Promise<boolean> {
  const result = await db
    .updateTable('ai_tool_changelog_sources')
    .set({
      ...(record.kind ? { kind: record.kind } : {}),
      ...(record.etag !== undefined ? { etag: record.etag } : {}),
      ...(record.lastModified !== undefined ? { last_modified: record.lastModified } : {}),
      last_fetched_at: record.fetchedAt,
      ...(record.success ? { last_success_at: record.fetchedAt } : {}),
      consecutive_failures: record.consecutiveFailures,
      paused_at: record.pausedAt,
      next_fetch_at: record.nextFetchAt,
      last_status: record.status.slice(0, 300),
    })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The keys among `keys` the tool has already seen. */
export async function seenKeys(db: Executor, toolId: string, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.selectFrom('ai_tool_feed_entries').select('entry_key').where('tool_id', '=', toolId).where('entry_key', 'in', keys).execute();
  return new Set(rows.map((r) => r.entry_key));
}

/** Records an entry as seen; false when another run had already recorded (and so posted) it. */
export async function claimEntry(db: Executor, values: { toolId: string; key: string; sourceId: string }): Promise<boolean> {
  const row = await db
    .insertInto('ai_tool_feed_entries')
    .values({ tool_id: values.toolId, entry_key: values.key, source_id: values.sourceId })
    .onConflict((oc) => oc.columns(['tool_id', 'entry_key']).doNothing())
    .returning('entry_key')
    .executeTakeFirst();
  return Boolean(row);
}

export async function linkEntryToUpdate(db: Executor, toolId: string, key: string, updateId: string): Promise<void> {
  await db.updateTable('ai_tool_feed_entries').set({ update_id: updateId }).where('tool_id', '=', toolId).where('entry_key', '=', key).execute();
}

/** Records entries as seen without posting them (older entries of a first fetch, beyond a run's cap). */
export async function recordEntriesSeen(db: Executor, toolId: string, sourceId: string, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await db
    .insertInto('ai_tool_feed_entries')
    .values(keys.map((key) => ({ tool_id: toolId, entry_key: key, source_id: sourceId })))
    .onConflict((oc) => oc.columns(['tool_id', 'entry_key']).doNothing())
    .execute();
}

/** Email addresses and names of users, for the pause notice. */
export async function contactsOf(db: Db, userIds: readonly string[]) {
  if (!userIds.length) return [];
  return db.selectFrom('users').select(['id', 'email', 'name']).where('id', 'in', userIds).execute();
}

export async function adminIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('profiles').select('id').where('role', '=', 'admin').where('deleted_at', 'is', null).limit(20).execute();
  return rows.map((r) => r.id);
}
