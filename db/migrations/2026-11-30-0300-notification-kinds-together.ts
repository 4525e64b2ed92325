/**
 * Both kind checks of user_notifications with every kind (docs/decisions/014; as
 * 2026-11-28-0900). 2026-11-30-0200-payout-notices added 'payout' (with `payout_id`) and
 * 2026-11-30-0200-refund-policy-and-requests added the refund kinds, each rewriting the checks
 * with only its own: the later one (refund) would refuse every payout notice. Each kind names
 * exactly its own reference columns.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = `'tool_update', 'sale', 'refund', 'product_version', 'new_product', 'tool_notice',
  'community_reply', 'community_mention', 'community_answer_accepted', 'community_product_question', 'account_suspension', 'payout',
  'refund_request', 'refund_approved', 'refund_declined'`;

/** Each kind's own reference is set; every other kind's is null. */
const OTHERS = (own: string) =>
  ['update_id', 'order_id', 'product_version_id', 'product_id', 'tool_id', 'community_thread_id', 'moderation_action_id', 'payout_id']
    .filter((c) => c !== own)
    .map((c) => `${c} is null`)
    .join(' and ');

const REFERENCE = `
  (kind = 'tool_update' and update_id is not null and reason is not null and ${OTHERS('update_id')})
  or (kind in ('sale', 'refund', 'refund_request', 'refund_approved', 'refund_declined') and order_id is not null and ${OTHERS('order_id')} and reason is null)
  or (kind = 'product_version' and product_version_id is not null and ${OTHERS('product_version_id')} and reason is null)
  or (kind = 'new_product' and product_id is not null and ${OTHERS('product_id')} and reason is null)
  or (kind = 'tool_notice' and tool_id is not null and tool_event is not null and ${OTHERS('tool_id')} and reason is null)
  or (kind in ('community_reply', 'community_answer_accepted') and community_thread_id is not null and community_reply_id is not null
    and ${OTHERS('community_thread_id')} and reason is null)
  or (kind in ('community_mention', 'community_product_question') and community_thread_id is not null and ${OTHERS('community_thread_id')} and reason is null)
  or (kind = 'account_suspension' and moderation_action_id is not null and ${OTHERS('moderation_action_id')} and reason is null)
  or (kind = 'payout' and payout_id is not null and ${OTHERS('payout_id')} and reason is null)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table user_notifications drop constraint user_notifications_kind_check, drop constraint user_notifications_kind_reference`).execute(db);
  await sql
    .raw(
      `alter table user_notifications add constraint user_notifications_kind_check check (kind in (${KINDS})), add constraint user_notifications_kind_reference check (${REFERENCE})`,
    )
    .execute(db);
}

export async function down(): Promise<void> {
  // The two migrations before this one are undone by their own down(); nothing to restore here.
}
