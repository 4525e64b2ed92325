/**
 * Every query of email preferences (docs/decisions/041): notification_preferences, a user's
 * own channel per kind (no row: the kind's default) and the channel an unsubscribe turned off
 * (kept for 'Undo'), and email_suppressions, the addresses Resend reported. Functions take `db`
 * or a transaction first.
 */
import type { Db } from '@/db/database';
import type { EmailChannel, EmailKind, EmailSuppressionReason } from '@/src/shared/email-preferences';

export async function selectPreferenceRows(db: Db, userId: string) {
  return db.selectFrom('notification_preferences').select(['kind', 'channel']).where('user_id', '=', userId).execute();
}

export async function findChannel(db: Db, userId: string, kind: EmailKind) {
  return db.selectFrom('notification_preferences').select('channel').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
}

export async function findSuppression(db: Db, email: string) {
  return db.selectFrom('email_suppressions').select(['reason', 'created_at']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/** Writes each row's channel (and the channel it replaces, or null), over what was there. */
export async function upsertChannels(
  db: Db,
  rows: { user_id: string; kind: EmailKind; channel: EmailChannel; previous_channel: EmailChannel | null; updated_at: Date }[],
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({
        channel: eb.ref('excluded.channel'),
        previous_channel: eb.ref('excluded.previous_channel'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
}

/** The kinds an unsubscribe turned off, with the channel each had before. */
export async function selectUnsubscribedRows(db: Db, userId: string) {
  return db
    .selectFrom('notification_preferences')
    .select(['kind', 'channel', 'previous_channel'])
    .where('user_id', '=', userId)
    .where('previous_channel', 'is not', null)
    .where('channel', '=', 'off')
    .execute();
}

/** The newest `limit` suppressed addresses. */
export async function selectSuppressions(db: Db, limit: number) {
  return db.selectFrom('email_suppressions').selectAll().orderBy('created_at', 'desc').orderBy('email').limit(limit).execute();
}

/** Suppresses each address not suppressed already; the addresses added. */
export async function insertSuppressions(db: Db, rows: { email: string; reason: EmailSuppressionReason; detail: string | null }[]) {
  return db
    .insertInto('email_suppressions')
    .values(rows)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('email')
    .execute();
}

/**
 * The message whose one-click link was used (a creator's email, docs/decisions/078): marked
 * unsubscribed (`at`) or not (null, an 'Undo'), for that message's own recipient only.
 */
export async function markMessageUnsubscribed(db: Db, messageId: string, userId: string, at: Date | null): Promise<void> {
  await db
    .updateTable('email_messages')
    .set({ unsubscribed_at: at })
    .where('id', '=', messageId)
    .where('user_id', '=', userId)
    .where('unsubscribed_at', at ? 'is' : 'is not', null)
    .execute();
}
