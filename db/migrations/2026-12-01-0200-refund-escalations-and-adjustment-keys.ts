/**
 * Issue 27's leftovers (docs/decisions/051):
 *
 * - 'refund_escalated': an administrator's notice of a refund request escalated to them (it
 *   points at the order, like the other refund kinds). Both kind checks of user_notifications
 *   are rewritten with every kind, as 2026-11-30-0300 did.
 * - creator_ledger_entries.idempotency_key: the key an administrator's adjustment form sends,
 *   unique per administrator, so a double submit or a retried request writes one entry. Only
 *   adjustments carry one (the other kinds have their own unique keys).
 *
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = `'tool_update', 'sale', 'refund', 'product_version', 'new_product', 'tool_notice',
  'community_reply', 'community_mention', 'community_answer_accepted', 'community_product_question', 'account_suspension', 'payout',
  'refund_request', 'refund_approved', 'refund_declined', 'refund_escalated'`;

/** Each kind's own reference is set; every other kind's is null. */
const OTHERS = (own: string) =>
  ['update_id', 'order_id', 'product_version_id', 'product_id', 'tool_id', 'community_thread_id', 'moderation_action_id', 'payout_id']
    .filter((c) => c !== own)
    .map((c) => `${c} is null`)
    .join(' and ');

const reference = (orderKinds: string) => `
  (kind = 'tool_update' and update_id is not null and reason is not null and ${OTHERS('update_id')})
  or (kind in (${orderKinds}) and order_id is not null and ${OTHERS('order_id')} and reason is null)
  or (kind = 'product_version' and product_version_id is not null and ${OTHERS('product_version_id')} and reason is null)
  or (kind = 'new_product' and product_id is not null and ${OTHERS('product_id')} and reason is null)
  or (kind = 'tool_notice' and tool_id is not null and tool_event is not null and ${OTHERS('tool_id')} and reason is null)
  or (kind in ('community_reply', 'community_answer_accepted') and community_thread_id is not null and community_reply_id is not null
    and ${OTHERS('community_thread_id')} and reason is null)
  or (kind in ('community_mention', 'community_product_question') and community_thread_id is not null and ${OTHERS('community_thread_id')} and reason is null)
  or (kind = 'account_suspension' and moderation_action_id is not null and ${OTHERS('moderation_action_id')} and reason is null)
  or (kind = 'payout' and payout_id is not null and ${OTHERS('payout_id')} and reason is null)`;

async function kindChecks(db: Kysely<unknown>, kinds: string, orderKinds: string): Promise<void> {
  await sql.raw(`alter table user_notifications drop constraint user_notifications_kind_check, drop constraint user_notifications_kind_reference`).execute(db);
  await sql
    .raw(
      `alter table user_notifications add constraint user_notifications_kind_check check (kind in (${kinds})), add constraint user_notifications_kind_reference check (${reference(orderKinds)})`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await kindChecks(db, KINDS, `'sale', 'refund', 'refund_request', 'refund_approved', 'refund_declined', 'refund_escalated'`);
  await sql`alter table creator_ledger_entries add column idempotency_key text,
    add constraint creator_ledger_entries_idempotency_key check (idempotency_key is null or (kind = 'adjustment' and length(idempotency_key) between 8 and 100))`.execute(
    db,
  );
  await sql`create unique index creator_ledger_adjustment_key on creator_ledger_entries (created_by, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists creator_ledger_adjustment_key`.execute(db);
  await sql`alter table creator_ledger_entries drop constraint if exists creator_ledger_entries_idempotency_key, drop column if exists idempotency_key`.execute(
    db,
  );
  await sql`delete from user_notifications where kind = 'refund_escalated'`.execute(db);
  await kindChecks(db, KINDS.replace(`, 'refund_escalated'`, ''), `'sale', 'refund', 'refund_request', 'refund_approved', 'refund_declined'`);
}
