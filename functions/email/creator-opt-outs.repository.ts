/**
 * One creator's emails stopped by one recipient (creator_email_opt_outs, issue 31): the
 * unsubscribe link of a creator's email writes and undoes them (preferences.service.ts), and
 * delivery checks them again (email.service.ts). In the email domain, which owns what a
 * recipient receives; the creator's figure of them is counted by functions/customer-emails.
 */
import type { Db } from '@/db/database';
import { isUuid } from '@/src/shared/ids';

/**
 * The creator of a creator's email sent to `userId` (the message `messageId`, reference
 * `creator_email:<send id>`), with their name; undefined for any other message or recipient.
 */
export async function findMessageCreator(db: Db, messageId: string, userId: string) {
  const message = await db
    .selectFrom('email_messages')
    .select('reference')
    .where('id', '=', messageId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'creator_email')
    .executeTakeFirst();
  const sendId = message?.reference.startsWith('creator_email:') ? message.reference.slice('creator_email:'.length) : null;
  if (!isUuid(sendId)) return undefined;
  return db
    .selectFrom('customer_emails as e')
    .innerJoin('profiles as p', 'p.id', 'e.creator_id')
    .select(['e.creator_id', 'p.full_name'])
    .where('e.id', '=', sendId)
    .executeTakeFirst();
}

/** `userId` gets no more of `creatorId`'s emails; a second call adds nothing. */
export async function insertCreatorOptOut(db: Db, userId: string, creatorId: string): Promise<void> {
  await db
    .insertInto('creator_email_opt_outs')
    .values({ user_id: userId, creator_id: creatorId })
    .onConflict((oc) => oc.columns(['user_id', 'creator_id']).doNothing())
    .execute();
}

/** 'Undo': `userId` gets `creatorId`'s emails again. */
export async function deleteCreatorOptOut(db: Db, userId: string, creatorId: string): Promise<void> {
  await db.deleteFrom('creator_email_opt_outs').where('user_id', '=', userId).where('creator_id', '=', creatorId).execute();
}

export async function hasCreatorOptOut(db: Db, userId: string, creatorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('creator_email_opt_outs')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether the recipient stopped the emails of the creator of the send `customerEmailId` (checked again at delivery). */
export async function optedOutOfSend(db: Db, userId: string, customerEmailId: string): Promise<boolean> {
  const row = await db
    .selectFrom('customer_emails as e')
    .innerJoin('creator_email_opt_outs as o', 'o.creator_id', 'e.creator_id')
    .select('o.user_id')
    .where('e.id', '=', customerEmailId)
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}
