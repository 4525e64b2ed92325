/**
 * Every email through one outbox whose sends are pg-boss jobs (issue 28, docs/decisions/059):
 * - email_messages keeps being the log of what was sent (status, attempts, last error, sent_at),
 *   but its retries are the 'email.deliver' job's (one per message), so the claim and backoff
 *   columns go: next_attempt_at, locked_until, the due index, and the status 'sending';
 * - the transactional emails (account emails, receipts, refund, payout and suspension notices,
 *   the notices of tools, feeds and the review queue) become rows too: kind 'transactional',
 *   sent to `to_email` (which may not be the account's address: a change of address writes to
 *   the new one) with `content`, the message rendered when it was written (subject, text, html),
 *   cleared once it is sent so that no sign-in link outlives its email in the table.
 * Rows queued or being sent when this runs have no job: they are kept as 'failed' with a note,
 * so an administrator sees them on /admin/jobs and sends them with its Retry (which enqueues
 * their job). A migration never imports application code, pg-boss's included.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = `'security_update', 'tool_update', 'new_product', 'sale', 'review_received', 'community_reply', 'community_mention', 'community_answer_accepted', 'weekly_digest', 'daily_digest'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update email_messages
    set status = 'failed',
      last_error = coalesce(last_error || ' · ', '') || 'Queued before emails were sent by the job engine: retry it to send it.'
    where status in ('queued', 'sending')
  `.execute(db);
  await sql`drop index if exists email_messages_due`.execute(db);
  await sql`alter table email_messages drop column next_attempt_at, drop column locked_until`.execute(db);
  await sql`alter table email_messages drop constraint email_messages_status_check`.execute(db);
  await sql`
    alter table email_messages add constraint email_messages_status_check
      check (status in ('queued', 'sent', 'pending_digest', 'digested', 'cancelled', 'failed'))
  `.execute(db);
  await sql`alter table email_messages drop constraint email_messages_kind_check`.execute(db);
  await sql.raw(`alter table email_messages add constraint email_messages_kind_check check (kind in (${KINDS}, 'transactional'))`).execute(db);
  await sql`alter table email_messages add column to_email text check (to_email is null or length(to_email) between 3 and 320)`.execute(db);
  await sql`alter table email_messages add column content jsonb`.execute(db);
  // A transactional email names its address and is sent at once; a notification goes to the account's.
  await sql`
    alter table email_messages add constraint email_messages_transactional_check
      check ((kind = 'transactional') = (to_email is not null) and (kind <> 'transactional' or channel = 'instant'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from email_messages where kind = 'transactional'`.execute(db);
  await sql`alter table email_messages drop constraint email_messages_transactional_check`.execute(db);
  await sql`alter table email_messages drop column content, drop column to_email`.execute(db);
  await sql`alter table email_messages drop constraint email_messages_kind_check`.execute(db);
  await sql.raw(`alter table email_messages add constraint email_messages_kind_check check (kind in (${KINDS}))`).execute(db);
  await sql`alter table email_messages drop constraint email_messages_status_check`.execute(db);
  await sql`
    alter table email_messages add constraint email_messages_status_check
      check (status in ('queued', 'sending', 'sent', 'pending_digest', 'digested', 'cancelled', 'failed'))
  `.execute(db);
  await sql`alter table email_messages add column next_attempt_at timestamptz not null default now(), add column locked_until timestamptz`.execute(db);
  await sql`create index email_messages_due on email_messages (next_attempt_at) where status in ('queued', 'sending')`.execute(db);
}
