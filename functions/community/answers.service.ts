/**
 * Q&A (issue 16, docs/decisions/036): marking one reply of a question as its answer. The
 * question's author may mark, change and clear it; on a product's question the product's
 * creator may too. Anyone else: 403 CANNOT_ACCEPT_ANSWER; a thread that is not listed
 * (deleted, hidden, unknown): 404 THREAD_NOT_FOUND; a reply not of this thread, deleted or
 * hidden: 404 REPLY_NOT_FOUND; a discussion: 409 NOT_A_QUESTION; a locked thread: 403.
 * The change is one guarded update under a row lock on the thread, so concurrent marks end
 * with one answer, and the reply's author gets a community_answer_accepted notice in the same
 * transaction (not for marking one's own reply; marking the same reply again writes nothing).
 * A notice of a reply that is no longer the answer is withdrawn with the change. The notice is
 * not written when the author's 'Accepted answers' preference is Off, and its email is the job
 * 'email.community' enqueued in the same transaction (functions/community/notice-emails.job.ts).
 * A community write (here, beside the thread's other writes); the answer's own storage is Q&A's
 * (functions/community-qa/answers.repository.ts), which imports nothing of the community
 * (docs/decisions/063).
 */
import type { Db } from '@/db/database';
import { AppError } from '@/functions/_shared/errors';
import { assertCanPost } from './post-guard';
import { insertCommunityNotices } from './community.repository';
import { enqueueCommunityEmails } from './notice-emails.job';
import { jobsReady } from '@/functions/jobs';
import { THREAD_LOCKED_MESSAGE } from '@/src/shared/community';
import { deleteAnswerNotice, findAnswerState, findListedReply, lockListedThread, setAcceptedReply } from '../community-qa/answers.repository';

export interface AcceptedAnswer {
  threadId: string;
  acceptedReplyId: string | null;
}

interface QuestionRow {
  id: string;
  kind: string;
  author_id: string;
  product_id: string | null;
  accepted_reply_id: string | null;
  locked_at: Date | string | null;
  product_creator_id: string | null;
}

/** Who may mark the answer of a question: its author, and the creator of the product it is about. */
function canMarkAnswer(thread: { author_id: string; product_creator_id: string | null }, userId: string): boolean {
  return thread.author_id === userId || (thread.product_creator_id !== null && thread.product_creator_id === userId);
}

async function lockQuestion(trx: Db, threadId: string): Promise<QuestionRow> {
  const thread = await lockListedThread(trx, threadId);
  if (!thread) throw new AppError('THREAD_NOT_FOUND');
  return thread as QuestionRow;
}

async function checkMayMark(trx: Db, thread: QuestionRow, userId: string): Promise<void> {
  if (!canMarkAnswer(thread, userId)) throw new AppError('CANNOT_ACCEPT_ANSWER');
  if (thread.kind !== 'question') throw new AppError('NOT_A_QUESTION');
  if (thread.locked_at) throw new AppError('THREAD_LOCKED', THREAD_LOCKED_MESSAGE);
  await assertCanPost(trx, userId, { action: 'edit' });
}

async function withdrawNotice(trx: Db, threadId: string, replyId: string | null): Promise<void> {
  if (!replyId) return;
  await deleteAnswerNotice(trx, threadId, replyId);
}

/** Marks `replyId` as the answer of question `threadId` (changing it if another was marked). */
export async function acceptAnswer(db: Db, userId: string, threadId: string, replyId: string): Promise<AcceptedAnswer> {
  await jobsReady(db);
  return db.transaction().execute(async (trx) => {
    const thread = await lockQuestion(trx, threadId);
    await checkMayMark(trx, thread, userId);
    const reply = await findListedReply(trx, threadId, replyId);
    if (!reply) throw new AppError('REPLY_NOT_FOUND');
    if (thread.accepted_reply_id === reply.id) return { threadId, acceptedReplyId: reply.id };
    await setAcceptedReply(trx, threadId, reply.id);
    await withdrawNotice(trx, threadId, thread.accepted_reply_id);
    if (reply.author_id !== userId) {
      const notices = await insertCommunityNotices(trx, [
        { userId: reply.author_id, kind: 'community_answer_accepted', threadId, replyId: reply.id, actorId: userId },
      ]);
      await enqueueCommunityEmails(trx, notices);
    }
    return { threadId, acceptedReplyId: reply.id };
  });
}

/** Clears the answer of question `threadId` (idempotent). */
export async function clearAnswer(db: Db, userId: string, threadId: string): Promise<AcceptedAnswer> {
  return db.transaction().execute(async (trx) => {
    const thread = await lockQuestion(trx, threadId);
    await checkMayMark(trx, thread, userId);
    if (thread.accepted_reply_id) {
      await setAcceptedReply(trx, threadId, null);
      await withdrawNotice(trx, threadId, thread.accepted_reply_id);
    }
    return { threadId, acceptedReplyId: null };
  });
}

/**
 * What a thread page's island needs about Q&A for the visitor: whether they may mark the answer
 * (a listed, unlocked question they asked, or one on their product) and the answer now.
 */
export async function answerViewerState(
  db: Db,
  threadId: string,
  viewerId: string | null,
): Promise<{ canMarkAnswer: boolean; acceptedReplyId: string | null }> {
  const row = await findAnswerState(db, threadId);
  if (!row) return { canMarkAnswer: false, acceptedReplyId: null };
  const canMark = Boolean(viewerId) && row.kind === 'question' && !row.locked_at && !row.deleted_at && canMarkAnswer(row, viewerId!);
  return { canMarkAnswer: canMark, acceptedReplyId: row.accepted_reply_id };
}
