/**
 * A creator is told in the bell when their payout is paid or failed (issue 27,
 * docs/decisions/048): user_notifications gains `payout_id` (the payout it tells of: its amount,
 * outcome, reference or reason are the payout's) and the kind 'payout', one notice per payout
 * (a payout closes once). Both kind checks are written again with every kind, each kind naming
 * exactly its own reference columns (docs/decisions/014; the pattern of 2026-11-29-0100).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = `'tool_update', 'sale', 'refund', 'product_version', 'new_product', 'tool_notice',
  'community_reply', 'community_mention', 'community_answer_accepted', 'community_product_question', 'account_suspension', 'payout'`;

/** Each kind's own reference is set; every other kind's is null. */
const OTHERS = (own: string) =>
  ['update_id', 'order_id', 'product_version_id', 'product_id', 'tool_id', 'community_thread_id', 'moderation_action_id', 'payout_id']
    .filter((c) => c !== own)
    .map((c) => `${c} is null`)
    .join(' and ');

const REFERENCE = `
  (kind = 'tool_update' and update_id is not null and reason is not null and ${OTHERS('update_id')})
  or (kind in ('sale', 'refund') and order_id is not null and ${OTHERS('order_id')} and reason is null)
  or (kind = 'product_version' and product_version_id is not null and ${OTHERS('product_version_id')} and reason is null)
  or (kind = 'new_product' and product_id is not null and ${OTHERS('product_id')} and reason is null)
  or (kind = 'tool_notice' and tool_id is not null and tool_event is not null and ${OTHERS('tool_id')} and reason is null)
  or (kind in ('community_reply', 'community_answer_accepted') and community_thread_id is not null and community_reply_id is not null
    and ${OTHERS('community_thread_id')} and reason is null)
  or (kind in ('community_mention', 'community_product_question') and community_thread_id is not null and ${OTHERS('community_thread_id')} and reason is null)
  or (kind = 'account_suspension' and moderation_action_id is not null and ${OTHERS('moderation_action_id')} and reason is null)
  or (kind = 'payout' and payout_id is not null and ${OTHERS('payout_id')} and reason is null)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Payouts are never deleted (money), so no cascade.
  await sql`alter table user_notifications add column payout_id uuid references payout_requests (id)`.execute(db);
  await sql`create unique index user_notifications_payout_key on user_notifications (user_id, payout_id) where payout_id is not null`.execute(db);
  await sql.raw(`alter table user_notifications drop constraint user_notifications_kind_check, drop constraint user_notifications_kind_reference`).execute(db);
  await sql
    .raw(
      `alter table user_notifications add constraint user_notifications_kind_check check (kind in (${KINDS})), add constraint user_notifications_kind_reference check (${REFERENCE})`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_notifications where kind = 'payout'`.execute(db);
  await sql`alter table user_notifications drop column if exists payout_id`.execute(db);
  // The kind checks then lack the new kind's column; the previous migration's are not restored
  // (as 2026-11-29-0100): rolling back further undoes them.
}
