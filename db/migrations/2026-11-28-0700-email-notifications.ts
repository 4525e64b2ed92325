/**
 * Email notifications, digests and unsubscribes (issue 18, docs/decisions/041).
 * - notification_preferences: a user's channel per email kind, only where it differs from the
 *   default (src/shared/email-preferences.ts). previous_channel remembers what a one-click
 *   unsubscribe turned off, for its 'Undo'.
 * - email_messages: every email toolmint decides to send, once: unique (user_id, kind,
 *   reference) makes a second queueing of the same event a no-op, and a digest is a message of
 *   kind 'daily_digest' / 'weekly_digest' whose reference is the period's start, so two
 *   overlapping schedulers build it once. status: 'queued' (to send at next_attempt_at),
 *   'sending' (claimed until locked_until), 'sent', 'pending_digest' (waits for its period's
 *   digest), 'digested' (in the digest digest_id), 'cancelled' (refused at send time:
 *   cancel_reason), 'failed' (kept with its error after the last retry).
 * - email_suppressions: addresses Resend reported as a hard bounce or a complaint.
 * - Two indexes for the fan-out's keyset walks: a tool update's notices and a creator's
 *   followers, by user id.
 * The user's rows go with the user (on delete cascade): a deleted account gets nothing queued.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = `'security_update', 'tool_update', 'new_product', 'sale', 'review_received', 'community_reply', 'community_mention', 'community_answer_accepted', 'weekly_digest'`;
const CHANNELS = `'off', 'app', 'instant', 'daily', 'weekly'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create table notification_preferences (
        user_id text not null references users (id) on delete cascade,
        kind text not null check (kind in (${KINDS})),
        channel text not null check (channel in (${CHANNELS})),
        previous_channel text check (previous_channel in (${CHANNELS})),
        updated_at timestamptz not null default now(),
        primary key (user_id, kind)
      )`,
    )
    .execute(db);
  await sql
    .raw(
      `create table email_messages (
        id uuid primary key default gen_random_uuid(),
        user_id text not null references users (id) on delete cascade,
        kind text not null check (kind in (${KINDS}, 'daily_digest')),
        reference text not null check (length(reference) between 1 and 200),
        channel text not null check (channel in ('instant', 'daily', 'weekly')),
        status text not null check (status in ('queued', 'sending', 'sent', 'pending_digest', 'digested', 'cancelled', 'failed')),
        payload jsonb,
        attempts integer not null default 0,
        last_error text,
        cancel_reason text,
        next_attempt_at timestamptz not null default now(),
        locked_until timestamptz,
        digest_id uuid references email_messages (id) on delete set null,
        created_at timestamptz not null default now(),
        sent_at timestamptz,
        unique (user_id, kind, reference)
      )`,
    )
    .execute(db);
  await sql`create index email_messages_due on email_messages (next_attempt_at) where status in ('queued', 'sending')`.execute(db);
  await sql`create index email_messages_pending_digest on email_messages (user_id, channel, created_at) where status = 'pending_digest'`.execute(db);
  await sql`create index email_messages_pending_digest_users on email_messages (channel, created_at, user_id) where status = 'pending_digest'`.execute(db);
  await sql`create index email_messages_digest on email_messages (digest_id) where digest_id is not null`.execute(db);
  // The email fan-out walks a tool update's notices and a creator's followers by user id, in batches.
  await sql`create index if not exists user_notifications_update_user_idx on user_notifications (update_id, user_id) where update_id is not null`.execute(db);
  await sql`create index if not exists follows_following_follower_idx on follows (following_id, follower_id)`.execute(db);
  await sql`
    create table email_suppressions (
      email text primary key check (email = lower(email)),
      reason text not null check (reason in ('bounce', 'complaint')),
      detail text,
      created_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists email_suppressions`.execute(db);
  await sql`drop index if exists follows_following_follower_idx`.execute(db);
  await sql`drop index if exists user_notifications_update_user_idx`.execute(db);
  await sql`drop table if exists email_messages`.execute(db);
  await sql`drop table if exists notification_preferences`.execute(db);
}
