/**
 * Reputation's parts counted from the rows (issue 16, docs/decisions/036; issue 29,
 * docs/decisions/052): nothing is stored, every figure is what the tables say at the time of
 * reading. What other people gave a person (an up-vote of a listed post, following them, marking
 * their reply as the answer to a question of theirs) counts only when the giver
 * - has a verified email, and had had their account for a day when they gave it;
 * - did not sign up from the address the receiver signed up from (account_origins);
 * - gave nothing else that counted to the same person on the same (UTC) day: one source per
 *   giver, receiver and day, the one worth most;
 * - gave it after the receiver's latest reset by an administrator (reputation_resets).
 * Reviews the person wrote after that reset count as before. Each source is found from the
 * receiver's own rows: community_threads_author_idx and community_replies_author_idx, then the
 * votes by post (community_votes_thread_key, community_votes_reply_key),
 * community_threads_accepted_idx, follows_following_idx, and the reviewer indexes.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { ReputationParts } from '@/src/shared/reputation';
import { NO_REPUTATION, REPUTATION_POINTS } from '@/src/shared/reputation';

const int = (v: unknown) => Number(v ?? 0);

interface PartsRow {
  id: string;
  upvotes: string | number | null;
  accepted: string | number | null;
  followers: string | number | null;
  product_reviews: string | number | null;
  seller_reviews: string | number | null;
}

/** The parts of each given person's reputation (unknown ids: all zero), in one round trip. */
export async function reputationPartsOf(db: Db, userIds: readonly string[]): Promise<Map<string, ReputationParts>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, ReputationParts>();
  if (ids.length === 0) return out;
  const rows = await sql<PartsRow>`
    with receivers as (
      select p.id, coalesce((select max(rr.created_at) from reputation_resets rr where rr.user_id = p.id), '-infinity'::timestamptz) as since
      from profiles p
      where p.id in (${sql.join(ids)})
    ),
    sources as (
      select t.author_id as receiver_id, v.user_id as giver_id, v.created_at as given_at, 'upvote' as kind, ${REPUTATION_POINTS.upvote}::int as points
        from receivers x
        join community_threads t on t.author_id = x.id and t.deleted_at is null and t.hidden_at is null
        join community_votes v on v.thread_id = t.id
      union all
      select r.author_id, v.user_id, v.created_at, 'upvote', ${REPUTATION_POINTS.upvote}::int
        from receivers x
        join community_replies r on r.author_id = x.id and r.deleted_at is null and r.hidden_at is null
        join community_votes v on v.reply_id = r.id
      union all
      -- The question's author marked it; when is not stored, so the answer's own time stands for it.
      select r.author_id, t.author_id, r.created_at, 'accepted', ${REPUTATION_POINTS.acceptedAnswer}::int
        from receivers x
        join community_replies r on r.author_id = x.id and r.deleted_at is null and r.hidden_at is null
        join community_threads t on t.accepted_reply_id = r.id and t.deleted_at is null and t.hidden_at is null
      union all
      select f.following_id, f.follower_id, f.created_at, 'follower', ${REPUTATION_POINTS.follower}::int
        from receivers x
        join follows f on f.following_id = x.id
    ),
    counted as (
      select distinct on (s.receiver_id, s.giver_id, (s.given_at at time zone 'UTC')::date) s.receiver_id, s.kind
      from sources s
      join receivers x on x.id = s.receiver_id
      join users g on g.id = s.giver_id
      where s.giver_id <> s.receiver_id
        and g.email_verified
        and s.given_at >= g.created_at + interval '1 day'
        and s.given_at > x.since
        and not exists (
          select 1 from account_origins go
          join account_origins ro on ro.address_key = go.address_key
          where go.user_id = s.giver_id and ro.user_id = s.receiver_id
        )
      order by s.receiver_id, s.giver_id, (s.given_at at time zone 'UTC')::date, s.points desc, s.kind
    )
    select x.id,
      (select count(*) from counted c where c.receiver_id = x.id and c.kind = 'upvote') as upvotes,
      (select count(*) from counted c where c.receiver_id = x.id and c.kind = 'accepted') as accepted,
      (select count(*) from counted c where c.receiver_id = x.id and c.kind = 'follower') as followers,
      (select count(*) from product_reviews pr where pr.reviewer_id = x.id and pr.created_at > x.since) as product_reviews,
      (select count(*) from seller_reviews sr where sr.reviewer_id = x.id and sr.created_at > x.since) as seller_reviews
    from receivers x
  `.execute(db);
  for (const id of ids) out.set(id, NO_REPUTATION);
  for (const r of rows.rows) {
    out.set(r.id, {
      upvotes: int(r.upvotes),
      acceptedAnswers: int(r.accepted),
      reviews: int(r.product_reviews) + int(r.seller_reviews),
      followers: int(r.followers),
    });
  }
  return out;
}

/** A person's posts: threads and replies they wrote that are not deleted, and the discussions they took part in. */
export async function communityActivity(db: Db, userId: string): Promise<{ threads: number; replies: number; discussions: number }> {
  const row = await sql<{ threads: string; replies: string; discussions: string }>`
    select
      (select count(*) from community_threads where author_id = ${userId} and deleted_at is null) as threads,
      (select count(*) from community_replies where author_id = ${userId} and deleted_at is null) as replies,
      (select count(*) from (
        select id as thread_id from community_threads where author_id = ${userId} and deleted_at is null
        union
        select thread_id from community_replies where author_id = ${userId} and deleted_at is null
      ) joined) as discussions
  `.execute(db);
  const r = row.rows[0];
  return { threads: int(r?.threads), replies: int(r?.replies), discussions: int(r?.discussions) };
}

/** A person's name for the administrators' view, or undefined when there is no such profile. */
export async function findReputationSubject(db: Db, userId: string): Promise<{ id: string; full_name: string | null } | undefined> {
  return db.selectFrom('profiles').select(['id', 'full_name']).where('id', '=', userId).executeTakeFirst();
}

/** A person's resets, newest first, with the administrator's name. */
export async function listReputationResets(db: Db, userId: string) {
  return db
    .selectFrom('reputation_resets as rr')
    .leftJoin('profiles as a', 'a.id', 'rr.actor_id')
    .select(['rr.id', 'rr.reason', 'rr.score_before', 'rr.created_at', 'rr.actor_id', 'a.full_name as actor_name'])
    .where('rr.user_id', '=', userId)
    .orderBy('rr.created_at', 'desc')
    .orderBy('rr.id', 'desc')
    .execute();
}

export async function insertReputationReset(db: Db, row: { userId: string; actorId: string; reason: string; scoreBefore: number }): Promise<void> {
  await db.insertInto('reputation_resets').values({ user_id: row.userId, actor_id: row.actorId, reason: row.reason, score_before: row.scoreBefore }).execute();
}

export async function findProfileIdByHandle(db: Db, handle: string): Promise<string | undefined> {
  return (await db.selectFrom('profiles').select('id').where('handle', '=', handle).executeTakeFirst())?.id;
}
