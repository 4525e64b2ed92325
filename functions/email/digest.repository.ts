/**
 * Every query of the daily and weekly digests (docs/decisions/041): who may have one, the
 * pending lines and the week's followed news of a user, the products trending in their
 * categories, and the digest row itself with the lines it took (digest.service.ts inserts it
 * and marks them in one transaction). Functions take `db` or a transaction first.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { EmailMessage } from '@/db/schema';

type Period = 'daily' | 'weekly';

const DAY = 86_400_000;

/** Users who may have a digest of this period: pending lines, or (weekly) followed news. */
export async function selectDigestCandidates(db: Db, period: Period, start: Date, end: Date, after: string, limit: number): Promise<string[]> {
  const pending = sql`select user_id from email_messages where status = 'pending_digest' and channel = ${period} and created_at < ${end}`;
  const { rows } =
    period === 'daily'
      ? await sql<{ user_id: string }>`select distinct user_id from (${pending}) c where user_id > ${after} order by user_id limit ${limit}`.execute(db)
      : await sql<{ user_id: string }>`
          select distinct user_id from (
            ${pending}
            union all
            select f.user_id from ai_tool_updates u join ai_tool_follows f on f.tool_id = u.tool_id
              where u.created_at >= ${start} and u.created_at < ${end}
            union all
            select f.follower_id from products p join follows f on f.following_id = p.creator_id
              where p.status = 'published' and p.published_at >= ${start} and p.published_at < ${end}
          ) c where user_id > ${after} order by user_id limit ${limit}`.execute(db);
  return rows.map((r) => r.user_id);
}

/** The updates of the tools the user follows in [start, end), newest first. */
export async function selectFollowedToolUpdates(db: Db, userId: string, start: Date, end: Date, limit: number) {
  return db
    .selectFrom('ai_tool_updates as u')
    .innerJoin('ai_tool_follows as f', 'f.tool_id', 'u.tool_id')
    .select(['u.id', 'u.update_type'])
    .where('f.user_id', '=', userId)
    .where('u.created_at', '>=', start)
    .where('u.created_at', '<', end)
    .orderBy('u.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The products the creators the user follows published in [start, end), newest first. */
export async function selectFollowedNewProducts(db: Db, userId: string, start: Date, end: Date, limit: number) {
  return db
    .selectFrom('products as p')
    .innerJoin('follows as f', 'f.following_id', 'p.creator_id')
    .select('p.id')
    .where('f.follower_id', '=', userId)
    .where('p.status', '=', 'published')
    .where('p.published_at', '>=', start)
    .where('p.published_at', '<', end)
    .orderBy('p.published_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Others' products published in the 30 days before `end` in the categories of what the user
 * favorited or downloaded, most downloaded first.
 */
export async function selectTrendingInUserCategories(db: Db, userId: string, end: Date, limit: number) {
  const mine = db
    .selectFrom('products as p')
    .select('p.category_id')
    .where('p.category_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('p.id', 'in', eb.selectFrom('favorites').select('product_id').where('user_id', '=', userId)),
        eb('p.id', 'in', eb.selectFrom('product_downloaders').select('product_id').where('user_id', '=', userId)),
      ]),
    );
  return db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.title', 'p.short_description', 'c.name as category'])
    .where('p.status', '=', 'published')
    .where('p.creator_id', '!=', userId)
    .where('p.category_id', 'in', mine)
    .where('p.published_at', '>=', new Date(end.getTime() - 30 * DAY))
    .orderBy('p.downloads_count', 'desc')
    .orderBy('p.views_count', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** The user's emails waiting for this period's digest, created before `end`, oldest first. */
export async function selectPendingDigestLines(
  db: Db,
  userId: string,
  period: Period,
  end: Date,
): Promise<Pick<EmailMessage, 'id' | 'user_id' | 'kind' | 'reference' | 'payload'>[]> {
  return db
    .selectFrom('email_messages')
    .select(['id', 'user_id', 'kind', 'reference', 'payload'])
    .where('user_id', '=', userId)
    .where('channel', '=', period)
    .where('status', '=', 'pending_digest')
    .where('created_at', '<', end)
    .orderBy('created_at')
    .execute();
}

/** The digest row of a period, queued; undefined when another run inserted it first. */
export async function insertDigest(db: Db, { userId, period, reference, payload }: { userId: string; period: Period; reference: string; payload: string }) {
  return db
    .insertInto('email_messages')
    .values({
      user_id: userId,
      kind: period === 'daily' ? 'daily_digest' : 'weekly_digest',
      reference,
      channel: period,
      status: 'queued',
      payload,
    })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** The pending lines a digest took. */
export async function markDigested(db: Db, ids: string[], digestId: string): Promise<void> {
  await db
    .updateTable('email_messages')
    .set({ status: 'digested', digest_id: digestId })
    .where('id', 'in', ids)
    .where('status', '=', 'pending_digest')
    .execute();
}
