/**
 * Reputation's parts counted from the rows (issue 16, docs/decisions/036): nothing is stored,
 * every figure is what the tables say at the time of reading. Each count walks an index of
 * the person's own rows: community_threads_author_idx and community_replies_author_idx (the
 * up-votes their listed posts received, vote_count being kept exact by the vote statements),
 * community_threads_accepted_idx (their replies marked as answers), product_reviews_reviewer_idx
 * and seller_reviews_reviewer_idx (reviews written), and follows_following_idx (followers). A deleted or hidden post's votes and answers do not count.
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { ReputationParts } from '@/src/shared/reputation';
import { NO_REPUTATION } from '@/src/shared/reputation';

const int = (v: unknown) => Number(v ?? 0);

interface PartsRow {
  id: string;
  thread_votes: string | number | null;
  reply_votes: string | number | null;
  accepted: string | number | null;
  product_reviews: string | number | null;
  seller_reviews: string | number | null;
  followers: string | number | null;
}

/** The parts of each given person's reputation (unknown ids: all zero), in one round trip. */
export async function reputationPartsOf(db: Db, userIds: readonly string[]): Promise<Map<string, ReputationParts>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, ReputationParts>();
  if (ids.length === 0) return out;
  const rows = await sql<PartsRow>`
    select p.id,
      (select coalesce(sum(t.vote_count), 0) from community_threads t
        where t.author_id = p.id and t.deleted_at is null and t.hidden_at is null) as thread_votes,
      (select coalesce(sum(r.vote_count), 0) from community_replies r
        where r.author_id = p.id and r.deleted_at is null and r.hidden_at is null) as reply_votes,
      (select count(*) from community_replies r
        join community_threads t on t.accepted_reply_id = r.id
        where r.author_id = p.id and r.deleted_at is null and r.hidden_at is null
          and t.deleted_at is null and t.hidden_at is null and t.author_id <> p.id) as accepted,
      (select count(*) from product_reviews pr where pr.reviewer_id = p.id) as product_reviews,
      (select count(*) from seller_reviews sr where sr.reviewer_id = p.id) as seller_reviews,
      (select count(*) from follows f where f.following_id = p.id) as followers
    from profiles p
    where p.id in (${sql.join(ids)})
  `.execute(db);
  for (const id of ids) out.set(id, NO_REPUTATION);
  for (const r of rows.rows) {
    out.set(r.id, {
      upvotes: int(r.thread_votes) + int(r.reply_votes),
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
