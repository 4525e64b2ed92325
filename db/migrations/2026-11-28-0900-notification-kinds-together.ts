/**
 * Issues 16, 17 and 18 each widened user_notifications' two checks for their own kinds, on
 * branches built side by side (migrations 2026-11-28-0100 community, -0400 tools, -0600 jobs):
 * each dropped the checks and wrote them back with the kinds it knew, so the last one to run
 * would refuse the others' notices. This writes both checks once with every kind and its
 * reference (docs/decisions/014: a kind names exactly its own reference columns).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = `'tool_update', 'sale', 'refund', 'product_version', 'new_product', 'tool_notice',
  'community_reply', 'community_mention', 'community_answer_accepted', 'community_product_question'`;

/** Each kind's own reference is set; every other kind's is null. */
const REFERENCE = `
  (kind = 'tool_update' and update_id is not null and reason is not null
    and order_id is null and product_version_id is null and product_id is null and tool_id is null and community_thread_id is null)
  or (kind in ('sale', 'refund') and order_id is not null
    and update_id is null and product_version_id is null and product_id is null and tool_id is null and community_thread_id is null and reason is null)
  or (kind = 'product_version' and product_version_id is not null
    and update_id is null and order_id is null and product_id is null and tool_id is null and community_thread_id is null and reason is null)
  or (kind = 'new_product' and product_id is not null
    and update_id is null and order_id is null and product_version_id is null and tool_id is null and community_thread_id is null and reason is null)
  or (kind = 'tool_notice' and tool_id is not null and tool_event is not null
    and update_id is null and order_id is null and product_version_id is null and product_id is null and community_thread_id is null and reason is null)
  or (kind in ('community_reply', 'community_answer_accepted') and community_thread_id is not null and community_reply_id is not null
    and update_id is null and order_id is null and product_version_id is null and product_id is null and tool_id is null and reason is null)
  or (kind in ('community_mention', 'community_product_question') and community_thread_id is not null
    and update_id is null and order_id is null and product_version_id is null and product_id is null and tool_id is null and reason is null)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table user_notifications drop constraint user_notifications_kind_check, drop constraint user_notifications_kind_reference`).execute(db);
  await sql
    .raw(
      `alter table user_notifications add constraint user_notifications_kind_check check (kind in (${KINDS})), add constraint user_notifications_kind_reference check (${REFERENCE})`,
    )
    .execute(db);
}

export async function down(): Promise<void> {
  // The checks of the last branch migration are not worth restoring: rolling back further undoes them.
}
