/**
 * Every query of the outbox (docs/decisions/041, 059): email_messages rows queued once per
 * user, kind and reference (notifications, digests, transactional emails), the fan-outs that
 * queue a batch of recipients per statement, and each delivery's attempt and outcome (the
 * 'email.deliver' job, one per message, is the only sender). Functions take `db` or a
 * transaction first; email.service.ts and outbox.ts hold the rules.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/db/database';
import type { EmailMessage, StoredEmail } from '@/db/schema';
import { EMAIL_KIND_INFO, type EmailKind } from '@/src/shared/email-preferences';

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
    .columns(['user_id', 'kind', 'reference', 'channel', 'status', 'payload'])
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
 * past, `seen` how many were walked, `queued` how many rows were written, `instant` the ids of
 * those to send now (the others wait for a digest).
 */
export async function queueEmailBatch(
  db: Db,
  { kind, reference, recipients, after, limit }: { kind: EmailKind; reference: string; recipients: Recipients; after: string; limit: number },
): Promise<{ last: string | null; seen: number; queued: number; instant: string[] }> {
  const { rows } = await sql<{ last: string | null; seen: number; queued: number; instant: string[] }>`
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
      returning id, status
    )
    select (select max(user_id) from batch) as last, (select count(*) from batch)::int as seen, (select count(*) from ins)::int as queued,
      coalesce((select array_agg(id::text) from ins where status = 'queued'), '{}') as instant
  `.execute(db);
  return rows[0]!;
}

export async function findToolUpdateType(db: Db, updateId: string) {
  return db.selectFrom('ai_tool_updates').select(['id', 'update_type']).where('id', '=', updateId).executeTakeFirst();
}

export async function findProductStatus(db: Db, productId: string) {
  return db.selectFrom('products').select(['id', 'creator_id', 'status']).where('id', '=', productId).executeTakeFirst();
}

/** A transactional email to `to`, rendered; its id, or undefined when one with this reference was written before. */
export async function insertTransactionalEmail(db: Db, input: { userId: string; reference: string; to: string; content: StoredEmail }) {
  return db
    .insertInto('email_messages')
    .values({
      user_id: input.userId,
      kind: 'transactional',
      reference: input.reference,
      channel: 'instant',
      status: 'queued',
      to_email: input.to,
      content: JSON.stringify(input.content),
    })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** One more attempt at a queued message: the row, or undefined when it is not queued (sent, cancelled, failed, in a digest, or gone). */
export async function startAttempt(db: Db, id: string): Promise<EmailMessage | undefined> {
  return db
    .updateTable('email_messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

/** Records what became of an attempt at a queued message (a sent one drops its rendered content). */
export async function finishAttempt(
  db: Db,
  id: string,
  values: Partial<Pick<EmailMessage, 'status' | 'cancel_reason' | 'last_error' | 'sent_at'>>,
): Promise<void> {
  await db
    .updateTable('email_messages')
    .set({ ...values, ...(values.status === 'sent' || values.status === 'cancelled' ? { content: null } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/** A queued message whose last attempt failed for good: kept as 'failed' with its error. */
export async function markEmailFailed(db: Db, id: string, fallbackError: string) {
  return db
    .updateTable('email_messages')
    .set((eb) => ({ status: 'failed', last_error: eb.fn.coalesce('last_error', eb.val(fallbackError)) }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .returning('id')
    .executeTakeFirst();
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
    .select((eb) => [
      'm.id',
      'm.kind',
      'm.status',
      'm.reference',
      'm.attempts',
      'm.last_error',
      'm.created_at',
      // A transactional email's own address (a change of address writes to the new one).
      eb.fn.coalesce('m.to_email', 'u.email').as('email'),
    ]);

export type EmailWithAddressRow = Awaited<ReturnType<ReturnType<typeof emailRows>['executeTakeFirstOrThrow']>>;

/** The newest `limit` emails kept as 'failed'. */
export async function selectFailedEmails(db: Db, limit: number): Promise<EmailWithAddressRow[]> {
  return emailRows(db).where('m.status', '=', 'failed').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
}

export async function findEmailWithAddress(db: Db, id: string): Promise<EmailWithAddressRow | undefined> {
  return emailRows(db).where('m.id', '=', id).executeTakeFirst();
}

/** A failed email queued again; undefined when it is not (or no longer) failed. */
export async function requeueFailedEmail(db: Db, id: string) {
  return db.updateTable('email_messages').set({ status: 'queued' }).where('id', '=', id).where('status', '=', 'failed').returning('id').executeTakeFirst();
}
