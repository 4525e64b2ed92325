/**
 * The one query of the suspension guard (suspension.ts): the user's suspension columns, which
 * moderation sets and clears (functions/moderation/moderation.repository.ts).
 */
import type { Db } from '@/db/database';

/** The user's suspension columns (a suspension that ended still has them). */
export async function findSuspensionColumns(db: Db, userId: string) {
  return db.selectFrom('profiles').select(['suspended_until', 'suspension_reason']).where('id', '=', userId).executeTakeFirst();
}
