/**
 * The one island of a thread page (docs/decisions/035): voting, following and replying, plus
 * an author's edit and delete of their own posts. The page itself is server-rendered HTML that
 * a CDN caches for everyone, with static placeholders where the actions go; once the browser
 * is idle this island asks GET /api/community/threads/{id}/viewer (the visitor's votes, follow,
 * own posts and the current counts) and renders the actions into those placeholders through
 * portals, so the posts stay HTML and only the buttons are React.
 *
 * A reply is posted with react-hook-form (docs/decisions/019) over the API's own schema; a
 * failed post keeps the text in the editor (and in this browser until it is posted). New
 * replies appear under the others; an edit or a delete updates the post's HTML in place with
 * the server's sanitized render.
 *
 * A member whose email is not verified sees the counts without vote buttons and, in the reply
 * form's place, VerifyEmailNotice with 'Resend' (issue 29, docs/decisions/052): the server
 * refuses their posts and votes with 403 EMAIL_NOT_VERIFIED.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { api, ApiError } from '@/src/shared/api/client';
import { DELETED_POST_TEXT, THREAD_TITLE_MAX } from '@/src/shared/community';
import type { Reply, ThreadViewer } from '@/src/shared/api/schemas/community';
import { formatDate, timeAgo } from '@/src/shared/format';
import { toast } from '@/src/stores/toasts';
import { loadDraft, MarkdownField, saveDraft } from './MarkdownField';
import { editValidation, replyValidation } from './community-resolvers';
import type { EditValues, ReplyValues } from './resolvers';
import AnswerButton from './AnswerButton';
import { AuthorBadges } from './AuthorBadges';
import ReportButton from '../moderation/ReportButton';
import { useNeedsVerification, VerifyEmailNotice } from '../auth/VerifyEmailNotice';

export interface ReplyMeta {
  id: string;
  parentReplyId: string | null;
  authorName: string | null;
}

interface Props {
  threadId: string;
  loginHref: string;
  replies: ReplyMeta[];
}

type Target = 'thread' | string;

function clearStatic(container: Element | null): void {
  container?.querySelectorAll('[data-static]').forEach((el) => el.remove());
}

function setPostHtml(id: Target, html: string): void {
  const body = document.querySelector(`[data-post-body="${id}"]`);
  if (body) body.innerHTML = html;
}

function VoteButton({
  count,
  voted,
  own,
  signedIn,
  unverified,
  loginHref,
  onToggle,
}: {
  count: number;
  voted: boolean;
  own: boolean;
  signedIn: boolean;
  /** Signed in without a verified email: the count only (the reply slot says why). */
  unverified: boolean;
  loginHref: string;
  onToggle(): void;
}) {
  const word = count === 1 ? 'vote' : 'votes';
  if (!signedIn)
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
    <button type="button" className="cm-vote" aria-pressed={voted} onClick={onToggle}>
      <span aria-hidden="true">▲</span> {count}
      <span className="visually-hidden"> {word}. Up-vote</span>
    </button>
  );
}

