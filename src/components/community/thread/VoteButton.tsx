/**
 * The up-vote of the discussion or of one reply: a button for a member who may vote (its own
 * request, so votes on two posts never wait for each other), the count alone on one's own post
 * or without a verified email, and a link to log in for a visitor.
 */
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../../hooks/use-api';
import { useThread } from './thread-context';
import type { Target } from './thread-page';

interface Props {
  target: Target;
  count: number;
  voted: boolean;
  /** The visitor's own post (or a deleted discussion): the count only. */
  own: boolean;
}

export function VoteButton({ target, count, voted, own }: Props) {
  const { threadId, loginHref, viewer, unverified, voted: onVoted } = useThread();
  const vote = useApiMutation(
    (_signal, on: boolean) =>
      target === 'thread'
        ? api(on ? 'PUT /api/community/threads/{threadId}/vote' : 'DELETE /api/community/threads/{threadId}/vote', { params: { threadId } })
        : api(on ? 'PUT /api/community/replies/{replyId}/vote' : 'DELETE /api/community/replies/{replyId}/vote', { params: { replyId: target } }),
    {
      onSuccess: (state) => onVoted(target, state),
      onError: (error) => toast({ title: 'Your vote was not saved', description: error.message, variant: 'destructive' }),
    },
  );
  const word = count === 1 ? 'vote' : 'votes';
  if (!viewer.signedIn)
    return (
      <a className="cm-vote" href={loginHref}>
        <span aria-hidden="true">▲</span> {count}
        <span className="visually-hidden"> {word}. Log in to up-vote</span>
      </a>
    );
  if (own || unverified)
    return (
      <span className="cm-vote" title={own ? 'Your own post' : 'Verify your email address to vote'}>
        <span aria-hidden="true">▲</span> {count}
        <span className="visually-hidden"> {word}</span>
      </span>
    );
  return (
    <button type="button" className="cm-vote" aria-pressed={voted} onClick={() => void vote.run(!voted)}>
      <span aria-hidden="true">▲</span> {count}
      <span className="visually-hidden"> {word}. Up-vote</span>
    </button>
  );
}
