/**
 * The community's queries (docs/decisions/035). Every list reads one of the partial indexes of
 * migration 2026-11-28-0100 in its own order, with keyset positions; counters (votes,
 * replies, a space's threads) move by one in the statement after the one that wrote the row,
 * inside the caller's transaction, so concurrent writes all count.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '@/db/database';
import { HOT_DECAY_SECONDS, HOT_EPOCH_SECONDS, TOP_WINDOW_DAYS, type CommunitySort } from '@/src/shared/community';
import { timeKey } from '../_shared/keyset.repository';
import { notTurnedOff } from '../email/in-app.repository';

/** The SQL twin of src/shared/community.ts hotScore, for `votes` (an SQL expression) and the row's created_at. */
function hotScoreSql(votes: Expression<number> | ReturnType<typeof sql>) {
  return sql<number>`log(greatest(${votes}, 1)::float8) + (extract(epoch from created_at)::float8 - ${HOT_EPOCH_SECONDS}::float8) / ${HOT_DECAY_SECONDS}::float8`;
}

// --- Spaces ---------------------------------------------------------------------------------

export async function listSpaces(db: Db) {
  // By lower(name) first: 'n8n' among the Ms and Ns, not after 'Zapier' (PGlite compares bytes).
  return db
    .selectFrom('community_spaces')
    .select(['id', 'name', 'description', 'kind', 'tool_id', 'thread_count'])
    .orderBy('sort_order')
    .orderBy(sql`lower(name)`)
    .orderBy('name')
    .execute();
}

export async function findSpace(db: Db, spaceId: string) {
  return db
    .selectFrom('community_spaces')
    .select(['id', 'name', 'description', 'kind', 'tool_id', 'thread_count'])
    .where('id', '=', spaceId)
    .executeTakeFirst();
}

// --- Threads --------------------------------------------------------------------------------

function selectThreads(db: Db) {
  return db
    .selectFrom('community_threads as t')
    .innerJoin('community_spaces as s', 's.id', 't.space_id')
    .innerJoin('profiles as u', 'u.id', 't.author_id')
    .select([
      't.id',
      't.space_id',
      's.name as space_name',
      't.kind',
      't.title',
      't.body',
      't.tags',
      't.author_id',
      'u.full_name as author_name',
      'u.handle as author_handle',
      'u.avatar_url as author_avatar_url',
      't.vote_count',
      't.reply_count',
      't.hot_score',
      't.created_at',
      't.last_activity_at',
      't.accepted_reply_id',
      't.locked_at',
      't.deleted_at',
      't.hidden_at',
      timeKey('t.created_at').as('cursor_at'),
    ]);
}

export type ThreadListRow = Awaited<ReturnType<ReturnType<typeof selectThreads>['execute']>>[number];

/** A list position: the sort's value (hot score or votes) when the sort has one, the creation time and the id. */
export interface ThreadKeyset {
  v?: number;
  at?: string;
  id: string;
}

export interface ThreadListOptions {
  sort: CommunitySort;
  spaceId?: string;
  tag?: string;
  /** A tsquery text (analyzeCommunityWords' terms joined with '&'). */
  tsquery?: string;
  after: ThreadKeyset | null;
  limit: number;
}

