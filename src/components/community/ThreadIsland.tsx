/**
 * The one island of a thread page (docs/decisions/035): voting, following and replying, plus
 * an author's edit and delete of their own posts. The page itself is server-rendered HTML that
 * a CDN caches for everyone, with static placeholders where the actions go; once the browser
 * is idle this island asks GET /api/community/threads/{id}/viewer (the visitor's votes, follow,
 * own posts and the current counts) and renders the actions into those placeholders through
 * portals, so the posts stay HTML and only the buttons are React.
 *
 * Its parts (./thread): the vote button and the post actions, the reply list (the portals and
 * the replies posted this visit), the reply form and the edit form. This root holds the viewer
 * state they share (ThreadContext) and which form shows. A failed post keeps the text in the
 * editor (and in this browser until it is posted); an edit or a delete updates the post's HTML
 * in place with the server's sanitized render.
 *
 * A member whose email is not verified sees the counts without vote buttons and, in the reply
 * form's place, VerifyEmailNotice with 'Resend' (issue 29, docs/decisions/052): the server
 * refuses their posts and votes with 403 EMAIL_NOT_VERIFIED.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { api } from '@/src/shared/api/client';
import type { Reply } from '@/src/shared/api/schemas/community';
import { toast } from '@/src/stores/toasts';
import { useApiQuery } from '../hooks/use-api';
import { useNeedsVerification, VerifyEmailNotice } from '../auth/VerifyEmailNotice';
import { replyValidation } from './community-resolvers';
import { EditPostForm, type EditedPost } from './thread/EditPostForm';
import { ThreadActions } from './thread/PostActions';
import { ReplyForm } from './thread/ReplyForm';
import { ReplyList } from './thread/ReplyList';
import { ThreadContext, type ReplyMeta, type Thread } from './thread/thread-context';
import { clearStatic, showDeleted, type Target } from './thread/thread-page';

interface Props {
  threadId: string;
  loginHref: string;
  replies: ReplyMeta[];
}

/** How long a new post may be edited (the server's rule, docs/decisions/035). */
const EDIT_WINDOW_MS = 15 * 60 * 1000;

export default function ThreadIsland({ threadId, loginHref, replies }: Props) {
  const [replyTo, setReplyTo] = useState<ReplyMeta | null>(null);
  const [editing, setEditing] = useState<EditedPost | null>(null);
  const [added, setAdded] = useState<Reply[]>([]);
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<Target | null>(null);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const unverified = useNeedsVerification();

  const viewer = useApiQuery((signal) => api('GET /api/community/threads/{threadId}/viewer', { params: { threadId }, signal }), {
    key: threadId,
    // A signed-in reader may reply: fetch the form's checks ahead.
    onSuccess: (state) => {
      if (state.signedIn) replyValidation.preload();
    },
    onError: (error) => console.warn('[community] viewer failed:', error.message),
  });

  // Opening a post for editing reads its source: the thread, or the reply among the pages of replies.
  const openPost = useApiQuery(
    async (signal, target: Target): Promise<EditedPost | null> => {
      if (target === 'thread') {
        const thread = await api('GET /api/community/threads/{threadId}', { params: { threadId }, signal });
        return { target, title: thread.title, body: thread.body };
      }
      let found = added.find((r) => r.id === target);
      let cursor: string | null = null;
      while (!found) {
        const page: { items: Reply[]; nextCursor: string | null } = await api('GET /api/community/threads/{threadId}/replies', {
          params: { threadId },
          query: cursor ? { cursor } : {},
          signal,
        });
        found = page.items.find((r) => r.id === target);
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      return found ? { target, body: found.body } : null;
    },
    {
      onSuccess: (post) => {
        if (!post) return;
        setReplyTo(null);
        setEditing(post);
      },
      onError: (error) => toast({ title: 'Could not open the post', description: error.message, variant: 'destructive' }),
    },
  );

  const loaded = viewer.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    clearStatic(document.getElementById('cm-thread-actions'));
    clearStatic(document.getElementById('cm-reply-form'));
    document.querySelectorAll('[data-reply-actions]').forEach(clearStatic);
  }, [loaded]);

  const v = viewer.data;
  if (!v) return null;

  const changeViewer = (change: (cur: NonNullable<typeof v>) => NonNullable<typeof v>) => viewer.setData((cur) => (cur ? change(cur) : cur));
  const thread: Thread = {
    threadId,
    loginHref,
    viewer: v,
    unverified,
    gone,
    confirming,
    changeViewer,
    startReply(to) {
      setEditing(null);
      setReplyTo(to);
      requestAnimationFrame(() => textarea.current?.focus());
    },
    startEdit: (target) => void openPost.run(target),
    confirmDelete: setConfirming,
    voted: (target, { voted, voteCount }) =>
      changeViewer((cur) =>
        target === 'thread'
          ? { ...cur, voted, voteCount }
          : {
              ...cur,
              votedReplyIds: voted ? [...new Set([...cur.votedReplyIds, target])] : cur.votedReplyIds.filter((id) => id !== target),
              replyVoteCounts: { ...cur.replyVoteCounts, [target]: voteCount },
            },
      ),
    deleted(target) {
      showDeleted(target);
      setGone((cur) => new Set([...cur, target]));
      setConfirming(null);
      changeViewer((cur) => {
        const editableUntil = { ...cur.editableUntil };
        delete editableUntil[target];
        return target === 'thread'
          ? { ...cur, ownThread: false, deleted: true, editableUntil }
          : { ...cur, ownReplyIds: cur.ownReplyIds.filter((id) => id !== target), editableUntil };
      });
      toast({ title: 'Post deleted', variant: 'success' });
    },
    replied(reply) {
      setAdded((cur) => [...cur, reply]);
      setReplyTo(null);
      changeViewer((cur) => ({
        ...cur,
        following: true,
        ownReplyIds: [...cur.ownReplyIds, reply.id],
        replyVoteCounts: { ...cur.replyVoteCounts, [reply.id]: 0 },
        editableUntil: { ...cur.editableUntil, [reply.id]: new Date(Date.now() + EDIT_WINDOW_MS).toISOString() },
      }));
    },
  };

  const threadActions = document.getElementById('cm-thread-actions');
  const formSlot = document.getElementById('cm-reply-form');
  const form = editing ? (
    <EditPostForm
      key={editing.target}
      post={editing}
      onDone={() => setEditing(null)}
      onReplySaved={(reply) => setAdded((cur) => cur.map((r) => (r.id === reply.id ? reply : r)))}
    />
  ) : v.locked ? (
    <p className="card cm-post">This discussion is locked: it takes no new replies.</p>
  ) : v.deleted ? null : !v.signedIn ? (
    <p className="card cm-post">
      <a href={loginHref}>Log in to reply</a> and join the discussion.
    </p>
  ) : unverified ? (
    <div className="card cm-post">
      <VerifyEmailNotice action="reply" />
    </div>
  ) : (
    <ReplyForm replyTo={replyTo} onCancelReplyTo={() => setReplyTo(null)} textarea={textarea} />
  );

  return (
    <ThreadContext value={thread}>
      {threadActions ? createPortal(<ThreadActions />, threadActions) : null}
      <ReplyList replies={replies} added={added} />
      {formSlot ? createPortal(form, formSlot) : null}
    </ThreadContext>
  );
}