export default function ThreadIsland({ threadId, loginHref, replies }: Props) {
  const [mounted, setMounted] = useState(false);
  const [viewer, setViewer] = useState<ThreadViewer | null>(null);
  const [replyTo, setReplyTo] = useState<ReplyMeta | null>(null);
  const [editing, setEditing] = useState<{ target: Target; title?: string } | null>(null);
  const [added, setAdded] = useState<Reply[]>([]);
  const [gone, setGone] = useState<Set<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState<Target | null>(null);
  const uid = useId();
  const draftKey = `toolmint:community-draft:${threadId}`;
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const unverified = useNeedsVerification();

  useEffect(() => {
    setMounted(true);
    api('GET /api/community/threads/{threadId}/viewer', { params: { threadId } })
      .then((state) => {
        setViewer(state);
        // A signed-in reader may reply: fetch the form's checks ahead.
        if (state.signedIn) replyValidation.preload();
      })
      .catch((error: unknown) => console.warn('[community] viewer failed:', error));
  }, [threadId]);

  useEffect(() => {
    if (!viewer) return;
    clearStatic(document.getElementById('cm-thread-actions'));
    clearStatic(document.getElementById('cm-reply-form'));
    document.querySelectorAll('[data-reply-actions]').forEach(clearStatic);
  }, [viewer]);

  const replyForm = useForm<ReplyValues>({
    resolver: replyValidation.resolver,
    defaultValues: { body: '' },
    mode: 'onSubmit',
  });
  const editForm = useForm<EditValues>({ resolver: editValidation.resolver, defaultValues: {}, mode: 'onSubmit' });

  useEffect(() => {
    if (mounted) replyForm.setValue('body', loadDraft(draftKey));
  }, [mounted, draftKey, replyForm]);

  const replyBody = replyForm.watch('body') ?? '';
  useEffect(() => {
    if (mounted) saveDraft(draftKey, replyBody);
  }, [mounted, draftKey, replyBody]);

  if (!mounted || !viewer) return null;
  const v = viewer;
  const answer = (id: string) =>
    v.canMarkAnswer && !unverified ? (
      <AnswerButton threadId={threadId} replyId={id} accepted={v.acceptedReplyId === id} onChange={(acceptedReplyId) => setViewer({ ...v, acceptedReplyId })} />
    ) : null;

  async function vote(target: Target) {
    const isThread = target === 'thread';
    const on = isThread ? !v.voted : !v.votedReplyIds.includes(target);
    try {
      const res = isThread
        ? await api(on ? 'PUT /api/community/threads/{threadId}/vote' : 'DELETE /api/community/threads/{threadId}/vote', { params: { threadId } })
        : await api(on ? 'PUT /api/community/replies/{replyId}/vote' : 'DELETE /api/community/replies/{replyId}/vote', { params: { replyId: target } });
      setViewer((cur) =>
        cur
          ? isThread
            ? { ...cur, voted: res.voted, voteCount: res.voteCount }
            : {
                ...cur,
                votedReplyIds: res.voted ? [...new Set([...cur.votedReplyIds, target])] : cur.votedReplyIds.filter((id) => id !== target),
                replyVoteCounts: { ...cur.replyVoteCounts, [target]: res.voteCount },
              }
          : cur,
      );
    } catch (error) {
      toast({ title: 'Your vote was not saved', description: error instanceof ApiError ? error.message : undefined, variant: 'destructive' });
    }
  }

  async function toggleFollow() {
    try {
      const res = await api(v.following ? 'DELETE /api/community/threads/{threadId}/follow' : 'PUT /api/community/threads/{threadId}/follow', {
        params: { threadId },
      });
      setViewer((cur) => (cur ? { ...cur, following: res.following } : cur));
      toast({ title: res.following ? 'Following this discussion' : 'No longer following', variant: 'success' });
    } catch (error) {
      toast({ title: 'That did not work', description: error instanceof ApiError ? error.message : undefined, variant: 'destructive' });
    }
  }

  function startReply(meta: ReplyMeta | null) {
    setEditing(null);
    setReplyTo(meta);
    requestAnimationFrame(() => textarea.current?.focus());
  }

  async function startEdit(target: Target) {
    try {
      if (target === 'thread') {
        const thread = await api('GET /api/community/threads/{threadId}', { params: { threadId } });
        editForm.reset({ title: thread.title, body: thread.body });
        setEditing({ target, title: thread.title });
      } else {
        let cursor: string | null = null;
        let found: Reply | undefined = added.find((r) => r.id === target);
        while (!found) {
          const page: { items: Reply[]; nextCursor: string | null } = await api('GET /api/community/threads/{threadId}/replies', {
            params: { threadId },
            query: cursor ? { cursor } : {},
          });
          found = page.items.find((r) => r.id === target);
          cursor = page.nextCursor;
          if (!cursor) break;
        }
        if (!found) return;
        editForm.reset({ body: found.body });
        setEditing({ target });
      }
      setReplyTo(null);
      requestAnimationFrame(() => document.getElementById(`${uid}-edit-body`)?.focus());
    } catch (error) {
      toast({ title: 'Could not open the post', description: error instanceof ApiError ? error.message : undefined, variant: 'destructive' });
    }
  }

  async function remove(target: Target) {
    try {
      if (target === 'thread') await api('DELETE /api/community/threads/{threadId}', { params: { threadId } });
      else await api('DELETE /api/community/replies/{replyId}', { params: { replyId: target } });
      setPostHtml(target, `<p class="cm-deleted">${DELETED_POST_TEXT}</p>`);
      const author = document.querySelector(`[data-post-author="${target}"]`);
      if (author) author.textContent = 'Deleted';
      setGone((cur) => new Set([...cur, target]));
      setConfirmDelete(null);
      setViewer((cur) => {
        if (!cur) return cur;
        const editableUntil = { ...cur.editableUntil };
        delete editableUntil[target];
        return target === 'thread'
          ? { ...cur, ownThread: false, deleted: true, editableUntil }
          : { ...cur, ownReplyIds: cur.ownReplyIds.filter((id) => id !== target), editableUntil };
      });
      toast({ title: 'Post deleted', variant: 'success' });
    } catch (error) {
      toast({ title: 'The post was not deleted', description: error instanceof ApiError ? error.message : undefined, variant: 'destructive' });
    }
  }

  const submitReply = replyForm.handleSubmit(async (values) => {
    try {
      const reply = await api('POST /api/community/threads/{threadId}/replies', {
        params: { threadId },
        body: { body: values.body, ...(replyTo ? { parentReplyId: replyTo.id } : {}) },
      });
      setAdded((cur) => [...cur, reply]);
      setViewer((cur) =>
        cur
          ? {
              ...cur,
              following: true,
              ownReplyIds: [...cur.ownReplyIds, reply.id],
              replyVoteCounts: { ...cur.replyVoteCounts, [reply.id]: 0 },
              editableUntil: { ...cur.editableUntil, [reply.id]: new Date(Date.now() + 15 * 60 * 1000).toISOString() },
            }
          : cur,
      );
      replyForm.reset({ body: '' });
      saveDraft(draftKey, '');
      setReplyTo(null);
      // A new account's first posts with links wait for review (docs/decisions/037).
      if (reply.heldForReview)
        toast({ title: 'Your reply waits for review', description: 'New accounts’ first posts with links are checked by our team before they are public.' });
      else toast({ title: 'Reply posted', variant: 'success' });
    } catch (error) {
      // The text stays in the editor (and in this browser's draft).
      if (error instanceof ApiError && error.code !== 'NETWORK') {
        for (const [path, message] of Object.entries(error.fields)) if (message) replyForm.setError(path as keyof ReplyValues, { type: 'server', message });
        toast({ title: 'Your reply was not posted', description: error.message, variant: 'destructive' });
        return;
      }
      toast({ title: 'Your reply was not posted', description: 'Check your connection and try again. Your text is kept.', variant: 'destructive' });
    }
  });

  const submitEdit = editForm.handleSubmit(async (values) => {
    if (!editing) return;
    try {
      if (editing.target === 'thread') {
        const thread = await api('PATCH /api/community/threads/{threadId}', { params: { threadId }, body: { title: values.title, body: values.body } });
        setPostHtml('thread', thread.bodyHtml);
        const title = document.querySelector('[data-thread-title]');
        if (title) title.textContent = thread.title;
      } else {
        const reply = await api('PATCH /api/community/replies/{replyId}', { params: { replyId: editing.target }, body: { body: values.body ?? '' } });
        setPostHtml(reply.id, reply.bodyHtml);
        setAdded((cur) => cur.map((r) => (r.id === reply.id ? reply : r)));
      }
      const edited = document.querySelector(`[data-edited="${editing.target}"]`);
      if (edited) edited.removeAttribute('hidden');
      setEditing(null);
      toast({ title: 'Changes saved', variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.code !== 'NETWORK') {
        for (const [path, message] of Object.entries(error.fields)) if (message) editForm.setError(path as keyof EditValues, { type: 'server', message });
        toast({ title: 'Your changes were not saved', description: error.message, variant: 'destructive' });
        return;
      }
      toast({ title: 'Your changes were not saved', description: 'Check your connection and try again.', variant: 'destructive' });
    }
  });

  function ownActions(target: Target) {
    const own = target === 'thread' ? v.ownThread : v.ownReplyIds.includes(target);
    if (!own || gone.has(target)) return null;
    const until = v.editableUntil[target];
    return (
      <>
        {until && !unverified && new Date(until).getTime() > Date.now() ? (
          <button type="button" className="btn btn-ghost cm-small-btn" onClick={() => void startEdit(target)}>
            Edit
          </button>
        ) : null}
        {confirmDelete === target ? (
          <>
            <button type="button" className="btn btn-secondary cm-small-btn" onClick={() => void remove(target)}>
              Yes, delete it
            </button>
            <button type="button" className="btn btn-ghost cm-small-btn" onClick={() => setConfirmDelete(null)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-ghost cm-small-btn" onClick={() => setConfirmDelete(target)}>
            Delete
          </button>
        )}
      </>
    );
  }

  function replyActions(meta: ReplyMeta) {
    const count = v.replyVoteCounts[meta.id] ?? 0;
    return (
      <>
        <VoteButton
          count={count}
          voted={v.votedReplyIds.includes(meta.id)}
          own={v.ownReplyIds.includes(meta.id)}
          signedIn={v.signedIn}
          unverified={unverified}
          loginHref={loginHref}
          onToggle={() => void vote(meta.id)}
        />
        {v.signedIn && !unverified && !v.locked && !v.deleted ? (
          <button type="button" className="btn btn-ghost cm-small-btn" onClick={() => startReply(meta)}>
            Reply<span className="visually-hidden"> to {meta.authorName ?? 'this reply'}</span>
          </button>
        ) : null}
        {ownActions(meta.id)}
        {answer(meta.id)}
        {v.signedIn && !v.ownReplyIds.includes(meta.id) && !gone.has(meta.id) ? (
          <ReportButton kind="reply" targetId={meta.id} what="this reply" loginHref={loginHref} />
        ) : null}
      </>
    );
  }

  const threadActions = document.getElementById('cm-thread-actions');
  const formSlot = document.getElementById('cm-reply-form');
  const newReplies = document.getElementById('cm-new-replies');

  const editTarget = editing?.target;
  const form = editing ? (
    <form className="card cm-post cm-form" onSubmit={(e) => void submitEdit(e)} noValidate aria-labelledby={`${uid}-edit-title`}>
      <h2 id={`${uid}-edit-title`}>{editTarget === 'thread' ? 'Edit your discussion' : 'Edit your reply'}</h2>
      {editTarget === 'thread' ? (
        <div className={`cm-field${editForm.formState.errors.title ? ' cm-field-invalid' : ''}`}>
          <label htmlFor={`${uid}-edit-title-input`}>Title</label>
          <input
            id={`${uid}-edit-title-input`}
            type="text"
            className="text-control"
            maxLength={THREAD_TITLE_MAX}
            aria-invalid={editForm.formState.errors.title ? true : undefined}
            {...editForm.register('title')}
          />
          {editForm.formState.errors.title ? <p className="cm-error">{editForm.formState.errors.title.message}</p> : null}
        </div>
      ) : null}
      <MarkdownField id={`${uid}-edit-body`} label="Text" value={editForm.watch('body') ?? ''} error={editForm.formState.errors.body?.message}>
        {({ hidden, ...control }) => <textarea {...control} hidden={hidden} className="text-control" {...editForm.register('body')} />}
      </MarkdownField>
      <div className="cm-actions">
        <button type="submit" className="btn btn-primary" disabled={editForm.formState.isSubmitting} aria-busy={editForm.formState.isSubmitting}>
          {editForm.formState.isSubmitting ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setEditing(null)}>
          Cancel
        </button>
      </div>
    </form>
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
    <form className="card cm-post cm-form" onSubmit={(e) => void submitReply(e)} noValidate aria-labelledby={`${uid}-reply-title`}>
      <h2 id={`${uid}-reply-title`}>Your reply</h2>
      {replyTo ? (
        <p className="cm-replying">
          Replying to {replyTo.authorName ?? 'a deleted reply'}
          <button type="button" className="btn btn-ghost cm-small-btn" onClick={() => setReplyTo(null)}>
            Cancel<span className="visually-hidden"> replying to {replyTo.authorName ?? 'this reply'}</span>
          </button>
        </p>
      ) : null}
      <MarkdownField id={`${uid}-reply-body`} label="Reply" value={replyBody} error={replyForm.formState.errors.body?.message}>
        {({ hidden, ...control }) => {
          const registered = replyForm.register('body');
          return (
            <textarea
              {...control}
              hidden={hidden}
              className="text-control"
              {...registered}
              ref={(el) => {
                registered.ref(el);
                textarea.current = el;
              }}
            />
          );
        }}
      </MarkdownField>
      <div className="cm-actions">
        <button type="submit" className="btn btn-primary" disabled={replyForm.formState.isSubmitting} aria-busy={replyForm.formState.isSubmitting}>
          {replyForm.formState.isSubmitting ? 'Posting…' : 'Post reply'}
        </button>
      </div>
    </form>
  );

  return (
    <>
      {threadActions
        ? createPortal(
            <>
              <VoteButton
                count={v.voteCount}
                voted={v.voted}
                own={v.ownThread || v.deleted}
                signedIn={v.signedIn}
                unverified={unverified}
                loginHref={loginHref}
                onToggle={() => void vote('thread')}
              />
              {v.signedIn ? (
                <button type="button" className="btn btn-secondary cm-small-btn" aria-pressed={v.following} onClick={() => void toggleFollow()}>
                  {v.following ? 'Following' : 'Follow'}
                </button>
              ) : null}
              {v.signedIn && !unverified && !v.locked && !v.deleted ? (
                <button type="button" className="btn btn-ghost cm-small-btn" onClick={() => startReply(null)}>
                  Reply
                </button>
              ) : null}
              {ownActions('thread')}
              {v.signedIn && !v.ownThread && !v.deleted ? (
                <ReportButton kind="thread" targetId={threadId} what="this discussion" loginHref={loginHref} />
              ) : null}
            </>,
            threadActions,
          )
        : null}
      {replies.map((meta) => {
        const slot = document.querySelector(`[data-reply-actions="${meta.id}"]`);
        return slot ? createPortal(replyActions(meta), slot, meta.id) : null;
      })}
      {newReplies && added.length
        ? createPortal(
            added.map((r) => (
              <li key={r.id} id={`reply-${r.id}`} className="card cm-reply">
                <div className="cm-post-head">
                  <span className="cm-author" data-post-author={r.id}>
                    {r.author?.name ?? 'Deleted'}
                  </span>
                  <AuthorBadges author={r.author} />
                  <time dateTime={r.createdAt} title={formatDate(r.createdAt)}>
                    {timeAgo(r.createdAt)}
                  </time>
                  {r.parentReplyId ? <span>in reply to {replies.find((m) => m.id === r.parentReplyId)?.authorName ?? 'a reply'}</span> : null}
                  <span data-edited={r.id} hidden={!r.editedAt}>
                    edited
                  </span>
                </div>
                {r.quoted ? (
                  <blockquote className="cm-quote">
                    {r.quoted.authorName ? `${r.quoted.authorName}: ` : ''}
                    {r.quoted.excerpt}
                  </blockquote>
                ) : null}
                <div className="cm-body" data-post-body={r.id} dangerouslySetInnerHTML={{ __html: r.bodyHtml }} />
                <div className="cm-actions">{replyActions({ id: r.id, parentReplyId: r.parentReplyId, authorName: r.author?.name ?? null })}</div>
              </li>
            )),
            newReplies,
          )
        : null}
      {formSlot ? createPortal(form, formSlot) : null}
    </>
  );
}
