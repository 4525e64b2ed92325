/**
 * A creator's emails to their customers (issue 31, docs/decisions/078).
 * - customer_emails: one row per real send (a test to oneself writes none): who it went to (the
 *   buyers of one product, of all the creator's products, or their followers), the subject, the
 *   Markdown as written and its sanitized HTML as rendered once when it was sent, and how many
 *   recipients it had then. The rows of the last 24 hours are the daily limit.
 * - The email kind 'creator_email' in notification_preferences and email_messages: each
 *   recipient's email is an outbox row of that kind with reference `creator_email:<id>`, so a
 *   retried batch writes it once (unique user, kind, reference), and a buyer can turn these
 *   emails off like any other kind.
 * - email_messages.unsubscribed_at: set when the recipient used that email's one-click
 *   unsubscribe (its token names the message), the 'unsubscribed' figure of the send.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = `'security_update', 'tool_update', 'new_product', 'sale', 'review_received', 'community_reply', 'community_mention', 'community_answer_accepted', 'weekly_digest'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table customer_emails (
      id uuid primary key default gen_random_uuid(),
      creator_id text not null references profiles (id),
      audience text not null check (audience in ('product', 'all_products', 'followers')),
      product_id uuid references products (id),
      subject text not null check (length(subject) between 1 and 150),
      body_markdown text not null check (length(body_markdown) between 1 and 20000),
      body_html text not null,
      recipient_count integer not null check (recipient_count >= 0),
      created_at timestamptz not null default now(),
      constraint customer_emails_product check ((audience = 'product') = (product_id is not null))
    )
  `.execute(db);
  await sql`create index customer_emails_creator on customer_emails (creator_id, created_at desc)`.execute(db);
  await sql`alter table notification_preferences drop constraint notification_preferences_kind_check`.execute(db);
  await sql
    .raw(`alter table notification_preferences add constraint notification_preferences_kind_check check (kind in (${KINDS}, 'creator_email'))`)
    .execute(db);
  await sql`alter table email_messages drop constraint email_messages_kind_check`.execute(db);
  await sql
    .raw(`alter table email_messages add constraint email_messages_kind_check check (kind in (${KINDS}, 'daily_digest', 'transactional', 'creator_email'))`)
    .execute(db);
  await sql`alter table email_messages add column unsubscribed_at timestamptz`.execute(db);
  // A send's figures count its messages by reference.
  await sql`create index email_messages_creator_email on email_messages (reference) where kind = 'creator_email'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists email_messages_creator_email`.execute(db);
  await sql`delete from email_messages where kind = 'creator_email'`.execute(db);
  await sql`delete from notification_preferences where kind = 'creator_email'`.execute(db);
  await sql`alter table email_messages drop column unsubscribed_at`.execute(db);
  await sql`alter table email_messages drop constraint email_messages_kind_check`.execute(db);
  await sql.raw(`alter table email_messages add constraint email_messages_kind_check check (kind in (${KINDS}, 'daily_digest', 'transactional'))`).execute(db);
  await sql`alter table notification_preferences drop constraint notification_preferences_kind_check`.execute(db);
  await sql.raw(`alter table notification_preferences add constraint notification_preferences_kind_check check (kind in (${KINDS}))`).execute(db);
  await sql`drop table if exists customer_emails`.execute(db);
}
