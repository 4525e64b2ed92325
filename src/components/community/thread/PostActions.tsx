/**
 * The buttons under a post: the discussion's bar (vote, follow, reply, its author's edit and
 * delete, report) and each reply's (vote, reply to it, edit and delete, mark as answer,
 * report). Which ones show follows the viewer state (useThread); each request is its own
 * mutation, so following and deleting report their own failures.
 */
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../../hooks/use-api';
import ReportButton from '../../moderation/ReportButton';
import AnswerButton from '../AnswerButton';
import { useThread, type ReplyMeta } from './thread-context';
import type { Target } from './thread-page';
import { VoteButton } from './VoteButton';

/** Edit (for 15 minutes) and Delete, confirmed, on the visitor's own post. */
function OwnActions({ target }: { target: Target }) {
  const { threadId, viewer, unverified, gone, confirming, startEdit, confirmDelete, deleted } = useThread();
  const remove = useApiMutation(
    () =>
      target === 'thread'
        ? api('DELETE /api/community/threads/{threadId}', { params: { threadId } })
        : api('DELETE /api/community/replies/{replyId}', { params: { replyId: target } }),
    {
      onSuccess: () => deleted(target),
      onError: (error) => toast({ title: 'The post was not deleted', description: error.message, variant: 'destructive' }),
    },
  );
  const own = target === 'thread' ? viewer.ownThread : viewer.ownReplyIds.includes(target);
  if (!own || gone.has(target)) return null;
  const until = viewer.editableUntil[target];
  return (
    <>
      {until && !unverified && new Date(until).getTime() > Date.now() ? (
        <button type="button" className="btn btn-ghost cm-small-btn" onClick={() => startEdit(target)}>
          Edit
        </button>
      ) : null}
      {confirming === target ? (
        <>
          <button type="button" className="btn btn-secondary cm-small-btn" onClick={() => void remove.run()}>
            Yes, delete it
          </button>
          <button type="button" className="btn btn-ghost cm-small-btn" onClick={() => confirmDelete(null)}>
            Keep it
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-ghost cm-small-btn" onClick={() => confirmDelete(target)}>
          Delete
        </button>
      )}
    </>
  );
}

export function ThreadActions() {
  const { threadId, loginHref, viewer: v, unverified, startReply, changeViewer } = useThread();
  const follow = useApiMutation(
    (_signal, on: boolean) =>
      api(on ? 'PUT /api/community/threads/{threadId}/follow' : 'DELETE /api/community/threads/{threadId}/follow', { params: { threadId } }),
    {
      onSuccess: ({ following }) => {
        changeViewer((cur) => ({ ...cur, following }));
        toast({ title: following ? 'Following this discussion' : 'No longer following', variant: 'success' });
      },
      onError: (error) => toast({ title: 'That did not work', description: error.message, variant: 'destructive' }),
    },
  );
  return (
    <>
      <VoteButton target="thread" count={v.voteCount} voted={v.voted} own={v.ownThread || v.deleted} />
      {v.signedIn ? (
        <button type="button" className="btn btn-secondary cm-small-btn" aria-pressed={v.following} onClick={() => void follow.run(!v.following)}>
          {v.following ? 'Following' : 'Follow'}
        </button>
      ) : null}
      {v.signedIn && !unverified && !v.locked && !v.deleted ? (
        <button type="button" className="btn btn-ghost cm-small-btn" onClick={() => startReply(null)}>
          Reply
        </button>
      ) : null}
      <OwnActions target="thread" />
      {v.signedIn && !v.ownThread && !v.deleted ? <ReportButton kind="thread" targetId={threadId} what="this discussion" loginHref={loginHref} /> : null}
    </>
  );
}

export function ReplyActions({ meta }: { meta: ReplyMeta }) {
  const { threadId, loginHref, viewer: v, unverified, gone, startReply, changeViewer } = useThread();
  return (
    <>
      <VoteButton target={meta.id} count={v.replyVoteCounts[meta.id] ?? 0} voted={v.votedReplyIds.includes(meta.id)} own={v.ownReplyIds.includes(meta.id)} />
      {v.signedIn && !unverified && !v.locked && !v.deleted ? (
        <button type="button" className="btn btn-ghost cm-small-btn" onClick={() => startReply(meta)}>
          Reply<span className="visually-hidden"> to {meta.authorName ?? 'this reply'}</span>
        </button>
      ) : null}
      <OwnActions target={meta.id} />
      {v.canMarkAnswer && !unverified ? (
        <AnswerButton
          threadId={threadId}
          replyId={meta.id}
          accepted={v.acceptedReplyId === meta.id}
          onChange={(acceptedReplyId) => changeViewer((cur) => ({ ...cur, acceptedReplyId }))}
        />
      ) : null}
      {v.signedIn && !v.ownReplyIds.includes(meta.id) && !gone.has(meta.id) ? (
        <ReportButton kind="reply" targetId={meta.id} what="this reply" loginHref={loginHref} />
      ) : null}
    </>
  );
}
