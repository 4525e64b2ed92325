/**
 * What moderation adds to the community's one post guard (functions/community/post-guard.ts,
 * docs/decisions/035 and 037):
 * - a suspended account cannot start a thread, reply, edit or vote (403 SUSPENDED, saying until
 *   when and why); deleting one's own post and following stay open;
 * - posting limits, per author over the last 24 hours: an account younger than 24 hours starts
 *   at most 3 threads and writes at most 10 replies, any other account 10 and 100 (429
 *   POSTING_LIMIT with Retry-After: when the oldest counted post leaves the window). Counted
 *   from the posts themselves (their author indexes), not from the rate-limit counters: the
 *   limit depends on the account's age and counts posts written, not attempts, so a refused or
 *   invalid post does not use up the day. The author's profile row is locked for the rest of
 *   the caller's transaction, so concurrent posts of one author are counted one after the other;
 * - links held for review: a thread, reply or edit whose text has a link (an http(s)/ftp URL, a
 *   `www.` address or Markdown link syntax) by an account younger than 24 hours with fewer than 3
 *   public posts is held: the caller calls holdPostForReview, which hides it and puts it in
 *   /admin/reports until an administrator approves it.
 */
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { countPostsSince, findPosterStanding, insertHeldReport, lockPoster, setHidden } from './moderation.repository';
import { assertNotSuspended } from '../_shared/suspension';

const HOUR_MS = 60 * 60 * 1000;
const NEW_ACCOUNT_MS = 24 * HOUR_MS;
const POSTING_WINDOW_MS = 24 * HOUR_MS;
/** Threads and replies per 24 hours: an account younger than 24 hours, and every other. */
const POSTING_LIMITS = {
  new: { thread: 3, reply: 10 },
  established: { thread: 10, reply: 100 },
} as const;
/** Public posts after which a new account's links are no longer held. */
const HOLD_UNTIL_PUBLIC_POSTS = 3;

const LINK = /(?:\b(?:https?|ftp):\/\/|\bwww\.[a-z0-9-]+\.|\]\s*\(|<\s*[a-z][a-z0-9+.-]*:)/i;

/** Whether Markdown text holds a link. */
export function hasLink(text: string | undefined): boolean {
  return Boolean(text && LINK.test(text));
}

export type PostingAction = 'thread' | 'reply' | 'edit' | 'delete' | 'vote' | 'follow';

export interface PostVerdict {
  /** Store the post hidden and call holdPostForReview: it waits for an administrator. */
  hold: boolean;
}

function inWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60000));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

/** Moderation's part of assertCanPost: suspension, posting limits, the link hold. */
export async function checkPosting(db: Db, userId: string, context: { action: PostingAction; text?: string }, now = new Date()): Promise<PostVerdict> {
  const { action } = context;
  if (action === 'delete' || action === 'follow') return { hold: false };
  await assertNotSuspended(db, userId, action === 'vote' ? 'vote in the community' : 'post in the community');
  if (action === 'vote') return { hold: false };
  const standing = await findPosterStanding(db, userId);
  if (!standing) throw new AppError('FORBIDDEN');
  const isNew = now.getTime() - new Date(standing.created_at).getTime() < NEW_ACCOUNT_MS;
  if (action === 'thread' || action === 'reply') {
    await lockPoster(db, userId);
    const max = POSTING_LIMITS[isNew ? 'new' : 'established'][action];
    const { count, oldest } = await countPostsSince(db, action, userId, new Date(now.getTime() - POSTING_WINDOW_MS));
    if (count >= max) {
      const retryMs = oldest ? oldest.getTime() + POSTING_WINDOW_MS - now.getTime() : POSTING_WINDOW_MS;
      const what = action === 'thread' ? `start ${max} discussions` : `write ${max} replies`;
      const who = isNew ? 'New accounts (under 24 hours old)' : 'You';
      throw new AppError('POSTING_LIMIT', `${who} can ${what} a day. You can post again in ${inWords(retryMs)}.`, undefined, {
        retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)),
      });
    }
  }
  const publicPosts = Number(standing.public_threads) + Number(standing.public_replies);
  return { hold: isNew && publicPosts < HOLD_UNTIL_PUBLIC_POSTS && hasLink(context.text) };
}

/**
 * Holds a post the guard answered `hold` for: hides it (hidden_at) and puts it in the
 * administrators' queue as an open report with the reason 'held_links' and no reporter (one per
 * post: an edit of a post already waiting adds nothing). Approving it clears hidden_at. Called in
 * the transaction that wrote the post.
 */
export async function holdPostForReview(db: Db, post: { kind: 'thread' | 'reply'; id: string; authorId: string }): Promise<void> {
  await setHidden(db, post.kind, post.id, true);
  await insertHeldReport(db, { kind: post.kind, targetId: post.id, authorId: post.authorId });
}
