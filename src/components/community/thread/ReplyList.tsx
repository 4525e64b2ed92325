/**
 * The thread's replies as the island sees them: the actions of each server-rendered reply,
 * drawn into its placeholder through a portal, and the replies posted during this visit,
 * listed under the others (in #cm-new-replies) as the server would render them.
 */
import { createPortal } from 'react-dom';
import type { Reply } from '@/src/shared/api/schemas/community';
import { formatDate, timeAgo } from '@/src/shared/format';
import { AuthorBadges } from '../AuthorBadges';
import { ReplyActions } from './PostActions';
import type { ReplyMeta } from './thread-context';

function NewReply({ reply, parentName }: { reply: Reply; parentName: string | undefined }) {
  return (
    <li id={`reply-${reply.id}`} className="card cm-reply">
      <div className="cm-post-head">
        <span className="cm-author" data-post-author={reply.id}>
          {reply.author?.name ?? 'Deleted'}
        </span>
        <AuthorBadges author={reply.author} />
        <time dateTime={reply.createdAt} title={formatDate(reply.createdAt)}>
          {timeAgo(reply.createdAt)}
        </time>
        {reply.parentReplyId ? <span>in reply to {parentName ?? 'a reply'}</span> : null}
        <span data-edited={reply.id} hidden={!reply.editedAt}>
          edited
        </span>
      </div>
      {reply.quoted ? (
        <blockquote className="cm-quote">
          {reply.quoted.authorName ? `${reply.quoted.authorName}: ` : ''}
          {reply.quoted.excerpt}
        </blockquote>
      ) : null}
      <div className="cm-body" data-post-body={reply.id} dangerouslySetInnerHTML={{ __html: reply.bodyHtml }} />
      <div className="cm-actions">
        <ReplyActions meta={{ id: reply.id, parentReplyId: reply.parentReplyId, authorName: reply.author?.name ?? null }} />
      </div>
    </li>
  );
}

export function ReplyList({ replies, added }: { replies: ReplyMeta[]; added: Reply[] }) {
  const newReplies = document.getElementById('cm-new-replies');
  return (
    <>
      {replies.map((meta) => {
        const slot = document.querySelector(`[data-reply-actions="${meta.id}"]`);
        return slot ? createPortal(<ReplyActions meta={meta} />, slot, meta.id) : null;
      })}
      {newReplies && added.length
        ? createPortal(
            added.map((reply) => (
              <NewReply key={reply.id} reply={reply} parentName={replies.find((m) => m.id === reply.parentReplyId)?.authorName ?? undefined} />
            )),
            newReplies,
          )
        : null}
    </>
  );
}
