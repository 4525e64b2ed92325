/**
 * 'Mark as answer' on a reply of a question (issue 16, docs/decisions/036), rendered by the
 * thread page's island for the question's author and, on a product's question, its creator
 * (the viewer answer says who may: canMarkAnswer). Marking, changing or clearing the answer
 * calls PUT or DELETE /api/community/threads/{id}/answer, then shows it on the page as the
 * server would render it: the 'Accepted answer' pill on the reply, the reply (or the reply it
 * is nested under) first in the list, and 'Answered' on the question.
 */
import { api } from '@/src/shared/api/client';
import { ANSWER_LABEL } from '@/src/shared/community-qa';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';

/** The page as the server renders it with `replyId` as the answer (null: none). */
function showAcceptedAnswer(replyId: string | null): void {
  document.querySelectorAll('[data-accepted-pill]').forEach((pill) => pill.remove());
  document.querySelectorAll('.cm-reply.is-accepted').forEach((li) => li.classList.remove('is-accepted'));
  const answered = document.querySelector<HTMLElement>('[data-answered-pill]');
  if (answered) {
    answered.textContent = replyId ? 'Answered' : 'Question';
    answered.classList.toggle('cm-pill-good', Boolean(replyId));
  }
  if (!replyId) return;
  const item = document.getElementById(`reply-${replyId}`);
  if (!item) return;
  item.classList.add('is-accepted');
  const pill = document.createElement('span');
  pill.className = 'cm-pill cm-pill-good';
  pill.dataset['acceptedPill'] = '';
  pill.textContent = ANSWER_LABEL;
  item.querySelector('.cm-post-head')?.append(pill);
  // Shown first: the reply, or the top-level reply it is nested under.
  // (Replies the island added this visit stay where React put them.)
  if (item.closest('#cm-new-replies')) return;
  const group = item.parentElement?.closest<HTMLElement>('li.cm-reply') ?? item;
  const list = group.parentElement;
  if (list && list.firstElementChild !== group) list.prepend(group);
}

interface Props {
  threadId: string;
  replyId: string;
  accepted: boolean;
  onChange(acceptedReplyId: string | null): void;
}

export default function AnswerButton({ threadId, replyId, accepted, onChange }: Props) {
  const answer = useApiMutation(
    () =>
      accepted
        ? api('DELETE /api/community/threads/{threadId}/answer', { params: { threadId } })
        : api('PUT /api/community/threads/{threadId}/answer', { params: { threadId }, body: { replyId } }),
    {
      onSuccess: (result) => {
        showAcceptedAnswer(result.acceptedReplyId);
        onChange(result.acceptedReplyId);
        toast({ title: result.acceptedReplyId ? 'Answer marked' : 'Answer cleared', variant: 'success' });
      },
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    },
  );
  return (
    <button type="button" className="btn btn-secondary cm-small-btn" aria-pressed={accepted} onClick={() => void answer.run()} disabled={answer.busy}>
      {accepted ? 'Unmark answer' : 'Mark as answer'}
    </button>
  );
}