export async function listThreads(db: Db, options: ThreadListOptions): Promise<ThreadListRow[]> {
  let query = selectThreads(db).where('t.deleted_at', 'is', null).where('t.hidden_at', 'is', null);
  if (options.spaceId) query = query.where('t.space_id', '=', options.spaceId);
  if (options.tag) query = query.where(sql<SqlBool>`t.tags @> array[${options.tag}]::text[]`);
  if (options.tsquery) query = query.where(sql<SqlBool>`t.search_vector @@ ${options.tsquery}::tsquery`);
  const a = options.after;
  switch (options.sort) {
    case 'hot':
      if (a) query = query.where(sql<SqlBool>`(t.hot_score, t.id) < (${a.v ?? 0}::float8, ${a.id}::uuid)`);
      query = query.orderBy('t.hot_score', 'desc').orderBy('t.id', 'desc');
      break;
    case 'top_week':
    case 'top_month':
    case 'top_all': {
      const days = TOP_WINDOW_DAYS[options.sort];
      if (days) query = query.where(sql<SqlBool>`t.created_at > now() - make_interval(days => ${days}::integer)`);
      if (a) query = query.where(sql<SqlBool>`(t.vote_count, t.id) < (${a.v ?? 0}::integer, ${a.id}::uuid)`);
      query = query.orderBy('t.vote_count', 'desc').orderBy('t.id', 'desc');
      break;
    }
    case 'unanswered':
    case 'new':
      if (options.sort === 'unanswered') query = query.where(sql<SqlBool>`(t.reply_count = 0 or (t.kind = 'question' and t.accepted_reply_id is null))`);
      if (a?.at) query = query.where(sql<SqlBool>`(t.created_at, t.id) < (${a.at}::timestamptz, ${a.id}::uuid)`);
      query = query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc');
      break;
  }
  return query.limit(options.limit).execute();
}

/** The keyset position of a row in `sort` order. */
export function threadPosition(sort: CommunitySort, row: ThreadListRow): Record<string, string | number> {
  if (sort === 'hot') return { v: row.hot_score, id: row.id };
  if (sort.startsWith('top_')) return { v: row.vote_count, id: row.id };
  return { at: row.cursor_at, id: row.id };
}

/**
 * For each search word: its tsquery with prefix matching, and the closest word of the
 * community's vocabulary as an alternative when the vocabulary lacks it (the marketplace's
 * typo tolerance, functions/catalogue/search.repository.ts analyzeSearchWords).
 */
export async function analyzeCommunityWords(db: Db, words: string[]): Promise<string[]> {
  if (!words.length) return [];
  const result = await sql<{ tsquery: string }>`
    with w as materialized (
      select w.input, w.n, e.word as exact,
        case when e.word is null then (select s.word from community_search_words s where s.word % w.input order by s.word <-> w.input limit 1) end as near
      from unnest(${sql.val(words)}::text[]) with ordinality as w(input, n)
      left join community_search_words e on e.word = w.input
    )
    select to_tsquery('english', case when w.exact is null and w.near is not null then w.input || ':* | ' || w.near || ':*' else w.input || ':*' end)::text as tsquery
    from w
    order by w.n
  `.execute(db);
  return result.rows.map((r) => r.tsquery).filter(Boolean);
}

export async function findThreadDetail(db: Db, threadId: string) {
  return selectThreads(db)
    .select([
      't.body_html',
      't.edited_at',
      't.product_id',
      't.linked_tool_ids',
      't.linked_product_ids',
      sql<
        { id: string; name: string }[]
      >`coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name) order by a.name) from ai_tools a where a.id = any(t.linked_tool_ids)), '[]'::jsonb)`.as(
        'linked_tools',
      ),
      sql<
        { id: string; title: string }[]
      >`coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'title', p.title) order by p.title) from products p where p.id = any(t.linked_product_ids) and p.status = 'published'), '[]'::jsonb)`.as(
        'linked_products',
      ),
    ])
    .where('t.id', '=', threadId)
    .executeTakeFirst();
}

export type ThreadDetailRow = NonNullable<Awaited<ReturnType<typeof findThreadDetail>>>;

