/**
 * Who hears of a post when it becomes public (docs/decisions/035, 036, 037): once, when it is
 * written, or, for a new account's post with links held for review, when an administrator
 * approves it (the reaction to 'post.approved', announce-approved.job.ts). Both paths call these, so an
 * approved post tells exactly the people it would have told had it been published at once.
 *
 * - A thread: the people it @mentions; a question on a product, the product's creator.
 * - A reply: the thread's followers and the authors of the reply answered and the reply quoted
 *   (community_reply), the people it @mentions (community_mention: the one notice a person gets
 *   for a post that also replies to them).
 * - An edit: the people its new text @mentions (announceMentions).
 * Never the writer; nobody whose preference for the kind is Off. The notices' emails: the job
 * 'email.community', enqueued in the caller's transaction with the notices
 * (notice-emails.job.ts), so call jobsReady(db) before it (PGlite, decision 040). Writing a
 * notice twice is a no-op (one per user, kind, thread and reply), so announcing twice tells
 * nobody twice and queues no second email.
 */
import type { Db } from '@/db/database';
import { extractMentions, type CommunityThreadKind } from '@/src/shared/community';
import { notifyProductQuestion } from '../community-qa/notices';
import {
  findReply,
  findThreadDetail,
  findThreadState,
  insertCommunityNotices,
  profilesByHandle,
  replyAuthorIds,
  threadFollowerIds,
} from './community.repository';
import { enqueueCommunityEmails } from './notice-emails.job';

type Notice = Parameters<typeof insertCommunityNotices>[1][number];

/** Writes community notices and, with them, the job that emails them. */
async function notify(trx: Db, notices: Notice[]): Promise<void> {
  await enqueueCommunityEmails(trx, await insertCommunityNotices(trx, notices));
}

/** What a post is, for its mentions: a thread's own text (replyId null) or a reply's. */
export interface PostText {
  threadId: string;
  replyId: string | null;
  authorId: string;
  body: string;
}

/** The mention notices of a post: everyone `body` @mentions but the writer. */
async function mentionNotices(trx: Db, post: PostText): Promise<Notice[]> {
  const mentioned = await profilesByHandle(trx, extractMentions(post.body));
  return [...new Set(mentioned.map((m) => m.id))]
    .filter((id) => id !== post.authorId)
    .map((userId) => ({ userId, kind: 'community_mention' as const, threadId: post.threadId, replyId: post.replyId, actorId: post.authorId }));
}

/** The notices of an edit that became public: the people its new text @mentions (seen before, told once). */
export async function announceMentions(trx: Db, post: PostText): Promise<void> {
  await notify(trx, await mentionNotices(trx, post));
}

export interface PublicThread {
  id: string;
  authorId: string;
  body: string;
  kind: CommunityThreadKind;
  productId: string | null;
}

/** The notices of a thread that just became public (see the header). */
export async function announceThread(trx: Db, thread: PublicThread): Promise<void> {
  await announceMentions(trx, { threadId: thread.id, replyId: null, authorId: thread.authorId, body: thread.body });
  // Q&A (docs/decisions/036): a question on a product tells its creator.
  if (thread.productId && thread.kind === 'question')
    await notifyProductQuestion(trx, { threadId: thread.id, productId: thread.productId, askerId: thread.authorId });
}

export interface PublicReply {
  id: string;
  threadId: string;
  authorId: string;
  body: string;
  parentReplyId: string | null;
  quotedReplyId: string | null;
}

/** The notices of a reply that just became public (see the header). */
export async function announceReply(trx: Db, reply: PublicReply): Promise<void> {
  const mentions = await mentionNotices(trx, { threadId: reply.threadId, replyId: reply.id, authorId: reply.authorId, body: reply.body });
  const mentioned = new Set(mentions.map((m) => m.userId));
  // Who hears of it: followers, and the authors of the reply answered and the one quoted.
  const [followers, answered] = await Promise.all([
    threadFollowerIds(trx, reply.threadId),
    replyAuthorIds(
      trx,
      [reply.parentReplyId, reply.quotedReplyId].filter((x): x is string => Boolean(x)),
    ),
  ]);
  const replied = [...new Set([...followers, ...answered])].filter((u) => u !== reply.authorId && !mentioned.has(u));
  await notify(trx, [
    ...replied.map((userId) => ({ userId, kind: 'community_reply' as const, threadId: reply.threadId, replyId: reply.id, actorId: reply.authorId })),
    ...mentions,
  ]);
}

/**
 * The notices of a post held for review (a new account's links, docs/decisions/037) that an
 * administrator just approved: what it would have sent had it been public at once. A post held
 * when it was written has no edit (a held post cannot be edited) and tells whom a new post tells;
 * one held at an edit (edited_at set) tells the people its text mentions, as an edit does. A post
 * deleted meanwhile, or a reply whose discussion is no longer public, tells nobody.
 */
export async function announceApproved(trx: Db, post: { kind: 'thread' | 'reply'; id: string }): Promise<void> {
  if (post.kind === 'thread') {
    const thread = await findThreadDetail(trx, post.id);
    if (!thread || thread.deleted_at) return;
    if (thread.edited_at) return announceMentions(trx, { threadId: thread.id, replyId: null, authorId: thread.author_id, body: thread.body });
    return announceThread(trx, { id: thread.id, authorId: thread.author_id, body: thread.body, kind: thread.kind, productId: thread.product_id });
  }
  const reply = await findReply(trx, post.id);
  if (!reply || reply.deleted_at) return;
  const thread = await findThreadState(trx, reply.thread_id);
  if (!thread || thread.deleted_at || thread.hidden_at) return;
  const text = { threadId: reply.thread_id, replyId: reply.id, authorId: reply.author_id, body: reply.body };
  if (reply.edited_at) return announceMentions(trx, text);
  return announceReply(trx, { ...text, id: reply.id, parentReplyId: reply.parent_reply_id, quotedReplyId: reply.quoted_reply_id });
}
