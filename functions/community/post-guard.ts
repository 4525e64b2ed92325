/**
 * The one gate every community write passes (docs/decisions/035): creating a thread, replying,
 * editing, deleting, voting and following all call `assertCanPost` first, inside the write's
 * transaction when it has one. It refuses a profile that is gone or deleted; moderation
 * (issue 16, docs/decisions/037: suspensions, posting limits, links held for review) extends it
 * here and only here (functions/moderation/posting.ts).
 */
import type { Db } from '@/db/database';
import { AppError } from '@/functions/_shared/errors';
import { checkPosting, type PostVerdict } from '@/functions/moderation/posting';
import { findPosterProfile } from './community.repository';

export { holdPostForReview, type PostVerdict } from '@/functions/moderation/posting';

/** What the caller is about to do: limits count threads and replies, links matter where there is text. */
export type PostAction = 'thread' | 'reply' | 'edit' | 'delete' | 'vote' | 'follow';

export interface PostContext {
  action: PostAction;
  /** The Markdown the post will hold (thread, reply, edit). */
  text?: string;
}

/**
 * Throws an AppError unless `userId` may do `context.action` in the community now: 403 FORBIDDEN
 * (no profile), 403 SUSPENDED (until when and why), 429 POSTING_LIMIT (with Retry-After).
 * Answers whether the post is held for review (`hold`): the caller then calls
 * holdPostForReview(db, { kind, id, authorId }) after writing it, in the same transaction.
 */
export async function assertCanPost(db: Db, userId: string, context: PostContext): Promise<PostVerdict> {
  const profile = await findPosterProfile(db, userId);
  if (!profile || profile.deleted_at) throw new AppError('FORBIDDEN');
  return checkPosting(db, userId, context);
}