/** The thread row a write checks, locked for the rest of the transaction. */
export async function lockThread(db: Db, threadId: string) {
  return db
    .selectFrom('community_threads')
    .select([
      'id',
      'author_id',
      'space_id',
      'title',
      'deleted_at',
      'hidden_at',
      'locked_at',
      sql<boolean>`created_at > now() - interval '15 minutes'`.as('editable'),
    ])
    .where('id', '=', threadId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findThreadState(db: Db, threadId: string) {
  return db
    .selectFrom('community_threads')
    .select(['id', 'author_id', 'title', 'deleted_at', 'hidden_at', 'locked_at', 'vote_count', 'reply_count', 'created_at'])
    .where('id', '=', threadId)
    .executeTakeFirst();
}

export async function insertThread(
  db: Db,
  values: {
    spaceId: string;
    authorId: string;
    kind: 'discussion' | 'question';
    title: string;
    body: string;
    bodyHtml: string;
    tags: string[];
    productId: string | null;
    toolIds: string[];
    productIds: string[];
  },
): Promise<string> {
  const row = await db
    .insertInto('community_threads')
    .values({
      space_id: values.spaceId,
      author_id: values.authorId,
      kind: values.kind,
      title: values.title,
      body: values.body,
      body_html: values.bodyHtml,
      tags: values.tags,
      product_id: values.productId,
      linked_tool_ids: values.toolIds,
      linked_product_ids: values.productIds,
      hot_score: sql<number>`(extract(epoch from now())::float8 - ${HOT_EPOCH_SECONDS}::float8) / ${HOT_DECAY_SECONDS}::float8`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('community_spaces')
    .set({ thread_count: sql`thread_count + 1` })
    .where('id', '=', values.spaceId)
    .execute();
  return row.id;
}

export async function updateThread(db: Db, threadId: string, values: { title?: string; body?: string; bodyHtml?: string; tags?: string[] }): Promise<void> {
  await db
    .updateTable('community_threads')
    .set({
      ...(values.title !== undefined ? { title: values.title } : {}),
      ...(values.body !== undefined ? { body: values.body, body_html: values.bodyHtml ?? '' } : {}),
      ...(values.tags !== undefined ? { tags: values.tags } : {}),
      edited_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', threadId)
    .execute();
}

export async function softDeleteThread(db: Db, thread: { id: string; space_id: string }): Promise<void> {
  const row = await db
    .updateTable('community_threads')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', thread.id)
    .where('deleted_at', 'is', null)
    .returning('hidden_at')
    .executeTakeFirst();
  // A listed thread leaves its space's count (a hidden one already left the lists).
  if (row && !row.hidden_at)
    await db
      .updateTable('community_spaces')
      .set({ thread_count: sql`greatest(thread_count - 1, 0)` })
      .where('id', '=', thread.space_id)
      .execute();
}

export async function existingTools(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('ai_tools').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function publishedProducts(db: Db, ids: string[]): Promise<Map<string, { id: string; title: string; creator_id: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('products').select(['id', 'title', 'creator_id']).where('id', 'in', ids).where('status', '=', 'published').execute();
  return new Map(rows.map((r) => [r.id, r]));
}

// --- Replies --------------------------------------------------------------------------------

function selectReplies(db: Db) {
  return db
    .selectFrom('community_replies as r')
    .innerJoin('profiles as u', 'u.id', 'r.author_id')
    .leftJoin('community_replies as q', 'q.id', 'r.quoted_reply_id')
    .leftJoin('profiles as qu', 'qu.id', 'q.author_id')
    .select([
      'r.id',
      'r.thread_id',
      'r.parent_reply_id',
      'r.quoted_reply_id',
      'r.author_id',
      'u.full_name as author_name',
      'u.handle as author_handle',
      'u.avatar_url as author_avatar_url',
      'r.body',
      'r.body_html',
      'r.vote_count',
      'r.created_at',
      'r.edited_at',
      'r.deleted_at',
      'r.hidden_at',
      'q.body as quoted_body',
      'q.deleted_at as quoted_deleted_at',
      'qu.full_name as quoted_author_name',
      sql<string>`to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'),
    ]);
}

export type ReplyRow = Awaited<ReturnType<ReturnType<typeof selectReplies>['execute']>>[number];

/** A thread's replies oldest first (hidden ones only for `includeHidden`), after a position. */
export async function listReplies(
  db: Db,
  threadId: string,
  options: { after: { at: string; id: string } | null; limit: number; includeHidden: boolean },
): Promise<ReplyRow[]> {
  let query = selectReplies(db).where('r.thread_id', '=', threadId);
  if (!options.includeHidden) query = query.where('r.hidden_at', 'is', null);
  if (options.after) query = query.where(sql<SqlBool>`(r.created_at, r.id) > (${options.after.at}::timestamptz, ${options.after.id}::uuid)`);
  return query.orderBy('r.created_at', 'asc').orderBy('r.id', 'asc').limit(options.limit).execute();
}

export async function findReply(db: Db, replyId: string): Promise<ReplyRow | undefined> {
  return selectReplies(db).where('r.id', '=', replyId).executeTakeFirst();
}

/** The reply row a write checks, locked, with its thread's state. */
export async function lockReply(db: Db, replyId: string) {
  return db
    .selectFrom('community_replies as r')
    .innerJoin('community_threads as t', 't.id', 'r.thread_id')
    .select([
      'r.id',
      'r.thread_id',
      'r.author_id',
      'r.parent_reply_id',
      'r.deleted_at',
      'r.hidden_at',
      't.locked_at as thread_locked_at',
      't.hidden_at as thread_hidden_at',
      't.title as thread_title',
      sql<boolean>`r.created_at > now() - interval '15 minutes'`.as('editable'),
    ])
    .where('r.id', '=', replyId)
    .forUpdate('r')
    .executeTakeFirst();
}

export async function insertReply(
  db: Db,
  values: { threadId: string; authorId: string; parentReplyId: string | null; quotedReplyId: string | null; body: string; bodyHtml: string },
): Promise<string> {
  const row = await db
    .insertInto('community_replies')
    .values({
      thread_id: values.threadId,
      author_id: values.authorId,
      parent_reply_id: values.parentReplyId,
      quoted_reply_id: values.quotedReplyId,
      body: values.body,
      body_html: values.bodyHtml,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('community_threads')
    .set({ reply_count: sql`reply_count + 1`, last_activity_at: sql`now()` })
    .where('id', '=', values.threadId)
    .execute();
  return row.id;
}

export async function updateReply(db: Db, replyId: string, values: { body: string; bodyHtml: string }): Promise<void> {
  await db
    .updateTable('community_replies')
    .set({ body: values.body, body_html: values.bodyHtml, edited_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', replyId)
    .execute();
}

export async function softDeleteReply(db: Db, replyId: string): Promise<void> {
  await db
    .updateTable('community_replies')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', replyId)
    .where('deleted_at', 'is', null)
    .execute();
}

// --- Votes and follows ----------------------------------------------------------------------

/**
 * Adds or removes the user's vote on a thread; the count (and the hot score) moves only when
 * this statement inserted or deleted the vote row (the unique index decides between
 * concurrent requests), so the count is exact however many votes arrive at once.
 */
export async function setThreadVote(db: Db, threadId: string, userId: string, on: boolean): Promise<number> {
  const changed = on
    ? await db
        .insertInto('community_votes')
        .values({ user_id: userId, target_kind: 'thread', thread_id: threadId, reply_id: null })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst()
    : await db.deleteFrom('community_votes').where('thread_id', '=', threadId).where('user_id', '=', userId).returning('user_id').executeTakeFirst();
  const row = changed
    ? await db
        .updateTable('community_threads')
        .set({
          vote_count: on ? sql`vote_count + 1` : sql`vote_count - 1`,
          hot_score: hotScoreSql(on ? sql`vote_count + 1` : sql`vote_count - 1`),
        })
        .where('id', '=', threadId)
        .returning('vote_count')
        .executeTakeFirstOrThrow()
    : await db.selectFrom('community_threads').select('vote_count').where('id', '=', threadId).executeTakeFirstOrThrow();
  return row.vote_count;
}

export async function setReplyVote(db: Db, replyId: string, userId: string, on: boolean): Promise<number> {
  const changed = on
    ? await db
        .insertInto('community_votes')
        .values({ user_id: userId, target_kind: 'reply', reply_id: replyId, thread_id: null })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst()
    : await db.deleteFrom('community_votes').where('reply_id', '=', replyId).where('user_id', '=', userId).returning('user_id').executeTakeFirst();
  const row = changed
    ? await db
        .updateTable('community_replies')
        .set({ vote_count: on ? sql`vote_count + 1` : sql`vote_count - 1` })
        .where('id', '=', replyId)
        .returning('vote_count')
        .executeTakeFirstOrThrow()
    : await db.selectFrom('community_replies').select('vote_count').where('id', '=', replyId).executeTakeFirstOrThrow();
  return row.vote_count;
}

export async function setFollow(db: Db, threadId: string, userId: string, on: boolean): Promise<void> {
  if (on)
    await db
      .insertInto('community_thread_follows')
      .values({ thread_id: threadId, user_id: userId })
      .onConflict((oc) => oc.columns(['thread_id', 'user_id']).doNothing())
      .execute();
  else await db.deleteFrom('community_thread_follows').where('thread_id', '=', threadId).where('user_id', '=', userId).execute();
}

/** The caller's standing on a thread: follow, votes, own posts and their edit deadlines. */
export async function findViewerState(db: Db, threadId: string, userId: string) {
  const [follow, threadVote, replies] = await Promise.all([
    db.selectFrom('community_thread_follows').select('user_id').where('thread_id', '=', threadId).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('community_votes').select('user_id').where('thread_id', '=', threadId).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('community_replies as r')
      .leftJoin('community_votes as v', (join) => join.onRef('v.reply_id', '=', 'r.id').on('v.user_id', '=', userId))
      .select([
        'r.id',
        'r.author_id',
        'r.vote_count',
        'r.deleted_at',
        sql<boolean>`v.user_id is not null`.as('voted'),
        sql<string>`to_char((r.created_at + interval '15 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('editable_until'),
        sql<boolean>`r.created_at > now() - interval '15 minutes'`.as('editable'),
      ])
      .where('r.thread_id', '=', threadId)
      .where('r.hidden_at', 'is', null)
      .execute(),
  ]);
  return { following: Boolean(follow), voted: Boolean(threadVote), replies };
}

export async function replyVoteCounts(db: Db, threadId: string) {
  return db.selectFrom('community_replies').select(['id', 'vote_count']).where('thread_id', '=', threadId).where('hidden_at', 'is', null).execute();
}

export async function threadEditDeadline(db: Db, threadId: string) {
  return db
    .selectFrom('community_threads')
    .select([
      sql<string>`to_char((created_at + interval '15 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('editable_until'),
      sql<boolean>`created_at > now() - interval '15 minutes'`.as('editable'),
    ])
    .where('id', '=', threadId)
    .executeTakeFirst();
}

// --- Notifications --------------------------------------------------------------------------

/** Profiles by lower-case handle (the unique index on lower(handle)), not deleted. */
export async function profilesByHandle(db: Db, handles: string[]): Promise<{ id: string; handle: string }[]> {
  if (!handles.length) return [];
  const rows = await db
    .selectFrom('profiles')
    .select(['id', 'handle'])
    .where(sql<SqlBool>`lower(handle) = any(${sql.val(handles)}::text[])`)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => ({ id: r.id, handle: (r.handle ?? '').toLowerCase() }));
}

export async function threadFollowerIds(db: Db, threadId: string): Promise<string[]> {
  const rows = await db.selectFrom('community_thread_follows').select('user_id').where('thread_id', '=', threadId).execute();
  return rows.map((r) => r.user_id);
}

export async function replyAuthorIds(db: Db, replyIds: string[]): Promise<string[]> {
  if (!replyIds.length) return [];
  const rows = await db.selectFrom('community_replies').select('author_id').where('id', 'in', replyIds).where('deleted_at', 'is', null).execute();
  return rows.map((r) => r.author_id);
}

export type CommunityNoticeKind = 'community_reply' | 'community_mention' | 'community_answer_accepted' | 'community_product_question';

/**
 * One notice per (user, kind, thread, reply): a second write of the same notice is a no-op.
 * One INSERT … SELECT; nobody whose preference for the notice's kind is Off (the kinds are email
 * kinds of the same name, functions/email/in-app.repository.ts; 'community_product_question' has none, so
 * it is always written). Returns the notices written now (their ids and kinds), for their emails.
 */
export async function insertCommunityNotices(
  db: Db,
  notices: {
    userId: string;
    kind: CommunityNoticeKind;
    threadId: string;
    replyId: string | null;
    actorId: string;
  }[],
): Promise<{ id: string; kind: CommunityNoticeKind }[]> {
  if (!notices.length) return [];
  const values = sql.join(notices.map((n) => sql`(${n.userId}::text, ${n.kind}::text, ${n.threadId}::uuid, ${n.replyId}::uuid, ${n.actorId}::text)`));
  const { rows } = await sql<{ id: string; kind: CommunityNoticeKind }>`
    insert into user_notifications (user_id, kind, community_thread_id, community_reply_id, actor_id, reason)
    select v.user_id, v.kind, v.thread_id, v.reply_id, v.actor_id, null
    from (values ${values}) as v (user_id, kind, thread_id, reply_id, actor_id)
    where ${notTurnedOff(sql`v.user_id`, sql`v.kind`)}
    on conflict do nothing
    returning id, kind
  `.execute(db);
  return rows;
}

/** The newest listed threads for the sitemap (the newest-threads index). */
export async function listSitemapThreads(db: Db, limit: number) {
  return db
    .selectFrom('community_threads')
    .select(['id', 'last_activity_at'])
    .where('deleted_at', 'is', null)
    .where('hidden_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// --- Notices' emails and posting ------------------------------------------------------------

/** A community notice with its thread, post and author, and whether the thread or post is hidden or deleted (`gone`). */
export interface NoticeEmailRow {
  id: string;
  user_id: string;
  kind: CommunityNoticeKind;
  thread_id: string;
  reply_id: string | null;
  thread_title: string;
  actor_name: string | null;
  product_title: string | null;
  body: string | null;
  gone: boolean;
}

export async function selectNoticesForEmail(db: Db, ids: string[]): Promise<NoticeEmailRow[]> {
  const { rows } = await sql<NoticeEmailRow>`
    select n.id, n.user_id, n.kind, n.community_thread_id as thread_id, n.community_reply_id as reply_id,
      t.title as thread_title, a.full_name as actor_name, p.title as product_title,
      case when n.community_reply_id is null then t.body else r.body end as body,
      (t.deleted_at is not null or t.hidden_at is not null
        or (n.community_reply_id is not null and (r.id is null or r.deleted_at is not null or r.hidden_at is not null))) as gone
    from user_notifications n
    join community_threads t on t.id = n.community_thread_id
    left join community_replies r on r.id = n.community_reply_id
    left join profiles a on a.id = n.actor_id
    left join products p on p.id = t.product_id
    where n.id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})
  `.execute(db);
  return rows;
}

/** The poster's profile (gone or deleted: they may not post). */
export async function findPosterProfile(db: Db, userId: string) {
  return db.selectFrom('profiles').select(['id', 'deleted_at']).where('id', '=', userId).executeTakeFirst();
}

/** A published product by id, for a new discussion's link. */
export async function findPublishedProductTitle(db: Db, productId: string) {
  return db.selectFrom('products').select(['id', 'title']).where('id', '=', productId).where('status', '=', 'published').executeTakeFirst();
}

/** The id of every thread, hidden and deleted ones too: the server's index of ids that exist (scripts/lib/known-ids.ts). */
export async function selectAllThreadIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('community_threads').select('id').execute()).map((r) => r.id);
}
