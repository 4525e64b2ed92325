/**
 * 'Your reply' under a thread (docs/decisions/035), react-hook-form over the API's own schema
 * (docs/decisions/019). The text is kept in this browser until it is posted (a failed post, a
 * closed tab, an edit opened in between); a reply to a reply says to whom, with Cancel.
 */
import { useEffect, useId, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../../hooks/use-api';
import { setServerErrors } from '../../ui/form-state';
import { replyValidation } from '../community-resolvers';
import { loadDraft, MarkdownField, saveDraft } from '../MarkdownField';
import type { ReplyValues } from '../resolvers';
import { useThread, type ReplyMeta } from './thread-context';

interface Props {
  replyTo: ReplyMeta | null;
  onCancelReplyTo(): void;
  /** The textarea, for 'Reply' buttons elsewhere on the page to focus. */
  textarea: RefObject<HTMLTextAreaElement | null>;
}

export function ReplyForm({ replyTo, onCancelReplyTo, textarea }: Props) {
  const { threadId, replied } = useThread();
  const uid = useId();
  const draftKey = `toolmint:community-draft:${threadId}`;
  // Rendered in the browser only (after the viewer state): the draft can be read at once.
  const [draft] = useState(() => loadDraft(draftKey));
  const form = useForm<ReplyValues>({ resolver: replyValidation.resolver, defaultValues: { body: draft }, mode: 'onSubmit' });
  const body = form.watch('body') ?? '';
  useEffect(() => saveDraft(draftKey, body), [draftKey, body]);

  const post = useApiMutation(
    (_signal, values: ReplyValues) =>
      api('POST /api/community/threads/{threadId}/replies', {
        params: { threadId },
        body: { body: values.body, ...(replyTo ? { parentReplyId: replyTo.id } : {}) },
      }),
    {
      onSuccess: (reply) => {
        form.reset({ body: '' });
        saveDraft(draftKey, '');
        replied(reply);
        // A new account's first posts with links wait for review (docs/decisions/037).
        if (reply.heldForReview)
          toast({ title: 'Your reply waits for review', description: 'New accounts’ first posts with links are checked by our team before they are public.' });
        else toast({ title: 'Reply posted', variant: 'success' });
      },
      // The text stays in the editor (and in this browser's draft).
      onError: (error) => {
        if (error.code === 'NETWORK') {
          toast({ title: 'Your reply was not posted', description: 'Check your connection and try again. Your text is kept.', variant: 'destructive' });
          return;
        }
        setServerErrors(form, error);
        toast({ title: 'Your reply was not posted', description: error.message, variant: 'destructive' });
      },
    },
  );
  const { isSubmitting, errors } = form.formState;

  return (
    <form
      className="card cm-post cm-form"
      onSubmit={(e) => void form.handleSubmit((values) => post.run(values))(e)}
      noValidate
      aria-labelledby={`${uid}-reply-title`}
    >
      <h2 id={`${uid}-reply-title`}>Your reply</h2>
      {replyTo ? (
        <p className="cm-replying">
          Replying to {replyTo.authorName ?? 'a deleted reply'}
          <button type="button" className="btn btn-ghost cm-small-btn" onClick={onCancelReplyTo}>
            Cancel<span className="visually-hidden"> replying to {replyTo.authorName ?? 'this reply'}</span>
          </button>
        </p>
      ) : null}
      <MarkdownField id={`${uid}-reply-body`} label="Reply" value={body} error={errors.body?.message}>
        {({ hidden, ...control }) => {
          const registered = form.register('body');
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
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Posting…' : 'Post reply'}
        </button>
      </div>
    </form>
  );
}
