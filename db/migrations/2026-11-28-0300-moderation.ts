/**
 * Moderation and trust (issue 16, docs/decisions/037).
 * - reports: one table for every report (a thread, a reply, a product, a product review, a
 *   seller review, a profile): what (target_kind, target_id), whose (target_user_id, the author,
 *   whom a suspension reaches), who reported it (null: the queue's own entry for a post held for
 *   review), why (reason, note), open or resolved and how. One report per reporter and target
 *   (unique). The queue reads open ones oldest first and resolved ones newest first.
 * - product_review_reports (decision 029) is folded into reports (its reasons mapped onto the
 *   new ones) and dropped.
 * - moderation_actions: every action an administrator takes, who, what, when, why, append-only.
 * - profiles.suspended_until / suspension_reason: a suspension ends by itself at its end date
 *   (every check compares with now()). profiles.hidden_at: a profile's own words hidden from
 *   public reads.
 * - product_reviews.hidden_at, seller_reviews.hidden_at: hidden reviews leave public reads and
 *   the derived ratings. products.removed_at: removed from the marketplace by the team (the
 *   product is 'rejected'; its creator cannot publish it again).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reports (
      id uuid primary key default gen_random_uuid(),
      target_kind text not null check (target_kind in ('thread', 'reply', 'product', 'product_review', 'seller_review', 'profile')),
      target_id text not null check (char_length(target_id) between 1 and 100),
      target_user_id text references profiles (id) on delete set null,
      reporter_id text references profiles (id) on delete cascade,
      reason text not null check (reason in ('spam', 'harassment', 'illegal', 'malware', 'misleading', 'other', 'held_links')),
      note text check (note is null or char_length(note) <= 1000),
      status text not null default 'open' check (status in ('open', 'resolved')),
      resolution text check (resolution in ('dismiss', 'approve', 'hide', 'remove_product', 'lock_thread', 'suspend', 'hide_all')),
      resolved_by text references profiles (id) on delete set null,
      resolved_at timestamptz,
      created_at timestamptz not null default now(),
      unique (target_kind, target_id, reporter_id),
      check ((status = 'open') = (resolved_at is null))
    )
  `.execute(db);
  await sql`create index reports_queue_idx on reports (status, created_at, id)`.execute(db);
  await sql`create index reports_target_idx on reports (target_kind, target_id) where status = 'open'`.execute(db);
  await sql`
    insert into reports (target_kind, target_id, target_user_id, reporter_id, reason, note, created_at)
    select 'product_review', r.review_id::text, pr.reviewer_id, r.reporter_id,
      case r.reason when 'spam' then 'spam' when 'offensive' then 'harassment' when 'off_topic' then 'misleading'
        when 'not_a_buyer' then 'misleading' else 'other' end,
      r.details, r.created_at
    from product_review_reports r join product_reviews pr on pr.id = r.review_id
  `.execute(db);
  await sql`drop table product_review_reports`.execute(db);
  await sql`
    create table moderation_actions (
      id uuid primary key default gen_random_uuid(),
      actor_id text references profiles (id) on delete set null,
      action text not null check (action in ('dismiss', 'approve', 'hide', 'remove_product', 'lock_thread', 'suspend', 'hide_all')),
      target_kind text not null check (target_kind in ('thread', 'reply', 'product', 'product_review', 'seller_review', 'profile')),
      target_id text not null,
      subject_user_id text references profiles (id) on delete set null,
      report_id uuid references reports (id) on delete set null,
      reason text not null check (char_length(reason) between 1 and 1000),
      until timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index moderation_actions_newest_idx on moderation_actions (created_at desc, id desc)`.execute(db);
  await sql`alter table profiles add column suspended_until timestamptz`.execute(db);
  await sql`alter table profiles add column suspension_reason text check (suspension_reason is null or char_length(suspension_reason) <= 1000)`.execute(db);
  await sql`alter table profiles add column hidden_at timestamptz`.execute(db);
  await sql`alter table product_reviews add column hidden_at timestamptz`.execute(db);
  await sql`alter table seller_reviews add column hidden_at timestamptz`.execute(db);
  await sql`alter table products add column removed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products drop column if exists removed_at`.execute(db);
  await sql`alter table seller_reviews drop column if exists hidden_at`.execute(db);
  await sql`alter table product_reviews drop column if exists hidden_at`.execute(db);
  await sql`alter table profiles drop column if exists hidden_at`.execute(db);
  await sql`alter table profiles drop column if exists suspension_reason`.execute(db);
  await sql`alter table profiles drop column if exists suspended_until`.execute(db);
  await sql`drop table if exists moderation_actions`.execute(db);
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
  await sql`drop table if exists reports`.execute(db);
}
