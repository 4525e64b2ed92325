/**
 * Product reviews (issue 15, docs/decisions/029).
 * - product_reviews: one per reviewer and product (unique), 1 to 5 stars and a text, the
 *   creator's one public reply (reply_text and replied_at set together, once), and
 *   helpful_count, changed only by `+ 1` / `- 1` in the statement that inserted or deleted a
 *   vote row, so concurrent votes all count exactly. The lists' orders have their indexes:
 *   newest, most helpful, lowest (each per product), and a reviewer's own, newest first.
 * - product_review_votes: one 'Helpful' per user and review (primary key).
 * - product_review_reports: one report per user and review (the latest reason wins), kept
 *   for the team; nothing reads them in the app yet.
 * - products.review_count and products.rating_score: with products.rating (the average,
 *   two decimals), maintained from product_reviews in the transaction of each review change.
 *   rating_score is the Bayesian average 'Top rated' sorts by (prior: 5 reviews of 3.5
 *   stars), 0 without reviews; its partial index serves the marketplace's sort and a
 *   creator's portfolio.
 * - Every product's rating becomes what its reviews say: there are none yet, so 0 (the
 *   demo catalogue's invented ratings go; the seed adds real reviews).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column review_count integer not null default 0 check (review_count >= 0)`.execute(db);
  await sql`alter table products add column rating_score numeric(4, 3) not null default 0 check (rating_score between 0 and 5)`.execute(db);
  await sql`update products set rating = 0 where rating <> 0`.execute(db);
  await sql`
    create table product_reviews (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id) on delete cascade,
      reviewer_id text not null references profiles (id) on delete cascade,
      rating integer not null check (rating between 1 and 5),
      review_text text not null check (char_length(review_text) between 1 and 5000),
      helpful_count integer not null default 0 check (helpful_count >= 0),
      reply_text text check (reply_text is null or char_length(reply_text) between 1 and 5000),
      replied_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (product_id, reviewer_id),
      check ((reply_text is null) = (replied_at is null))
    )
  `.execute(db);
  await sql`create index product_reviews_newest_idx on product_reviews (product_id, created_at desc, id desc)`.execute(db);
  await sql`create index product_reviews_helpful_idx on product_reviews (product_id, helpful_count desc, created_at desc, id desc)`.execute(db);
  await sql`create index product_reviews_lowest_idx on product_reviews (product_id, rating, created_at desc, id desc)`.execute(db);
  await sql`create index product_reviews_reviewer_idx on product_reviews (reviewer_id, created_at desc, id desc)`.execute(db);
  await sql`
    create table product_review_votes (
      review_id uuid not null references product_reviews (id) on delete cascade,
      user_id text not null references profiles (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (review_id, user_id)
    )
  `.execute(db);
  await sql`create index product_review_votes_user_idx on product_review_votes (user_id)`.execute(db);
  await sql`
    create table product_review_reports (
      review_id uuid not null references product_reviews (id) on delete cascade,
      reporter_id text not null references profiles (id) on delete cascade,
      reason text not null check (reason in ('spam', 'offensive', 'off_topic', 'not_a_buyer', 'other')),
      details text check (details is null or char_length(details) <= 1000),
      created_at timestamptz not null default now(),
      primary key (review_id, reporter_id)
    )
  `.execute(db);
  await sql`create index product_review_reports_created_idx on product_review_reports (created_at desc)`.execute(db);
  // 'Top rated' (search.repository.ts) and a creator's portfolio sorted by it.
  await sql`create index products_published_score_idx on products (rating_score desc, id desc) where status = 'published'`.execute(db);
  await sql`create index products_published_creator_score_idx on products (creator_id, rating_score desc, downloads_count desc, id desc) where status = 'published'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists products_published_creator_score_idx`.execute(db);
  await sql`drop index if exists products_published_score_idx`.execute(db);
  await sql`drop table if exists product_review_reports`.execute(db);
  await sql`drop table if exists product_review_votes`.execute(db);
  await sql`drop table if exists product_reviews`.execute(db);
  await sql`alter table products drop column if exists rating_score`.execute(db);
  await sql`alter table products drop column if exists review_count`.execute(db);
}
