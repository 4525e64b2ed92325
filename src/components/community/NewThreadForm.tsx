/**
 * 'Start a discussion' (docs/decisions/035): space, discussion or question, title, Markdown
 * body with the server's preview, tags, and links to AI tools (and the product of ?product=).
 * react-hook-form over the API's own schema (docs/decisions/019); the server's field messages
 * land under their fields; a failed post keeps everything in the form, and the body is kept in
 * this browser until it is posted. Success opens the new thread. A member whose email is not
 * verified gets VerifyEmailNotice instead of the form (docs/decisions/052).
 */
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api } from '@/src/shared/api/client';
import { THREAD_LINKS_MAX, THREAD_TAGS_MAX, THREAD_TITLE_MAX } from '@/src/shared/community';
import { ThreadInputSchema, type ThreadInput, type ThreadInputValues } from '@/src/shared/api/schemas/community';
import { toast } from '@/src/stores/toasts';
import { ErrorSummary } from '../ui/ErrorSummary';
import { errorList, registerWithValue, registerChoice, setServerErrors } from '../ui/form-state';
import { useApiMutation } from '../hooks/use-api';
import { loadDraft, MarkdownField, saveDraft } from './MarkdownField';
import { useNeedsVerification, VerifyEmailNotice } from '../auth/VerifyEmailNotice';

interface Props {
  spaces: { id: string; name: string; kind: 'tool' | 'general'; toolId: string | null }[];
  initialSpace: string;
  product: { id: string; title: string } | null;
}

const DRAFT_KEY = 'toolmint:community-draft:new';

const LABELS: Record<string, string> = {
  spaceId: 'Space',
  title: 'Title',
  body: 'Text',
  tags: 'Tags',
  toolIds: 'AI tools',
  productIds: 'Products',
  kind: 'Kind',
};

type FormValues = Omit<ThreadInputValues, 'tags'> & { tags: string | string[] };

