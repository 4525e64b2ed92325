/**
 * Every query of the email queue (docs/decisions/041): email_messages rows queued once per
 * user, kind and reference, the fan-outs that queue a batch of recipients per statement, the
 * claim of due rows (`for update skip locked`, with a lease) and the recording of each send.
 * Functions take `db` or a transaction first; email.service.ts holds the rules.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/db/database';
import type { EmailMessage } from '@/db/schema';
import { EMAIL_KIND_INFO, type EmailKind } from '@/src/shared/email-preferences';
import { dueBy } from '../_shared/due-by.repository';

/** 'instant' -> queued; a digest channel -> pending; else nothing (a SQL case over `channel`). */
const statusFor = sql<string>`case when c.channel = 'instant' then 'queued' else 'pending_digest' end`;

/** One user's email of one event on `channel`: the new row's id, or undefined (no such account, or queued before). */
export async function insertNotificationEmail(
  db: Db,
  input: { userId: string; kind: EmailKind; reference: string; channel: 'instant' | 'daily' | 'weekly'; payload?: Record<string, unknown> | null | undefined },
): Promise<{ id: string } | undefined> {
  const { channel } = input;
  // Through the users row: an account deleted meanwhile gets nothing (and no foreign-key error).
  return db
    .insertInto('email_messages')
    .columns(['user_id', 'kind', 'reference', 'channel', 'status', 'payload', 'next_attempt_at'])
    .expression(
      db
        .selectFrom('users')
        .select([
          'id',
          sql.lit(input.kind).as('kind'),
          sql<string>`${input.reference}::text`.as('reference'),
          sql.lit(channel).as('channel'),
          sql.lit(channel === 'instant' ? 'queued' : 'pending_digest').as('status'),
          sql<string | null>`${input.payload ? JSON.stringify(input.payload) : null}::jsonb`.as('payload'),
          sql<Date>`now()`.as('next_attempt_at'),
        ])
        .where('id', '=', input.userId),
    )
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** SQL selecting `user_id` of up to `limit` recipients after user id `after`, in user id order. */
export type Recipients = (after: string, limit: number) => RawBuilder<unknown>;

/** The users with a notice of tool update `updateId`. */
export const toolUpdateRecipients =
  (updateId: string): Recipients =>
  (after, limit) =>
    sql`select user_id from user_notifications where update_id = ${updateId} and user_id > ${after} order by user_id limit ${limit}`;

/** The followers of `creatorId`. */
export const followerRecipients =
  (creatorId: string): Recipients =>
  (after, limit) =>
    sql`select follower_id as user_id from follows where following_id = ${creatorId} and follower_id > ${after} order by follower_id limit ${limit}`;

/**
 * One batch of a fan-out: queues the email of `kind` and `reference` for up to `limit`
 * recipients after `after`, as each one's preference says. `last` is the last user id walked
 * past, `seen` how many were walked, `queued` how many rows were written.
 */
export async function queueEmailBatch(
  db: Db,
  { kind, reference, recipients, after, limit }: { kind: EmailKind; reference: string; recipients: Recipients; after: string; limit: number },
): Promise<{ last: string | null; seen: number; queued: number }> {
  const { rows } = await sql<{ last: string | null; seen: number; queued: number }>`
    with batch as (${recipients(after, limit)}),
    ins as (
      insert into email_messages (user_id, kind, reference, channel, status)
      select b.user_id, ${kind}, ${reference}, c.channel, ${statusFor}
      from batch b
      join users u on u.id = b.user_id
      left join notification_preferences p on p.user_id = b.user_id and p.kind = ${kind}
      cross join lateral (select coalesce(p.channel, ${EMAIL_KIND_INFO[kind].default}) as channel) c
      where c.channel in ('instant', 'daily', 'weekly')
      on conflict (user_id, kind, reference) do nothing
      returning 1
    )
    select (select max(user_id) from batch) as last, (select count(*) from batch)::int as seen, (select count(*) from ins)::int as queued
  `.execute(db);
  return rows[0]!;
}

export async function findToolUpdateType(db: Db, updateId: string) {
  return db.selectFrom('ai_tool_updates').select(['id', 'update_type']).where('id', '=', updateId).executeTakeFirst();
}

export async function findProductStatus(db: Db, productId: string) {
  return db.selectFrom('products').select(['id', 'creator_id', 'status']).where('id', '=', productId).executeTakeFirst();
}

/** Claims up to `limit` due messages (only `ids`, when given) for `leaseSeconds`: status 'sending', one more attempt. */
export async function claimDueEmails(
  db: Db,
  { now, limit, leaseSeconds, ids }: { now: Date; limit: number; leaseSeconds: number; ids?: string[] | undefined },
) {
  if (ids && !ids.length) return [];
  const only = ids ? sql`and id in (${sql.join(ids)})` : sql``;
  const { rows } = await sql<EmailMessage>`
    update email_messages set status = 'sending', attempts = attempts + 1,
      locked_until = ${now}::timestamptz + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from email_messages
      where status in ('queued', 'sending') and next_attempt_at <= ${dueBy(now)}
        and (status = 'queued' or locked_until < ${now})
        ${only}
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning *
  `.execute(db);
  return rows;
}

/** Records the outcome of a claimed message and releases its lease. */
export async function finishEmail(
  db: Db,
  id: string,
  values: Partial<Pick<EmailMessage, 'status' | 'cancel_reason' | 'last_error' | 'sent_at' | 'next_attempt_at'>>,
): Promise<void> {
  await db
    .updateTable('email_messages')
    .set({ ...values, locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

export async function findSuppressionReason(db: Db, email: string) {
  return db.selectFrom('email_suppressions').select('reason').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findRecipient(db: Db, userId: string) {
  return db.selectFrom('users').select(['email', 'email_verified']).where('id', '=', userId).executeTakeFirst();
}

/** An email with its account's address now (null when the account is gone). */
const emailRows = (db: Db) =>
  db
    .selectFrom('email_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.kind', 'm.status', 'm.reference', 'm.attempts', 'm.last_error', 'm.created_at', 'u.email']);

export type EmailWithAddressRow = Awaited<ReturnType<ReturnType<typeof emailRows>['executeTakeFirstOrThrow']>>;

/** The newest `limit` emails kept as 'failed'. */
export async function selectFailedEmails(db: Db, limit: number): Promise<EmailWithAddressRow[]> {
  return emailRows(db).where('m.status', '=', 'failed').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
}

export async function findEmailWithAddress(db: Db, id: string): Promise<EmailWithAddressRow | undefined> {
  return emailRows(db).where('m.id', '=', id).executeTakeFirst();
}

/** A failed email queued again, due now; undefined when it is not (or no longer) failed. */
export async function requeueFailedEmail(db: Db, id: string) {
  return db
    .updateTable('email_messages')
    .set({ status: 'queued', next_attempt_at: sql<Date>`now()`, locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returning('id')
    .executeTakeFirst();
}
