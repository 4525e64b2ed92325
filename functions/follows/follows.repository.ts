/**
 * Every query of follows: AI tools (ai_tool_follows) and people (follows). Functions take
 * `db` or a transaction first.
 *
 * Counters: a person's follower_count and following_count change only by the rows a
 * statement really inserted or deleted, in the same transaction, so they stay exact however
 * many follows and unfollows race (a duplicate insert or a second delete changes nothing).
 * Tool follower counts are counted from the rows (ai_tool_follows_tool_user_idx).
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';

export async function toolExists(db: Db, toolId: string): Promise<boolean> {
  const row = await db.selectFrom('ai_tools').select('id').where('id', '=', toolId).where('status', '=', 'approved').executeTakeFirst();
  return Boolean(row);
}

/** True when the row was inserted (false: already following). */
export async function insertToolFollow(db: Db, userId: string, toolId: string): Promise<boolean> {
  const rows = await db
    .insertInto('ai_tool_follows')
    .values({ user_id: userId, tool_id: toolId })
    .onConflict((oc) => oc.columns(['user_id', 'tool_id']).doNothing())
    .returning('tool_id')
    .execute();
  return rows.length > 0;
}

export async function deleteToolFollow(db: Db, userId: string, toolId: string): Promise<boolean> {
  const rows = await db.deleteFrom('ai_tool_follows').where('user_id', '=', userId).where('tool_id', '=', toolId).returning('tool_id').execute();
  return rows.length > 0;
}

export async function countToolFollowers(db: Db, toolId: string): Promise<number> {
  const row = await db
    .selectFrom('ai_tool_follows')
    .select(sql<string>`count(*)`.as('n'))
    .where('tool_id', '=', toolId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Follower counts of every tool (tools without followers are 0). */
export async function listToolFollowerCounts(db: Db): Promise<{ id: string; follower_count: number }[]> {
  const result = await sql<{ id: string; follower_count: number }>`
    select t.id, (select count(*)::int from ai_tool_follows f where f.tool_id = t.id) as follower_count
    from ai_tools t where t.status = 'approved' order by t.id
  `.execute(db);
  return result.rows;
}

export async function listFollowedTools(db: Db, userId: string): Promise<{ tool_id: string; name: string; detail_page: boolean; created_at: Date }[]> {
  return db
    .selectFrom('ai_tool_follows as f')
    .innerJoin('ai_tools as t', 't.id', 'f.tool_id')
    .select(['f.tool_id', 't.name', 't.detail_page', 'f.created_at'])
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .execute();
}

export async function profileExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('profiles').select('id').where('id', '=', id).executeTakeFirst();
  return Boolean(row);
}

export async function insertFollow(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .insertInto('follows')
    .values({ follower_id: followerId, following_id: followingId })
    .onConflict((oc) => oc.columns(['follower_id', 'following_id']).doNothing())
    .returning('following_id')
    .execute();
  return rows.length > 0;
}

export async function deleteFollow(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db.deleteFrom('follows').where('follower_id', '=', followerId).where('following_id', '=', followingId).returning('following_id').execute();
  return rows.length > 0;
}

/**
 * Moves both counters by delta. The two profile rows are updated in id order, so two
 * transactions touching the same pair (A follows B while B follows A) lock them in the same
 * order and cannot deadlock.
 */
export async function adjustFollowCounters(db: Db, followerId: string, followingId: string, delta: 1 | -1): Promise<void> {
  const updates = [
    { id: followerId, column: 'following_count' as const },
    { id: followingId, column: 'follower_count' as const },
  ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const u of updates) {
    await db
      .updateTable('profiles')
      .set({ [u.column]: sql`greatest(${sql.ref(u.column)} + ${delta}, 0)` })
      .where('id', '=', u.id)
      .execute();
  }
}

export async function isFollowing(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('following_id')
    .where('follower_id', '=', followerId)
    .where('following_id', '=', followingId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function findFollowCounts(db: Db, id: string): Promise<{ follower_count: number; following_count: number } | undefined> {
  return db.selectFrom('profiles').select(['follower_count', 'following_count']).where('id', '=', id).executeTakeFirst();
}