export default function NewThreadForm({ spaces, initialSpace, product }: Props) {
  const uid = useId();
  const unverified = useNeedsVerification();
  const form = useForm<FormValues, unknown, ThreadInput>({
    // The tags are typed as 'a, b'; the schema takes a list.
    resolver: (values, context, options) =>
      zodResolver(ThreadInputSchema)(
        {
          ...values,
          tags: typeof values.tags === 'string' ? values.tags.split(/[,\s]+/).filter(Boolean) : values.tags,
        } as never,
        context,
        options as never,
      ) as never,
    defaultValues: { spaceId: initialSpace, kind: 'discussion', title: '', body: '', tags: '', toolIds: [], productIds: product ? [product.id] : [] },
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const body = form.watch('body') ?? '';
  const tools = spaces.filter((s) => s.kind === 'tool' && s.toolId);

  useEffect(() => {
    const saved = loadDraft(DRAFT_KEY);
    if (saved) form.setValue('body', saved);
  }, [form]);
  useEffect(() => saveDraft(DRAFT_KEY, body), [body]);

  const [held, setHeld] = useState(false);
  const post = useApiMutation((_signal, values: ThreadInput) => api('POST /api/community/threads', { body: values }), {
    onSuccess: (thread) => {
      saveDraft(DRAFT_KEY, '');
      // A new account's first posts with links wait for review (docs/decisions/037): not public yet.
      if (thread.heldForReview) {
        form.reset();
        setHeld(true);
        return;
      }
      window.location.assign(thread.url);
    },
    // Everything typed stays in the form.
    onError: (error) => {
      if (error.code === 'NETWORK') {
        toast({ title: 'Your discussion was not posted', description: 'Check your connection and try again. Your text is kept.', variant: 'destructive' });
        return;
      }
      setServerErrors(form, error);
      toast({ title: 'Your discussion was not posted', description: error.message, variant: 'destructive' });
    },
  });
  const submit = form.handleSubmit((values) => post.run(values));

  const field = (name: keyof FormValues) => `cm-field${errors[name] ? ' cm-field-invalid' : ''}`;
  const err = (name: keyof FormValues) =>
    errors[name]?.message ? (
      <p className="cm-error" id={`${uid}-${name}-error`}>
        {String(errors[name]?.message)}
      </p>
    ) : null;
  const described = (name: keyof FormValues) => (errors[name] ? `${uid}-${name}-error` : undefined);

  if (unverified)
    return (
      <div className="card cm-post">
        <VerifyEmailNotice action="start a discussion or ask a question" />
      </div>
    );
  if (held)
    return (
      <p className="card cm-post" role="status" data-held-for-review>
        Thank you. Your discussion has links, and the first posts of new accounts with links are checked by our team before they are public: it will appear once
        it is approved.
      </p>
    );
  return (
    <form className="card cm-post cm-form" onSubmit={(e) => void submit(e)} noValidate>
      <ErrorSummary items={errorList(errors).map(([name]) => ({ target: `${uid}-${name.split('.')[0]}`, label: LABELS[name.split('.')[0]!] ?? name }))} />
      <div className={field('spaceId')}>
        <label htmlFor={`${uid}-spaceId`}>Space</label>
        <select
          id={`${uid}-spaceId`}
          className="text-control"
          aria-invalid={errors.spaceId ? true : undefined}
          aria-describedby={described('spaceId')}
          {...registerWithValue(form, 'spaceId')}
        >
          <option value="">Choose a space</option>
          <optgroup label="General">
            {spaces
              .filter((s) => s.kind === 'general')
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
          </optgroup>
          <optgroup label="AI tools">
            {tools.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </optgroup>
        </select>
        {err('spaceId')}
      </div>
      <fieldset className="cm-field">
        <legend>Kind</legend>
        <div className="cm-checks">
          <label>
            <input type="radio" {...registerChoice(form, 'kind', 'discussion')} /> Discussion
          </label>
          <label>
            <input type="radio" {...registerChoice(form, 'kind', 'question')} /> Question (one reply can be marked as the answer)
          </label>
        </div>
      </fieldset>
      <div className={field('title')}>
        <label htmlFor={`${uid}-title`}>Title</label>
        <input
          id={`${uid}-title`}
          type="text"
          className="text-control"
          maxLength={THREAD_TITLE_MAX}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described('title')}
          {...registerWithValue(form, 'title')}
        />
        {err('title')}
      </div>
      <MarkdownField id={`${uid}-body`} label="Text" value={body} error={errors.body?.message}>
        {({ hidden, ...control }) => <textarea {...control} hidden={hidden} className="text-control" {...registerWithValue(form, 'body')} />}
      </MarkdownField>
      <div className={field('tags')}>
        <label htmlFor={`${uid}-tags`}>Tags (optional)</label>
        <input
          id={`${uid}-tags`}
          type="text"
          className="text-control"
          placeholder="prompts, agents"
          aria-invalid={errors.tags ? true : undefined}
          aria-describedby={`${uid}-tags-hint${errors.tags ? ` ${uid}-tags-error` : ''}`}
          {...registerWithValue(form, 'tags')}
        />
        <p className="cm-hint" id={`${uid}-tags-hint`}>
          Up to {THREAD_TAGS_MAX}, separated by commas.
        </p>
        {err('tags')}
      </div>
      <fieldset className={field('toolIds')} id={`${uid}-toolIds`}>
        <legend>AI tools this is about (optional, up to {THREAD_LINKS_MAX})</legend>
        <div className="cm-checks">
          {tools.map((s) => (
            <label key={s.toolId}>
              <input type="checkbox" {...registerChoice(form, 'toolIds', s.toolId ?? '')} /> {s.name}
            </label>
          ))}
        </div>
        {err('toolIds')}
      </fieldset>
      {product ? (
        <fieldset className={field('productIds')} id={`${uid}-productIds`}>
          <legend>Product</legend>
          <div className="cm-checks">
            <label>
              <input type="checkbox" {...registerChoice(form, 'productIds', product.id)} /> {product.title}
            </label>
          </div>
          {err('productIds')}
        </fieldset>
      ) : null}
      <div className="cm-actions">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Posting…' : 'Post discussion'}
        </button>
        <a className="btn btn-ghost" href="/community">
          Cancel
        </a>
      </div>
    </form>
  );
}
