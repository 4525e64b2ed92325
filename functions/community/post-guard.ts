/**
 * The one gate every community write passes (docs/decisions/035): creating a thread, replying,
 * editing, deleting, voting and following all call `assertCanPost` first, inside the write's
 * transaction when it has one. Today it refuses a profile that is gone or deleted; moderation
 * (issue 16: suspensions, posting limits, links held for review) extends it here and only here.
 */
import type { Db } from '@/db/database';
import { AppError } from '@/functions/_shared/errors';

/** What the caller is about to do: limits count threads and replies, links matter where there is text. */
export type PostAction = 'thread' | 'reply' | 'edit' | 'delete' | 'vote' | 'follow';

export interface PostContext {
  action: PostAction;
  /** The Markdown the post will hold (thread, reply, edit). */
  text?: string;
}

/** Throws an AppError (403 FORBIDDEN today) unless `userId` may do `context.action` in the community now. */
export async function assertCanPost(db: Db, userId: string, context: PostContext): Promise<void> {
  void context;
  const profile = await db.selectFrom('profiles').select(['id', 'deleted_at']).where('id', '=', userId).executeTakeFirst();
  if (!profile || profile.deleted_at) throw new AppError('FORBIDDEN');
}
