/**
 * The account's role (profiles.role): the one query behind isAdmin (auth-guard.ts), which every
 * domain's administrator check uses. In _shared because who is an administrator is a guard like
 * being signed in, not a profiles rule: a domain that asked the profiles service put profiles in
 * its import loop (docs/decisions/063).
 */
import type { Db } from '@/db/database';
import type { UserRole } from '@/src/shared/domain';

/** The account's role: an admin may post any tool's updates and see and refund every order. */
export async function findRole(db: Db, userId: string): Promise<UserRole | undefined> {
  return (await db.selectFrom('profiles').select('role').where('id', '=', userId).executeTakeFirst())?.role;
}
