/**
 * Refunds with a policy (issue 27, docs/decisions/049):
 * - products.refund_policy: no refunds, or within 7, 14 or 30 days of payment (the default, so
 *   every existing product keeps the 30 days its buyers were promised);
 * - refund_requests: one row per order a buyer asked to refund (unique order_id: a second ask,
 *   or a second click, is refused): 'instant' (refunded at once, the deliverable not opened) or
 *   a request with a reason, 'open' -> 'escalated' (not answered in 7 days) -> 'approved' |
 *   'declined', with who decided, when and the message to the buyer. Never deleted (like orders);
 * - user_notifications: the kinds 'refund_request' (to the creator) and 'refund_approved' /
 *   'refund_declined' (to the buyer), order notices like 'sale' and 'refund'. Both kind checks
 *   are written again with every kind (the pattern of 2026-11-29-0100).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = `'tool_update', 'sale', 'refund', 'product_version', 'new_product', 'tool_notice',
  'community_reply', 'community_mention', 'community_answer_accepted', 'community_product_question', 'account_suspension',
  'refund_request', 'refund_approved', 'refund_declined'`;

/** Each kind's own reference is set; every other kind's is null. */
const REFERENCE = `
  (kind = 'tool_update' and update_id is not null and reason is not null
    and order_id is null and product_version_id is null and product_id is null and tool_id is null and community_thread_id is null and moderation_action_id is null)
  or (kind in ('sale', 'refund', 'refund_request', 'refund_approved', 'refund_declined') and order_id is not null
    and update_id is null and product_version_id is null and product_id is null and tool_id is null and community_thread_id is null and moderation_action_id is null and reason is null)
  or (kind = 'product_version' and product_version_id is not null
    and update_id is null and order_id is null and product_id is null and tool_id is null and community_thread_id is null and moderation_action_id is null and reason is null)
  or (kind = 'new_product' and product_id is not null
    and update_id is null and order_id is null and product_version_id is null and tool_id is null and community_thread_id is null and moderation_action_id is null and reason is null)
  or (kind = 'tool_notice' and tool_id is not null and tool_event is not null
    and update_id is null and order_id is null and product_version_id is null and product_id is null and community_thread_id is null and moderation_action_id is null and reason is null)
  or (kind in ('community_reply', 'community_answer_accepted') and community_thread_id is not null and community_reply_id is not null
    and update_id is null and order_id is null and product_version_id is null and product_id is null and tool_id is null and moderation_action_id is null and reason is null)
  or (kind in ('community_mention', 'community_product_question') and community_thread_id is not null
    and update_id is null and order_id is null and product_version_id is null and product_id is null and tool_id is null and moderation_action_id is null and reason is null)
  or (kind = 'account_suspension' and moderation_action_id is not null
    and update_id is null and order_id is null and product_version_id is null and product_id is null and tool_id is null and community_thread_id is null and reason is null)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products add column refund_policy text not null default 'days_30'
      check (refund_policy in ('none', 'days_7', 'days_14', 'days_30'))
  `.execute(db);
  await sql`
    create table refund_requests (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null unique references orders (id),
      buyer_id text not null references profiles (id),
      creator_id text not null references profiles (id),
      status text not null check (status in ('instant', 'open', 'escalated', 'approved', 'declined')),
      reason text check (reason is null or char_length(reason) <= 2000),
      created_at timestamptz not null default now(),
      escalated_at timestamptz,
      decided_at timestamptz,
      decided_by text references profiles (id),
      decider text check (decider in ('creator', 'admin')),
      decision_message text check (decision_message is null or char_length(decision_message) <= 2000),
      -- A request has its reason; an instant refund needs none. A decided request says who and when.
      constraint refund_requests_reason check ((status = 'instant') = (reason is null)),
      constraint refund_requests_decided check ((status in ('approved', 'declined')) = (decided_at is not null and decider is not null))
    )
  `.execute(db);
  // The creator's open requests on /sales; the escalation job's and /admin/refunds' scans.
  await sql`create index refund_requests_creator on refund_requests (creator_id, created_at desc) where status in ('open', 'escalated')`.execute(db);
  await sql`create index refund_requests_pending on refund_requests (status, created_at) where status in ('open', 'escalated')`.execute(db);
  // The refund limit: a buyer's granted refunds of the last 90 days.
  await sql`create index refund_requests_buyer on refund_requests (buyer_id, created_at desc)`.execute(db);
  await sql.raw(`alter table user_notifications drop constraint user_notifications_kind_check, drop constraint user_notifications_kind_reference`).execute(db);
  await sql
    .raw(
      `alter table user_notifications add constraint user_notifications_kind_check check (kind in (${KINDS})), add constraint user_notifications_kind_reference check (${REFERENCE})`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_notifications where kind in ('refund_request', 'refund_approved', 'refund_declined')`.execute(db);
  await sql`drop table if exists refund_requests`.execute(db);
  await sql`alter table products drop column if exists refund_policy`.execute(db);
  // The kind checks keep the new kinds; the previous migration's are not restored (as 2026-11-29-0100).
}
