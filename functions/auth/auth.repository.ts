/**
 * The accounts' own queries beside better-auth's (which owns users, sessions, accounts and
 * verifications): voiding password-reset tokens and marking an address verified. Called by
 * functions/auth/auth.ts. A reset token is better-auth's verification row
 * `identifier = 'reset-password:<token>'`, `value = <user id>` (stored plain: the auth does
 * not set verification.storeIdentifier).
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';

const RESET_PREFIX = 'reset-password:';

/**
 * Deletes the user's reset tokens issued before `keepToken` (and at the same instant), so only
 * the newest link works. Two requests racing each keep their own and void the older one: the
 * newest survives.
 */
export async function voidOlderResetTokens(db: Db, userId: string, keepToken: string): Promise<number> {
  const keep = `${RESET_PREFIX}${keepToken}`;
  const result = await db
    .deleteFrom('verifications')
    .where('value', '=', userId)
    .where('identifier', 'like', `${RESET_PREFIX}%`)
    .where('identifier', '<>', keep)
    .where('created_at', '<=', sql<Date>`(select created_at from verifications where identifier = ${keep} limit 1)`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every reset token of the user (after a reset: no other link may work). */
export async function voidResetTokens(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('verifications').where('value', '=', userId).where('identifier', 'like', `${RESET_PREFIX}%`).execute();
}

/** A used reset link proves the mailbox is the user's, as a verification link does. */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ email_verified: true, updated_at: new Date() }).where('id', '=', userId).where('email_verified', '=', false).execute();
}

/**
 * Where an account signed up from, as a keyed hash (docs/decisions/052): reputation ignores what
 * an account made at the same address gives. Written once, after better-auth created the user.
 */
export async function recordAccountOrigin(db: Db, userId: string, addressKey: string): Promise<void> {
  await db
    .insertInto('account_origins')
    .values({ user_id: userId, address_key: addressKey })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}
