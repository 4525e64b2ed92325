/**
 * 'Edit your discussion' / 'Edit your reply' in the reply form's place, for the 15 minutes a
 * post may be edited (docs/decisions/035). Saving updates the post's HTML in place with the
 * server's sanitized render and shows its 'edited' mark.
 */
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '@/src/shared/api/client';
import type { Reply, Thread } from '@/src/shared/api/schemas/community';
import { THREAD_TITLE_MAX } from '@/src/shared/community';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../../hooks/use-api';
import { setServerErrors } from '../../ui/form-state';
import { editValidation } from '../community-resolvers';
import { MarkdownField } from '../MarkdownField';
import type { EditValues } from '../resolvers';
import { useThread } from './thread-context';
import { setPostHtml, setThreadTitle, showEdited, type Target } from './thread-page';

/** The post being edited, as the server has it now. */
export interface EditedPost {
  target: Target;
  title?: string;
  body: string;
}

interface Props {
  post: EditedPost;
  onDone(): void;
  /** A reply added this visit changed: its new text. */
  onReplySaved(reply: Reply): void;
}

export function EditPostForm({ post, onDone, onReplySaved }: Props) {
  const { threadId } = useThread();
  const uid = useId();
  const form = useForm<EditValues>({ resolver: editValidation.resolver, defaultValues: { title: post.title, body: post.body }, mode: 'onSubmit' });
  const { errors, isSubmitting } = form.formState;
  const isThread = post.target === 'thread';

  useEffect(() => document.getElementById(`${uid}-edit-body`)?.focus(), [uid]);

  const save = useApiMutation(
    (_signal, values: EditValues): Promise<Thread | Reply> =>
      post.target === 'thread'
        ? api('PATCH /api/community/threads/{threadId}', { params: { threadId }, body: { title: values.title, body: values.body } })
        : api('PATCH /api/community/replies/{replyId}', { params: { replyId: post.target }, body: { body: values.body ?? '' } }),
    {
      onSuccess: (saved) => {
        if ('title' in saved) {
          setPostHtml('thread', saved.bodyHtml);
          setThreadTitle(saved.title);
        } else {
          setPostHtml(saved.id, saved.bodyHtml);
          onReplySaved(saved);
        }
        showEdited(post.target);
        onDone();
        toast({ title: 'Changes saved', variant: 'success' });
      },
      onError: (error) => {
        if (error.code === 'NETWORK') {
          toast({ title: 'Your changes were not saved', description: 'Check your connection and try again.', variant: 'destructive' });
          return;
        }
        setServerErrors(form, error);
        toast({ title: 'Your changes were not saved', description: error.message, variant: 'destructive' });
      },
    },
  );

  return (
    <form
      className="card cm-post cm-form"
      onSubmit={(e) => void form.handleSubmit((values) => save.run(values))(e)}
      noValidate
      aria-labelledby={`${uid}-edit-title`}
    >
      <h2 id={`${uid}-edit-title`}>{isThread ? 'Edit your discussion' : 'Edit your reply'}</h2>
      {isThread ? (
        <div className={`cm-field${errors.title ? ' cm-field-invalid' : ''}`}>
          <label htmlFor={`${uid}-edit-title-input`}>Title</label>
          <input
            id={`${uid}-edit-title-input`}
            type="text"
            className="text-control"
            maxLength={THREAD_TITLE_MAX}
            aria-invalid={errors.title ? true : undefined}
            {...form.register('title')}
          />
          {errors.title ? <p className="cm-error">{errors.title.message}</p> : null}
        </div>
      ) : null}
      <MarkdownField id={`${uid}-edit-body`} label="Text" value={form.watch('body') ?? ''} error={errors.body?.message}>
        {({ hidden, ...control }) => <textarea {...control} hidden={hidden} className="text-control" {...form.register('body')} />}
      </MarkdownField>
      <div className="cm-actions">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
