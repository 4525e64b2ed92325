/**
 * Affiliates paid with Stripe Connect, and their sale emails (issue 31, docs/decisions/083).
 * - creator_ledger_entries: two more kinds, once per order: the affiliate's 'affiliate_transfer'
 *   (- the commission, sent to their connected account; provider_ref the Stripe transfer) and
 *   'affiliate_transfer_reversal' (+ it, taken back by a refund; provider_ref the reversal).
 * - The email kind 'affiliate_sale' in notification_preferences and email_messages: the
 *   affiliate's 'You earned $X.XX' of each credited sale, as their preference for it says.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const KINDS_BEFORE = `'sale', 'refund', 'payout', 'payout_reversal', 'adjustment', 'transfer', 'transfer_reversal', 'affiliate_commission', 'affiliate_commission_reversal', 'affiliate_earning', 'affiliate_earning_reversal'`;
const TRANSFER_KINDS = `'affiliate_transfer', 'affiliate_transfer_reversal'`;
const EMAIL_KINDS = `'security_update', 'tool_update', 'new_product', 'sale', 'review_received', 'community_reply', 'community_mention', 'community_answer_accepted', 'weekly_digest', 'creator_email'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `alter table creator_ledger_entries
        drop constraint creator_ledger_entries_kind_check,
        add constraint creator_ledger_entries_kind_check check (kind in (${KINDS_BEFORE}, ${TRANSFER_KINDS})),
        drop constraint creator_ledger_entries_affiliate_shape,
        add constraint creator_ledger_entries_affiliate_shape check (
          kind not in ('affiliate_commission', 'affiliate_commission_reversal', 'affiliate_earning', 'affiliate_earning_reversal', ${TRANSFER_KINDS})
          or (order_id is not null and payout_id is null and (
            (kind in ('affiliate_commission', 'affiliate_earning_reversal') and amount_cents < 0)
            or (kind in ('affiliate_earning', 'affiliate_commission_reversal') and amount_cents > 0)
            or (kind = 'affiliate_transfer' and amount_cents < 0 and provider_ref is not null)
            or (kind = 'affiliate_transfer_reversal' and amount_cents > 0 and provider_ref is not null))))`,
    )
    .execute(db);
  // The older shape check lets every affiliate kind through to the check above.
  await sql
    .raw(
      `alter table creator_ledger_entries
        drop constraint creator_ledger_entries_shape,
        add constraint creator_ledger_entries_shape check (
          kind in ('affiliate_commission', 'affiliate_commission_reversal', 'affiliate_earning', 'affiliate_earning_reversal', ${TRANSFER_KINDS})
          or (kind = 'sale' and amount_cents >= 0 and order_id is not null and payout_id is null)
          or (kind = 'refund' and amount_cents <= 0 and order_id is not null and payout_id is null)
          or (kind = 'payout' and amount_cents < 0 and payout_id is not null and order_id is null)
          or (kind = 'payout_reversal' and amount_cents > 0 and payout_id is not null)
          or (kind = 'adjustment' and amount_cents <> 0 and reason is not null and created_by is not null and order_id is null and payout_id is null)
          or (kind = 'transfer' and amount_cents <= 0 and order_id is not null and payout_id is null and provider_ref is not null)
          or (kind = 'transfer_reversal' and amount_cents >= 0 and order_id is not null and payout_id is null and provider_ref is not null))`,
    )
    .execute(db);
  await sql
    .raw(`create unique index creator_ledger_affiliate_transfer_key on creator_ledger_entries (order_id, kind) where kind in (${TRANSFER_KINDS})`)
    .execute(db);
  await sql`alter table notification_preferences drop constraint notification_preferences_kind_check`.execute(db);
  await sql
    .raw(`alter table notification_preferences add constraint notification_preferences_kind_check check (kind in (${EMAIL_KINDS}, 'affiliate_sale'))`)
    .execute(db);
  await sql`alter table email_messages drop constraint email_messages_kind_check`.execute(db);
  await sql
    .raw(
      `alter table email_messages add constraint email_messages_kind_check check (kind in (${EMAIL_KINDS}, 'daily_digest', 'transactional', 'affiliate_sale'))`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_messages where kind = 'affiliate_sale'`.execute(db);
  await sql`delete from notification_preferences where kind = 'affiliate_sale'`.execute(db);
  await sql`alter table email_messages drop constraint email_messages_kind_check`.execute(db);
  await sql
    .raw(`alter table email_messages add constraint email_messages_kind_check check (kind in (${EMAIL_KINDS}, 'daily_digest', 'transactional'))`)
    .execute(db);
  await sql`alter table notification_preferences drop constraint notification_preferences_kind_check`.execute(db);
  await sql.raw(`alter table notification_preferences add constraint notification_preferences_kind_check check (kind in (${EMAIL_KINDS}))`).execute(db);
  await sql`alter table creator_ledger_entries disable trigger creator_ledger_entries_append_only`.execute(db);
  await sql.raw(`delete from creator_ledger_entries where kind in (${TRANSFER_KINDS})`).execute(db);
  await sql`alter table creator_ledger_entries enable trigger creator_ledger_entries_append_only`.execute(db);
  await sql`drop index if exists creator_ledger_affiliate_transfer_key`.execute(db);
  await sql
    .raw(
      `alter table creator_ledger_entries
        drop constraint creator_ledger_entries_kind_check,
        add constraint creator_ledger_entries_kind_check check (kind in (${KINDS_BEFORE})),
        drop constraint creator_ledger_entries_affiliate_shape,
        add constraint creator_ledger_entries_affiliate_shape check (
          kind not in ('affiliate_commission', 'affiliate_commission_reversal', 'affiliate_earning', 'affiliate_earning_reversal')
          or (order_id is not null and payout_id is null and (
            (kind in ('affiliate_commission', 'affiliate_earning_reversal') and amount_cents < 0)
            or (kind in ('affiliate_earning', 'affiliate_commission_reversal') and amount_cents > 0))))`,
    )
    .execute(db);
}
