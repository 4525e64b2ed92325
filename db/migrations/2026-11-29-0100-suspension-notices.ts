/**
 * Lifting a suspension early, and telling the user (issue 16 follow-up, docs/decisions/042):
 * - moderation_actions.action and reports.resolution accept 'unsuspend' (an administrator lifts
 *   a suspension before its end; logged like every action);
 * - user_notifications gains `moderation_action_id` (the logged suspend or unsuspend it tells
 *   of: until when and why are the log row's) and the kind 'account_suspension', with one notice
 *   per action. Both kind checks are written again with every kind, each kind naming exactly its
 *   own reference columns (docs/decisions/014; the pattern of 2026-11-28-0900).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const ACTIONS = `'dismiss', 'approve', 'hide', 'remove_product', 'lock_thread', 'suspend', 'hide_all', 'unsuspend'`;

const KINDS = `'tool_update', 'sale', 'refund', 'product_version', 'new_product', 'tool_notice',
  'community_reply', 'community_mention', 'community_answer_accepted', 'community_product_question', 'account_suspension'`;

/** Each kind's own reference is set; every other kind's is null. */
const REFERENCE = `
  (kind = 'tool_update' and update_id is not null and reason is not null
    and order_id is null and product_version_id is null and product_id is null and tool_id is null and community_thread_id is null and moderation_action_id is null)
  or (kind in ('sale', 'refund') and order_id is not null
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
  await sql
    .raw(
      `alter table moderation_actions drop constraint moderation_actions_action_check, add constraint moderation_actions_action_check check (action in (${ACTIONS}))`,
    )
    .execute(db);
  await sql
    .raw(`alter table reports drop constraint reports_resolution_check, add constraint reports_resolution_check check (resolution in (${ACTIONS}))`)
    .execute(db);
  // The log is append-only, so no cascade: a notice never outlives the action it tells of anyway.
  await sql`alter table user_notifications add column moderation_action_id uuid references moderation_actions (id)`.execute(db);
  await sql`create unique index user_notifications_moderation_action_key on user_notifications (user_id, moderation_action_id) where moderation_action_id is not null`.execute(
    db,
  );
  await sql.raw(`alter table user_notifications drop constraint user_notifications_kind_check, drop constraint user_notifications_kind_reference`).execute(db);
  await sql
    .raw(
      `alter table user_notifications add constraint user_notifications_kind_check check (kind in (${KINDS})), add constraint user_notifications_kind_reference check (${REFERENCE})`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_notifications where kind = 'account_suspension'`.execute(db);
  await sql`alter table user_notifications drop column if exists moderation_action_id`.execute(db);
  // The kind checks then lack the new kind's column; the previous migration's are not restored
  // (as 2026-11-28-0900): rolling back further undoes them.
}
