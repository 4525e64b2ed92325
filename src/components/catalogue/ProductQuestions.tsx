/**
 * The product page's 'Questions' panel (issue 16, docs/decisions/036). The page is stored and
 * shared, so the island loads the product's questions when idle (GET /api/products/{id}/questions,
 * 'Show more' by cursor) and shows 'Ask a question' to a signed-in visitor: a question thread
 * linked to the product (POST, which notifies the product's creator), then the question opens
 * in the list with a link to its thread page where people answer. A visitor gets a link to log in.
 * The form is react-hook-form with the API's own schema (docs/decisions/019); a failed post keeps
 * the draft.
 */
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatCount, timeAgo, formatDate } from '@/src/shared/format';
import { POST_BODY_MAX, THREAD_TITLE_MAX } from '@/src/shared/community';
import { ProductQuestionInputSchema, type ProductQuestion, type ProductQuestionInput } from '@/src/shared/api/schemas/community-qa';
import { PRODUCT_QUESTIONS_PAGE } from '@/src/shared/community-qa';
import { api } from '@/src/shared/api/client';
import { loadSession } from '@/src/stores/session';
import { useSession } from '@/src/stores/use-session';
import { VerifyEmailNotice } from '../auth/VerifyEmailNotice';
import { toast } from '@/src/stores/toasts';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorList, formMessage, setServerErrors } from '../ui/form-state';
import { useApiMutation } from '../hooks/use-api';
import { usePagedList } from '../hooks/use-paged-list';
import './feedback-panels.css';
import './questions.css';

const FIELD_STYLES: FieldStyles = { field: 'pqa-field', hint: 'muted', error: 'pqa-error' };
const LABELS: Record<keyof ProductQuestionInput, string> = { title: 'Your question', body: 'Details' };

interface Props {
  productId: string;
  productTitle: string;
  loginHref: string;
}

function AskForm({ productId, onAsked, onCancel }: { productId: string; onAsked: (q: ProductQuestion) => void; onCancel: () => void }) {
  const uid = useId();
  const form = useForm<ProductQuestionInput, unknown, ProductQuestionInput>({
    resolver: zodResolver(ProductQuestionInputSchema),
    defaultValues: { title: '', body: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const ask = useApiMutation((_signal, value: ProductQuestionInput) => api('POST /api/products/{id}/questions', { params: { id: productId }, body: value }), {
    onSuccess: (asked) => {
      toast({ title: 'Question posted', description: 'The creator has been notified.', variant: 'success' });
      form.reset();
      onAsked(asked);
    },
    // The draft stays in the form: only the messages change.
    onError: (error) => setServerErrors(form, error),
  });
  const submit = form.handleSubmit((value) => ask.run(value));
  const message = ask.error?.code === 'NETWORK' ? `${ask.error.message} Your question is still here.` : formMessage(ask.error);

  return (
    <form className="pqa-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Ask a question">
      <ErrorSummary items={errorList(errors).map(([name]) => ({ target: `${uid}-${name}`, label: LABELS[name as keyof ProductQuestionInput] }))} />
      {message ? (
        <p className="pqa-error" role="alert">
          {message}
        </p>
      ) : null}
      <FormField id={`${uid}-title`} styles={FIELD_STYLES} label={LABELS.title} error={errors.title?.message}>
        {(control) => <input {...control} type="text" maxLength={THREAD_TITLE_MAX} placeholder="Does it work with…?" {...form.register('title')} />}
      </FormField>
      <FormField
        id={`${uid}-body`}
        styles={FIELD_STYLES}
        label={LABELS.body}
        hint="Markdown works: **bold**, `code`, lists and links."
        error={errors.body?.message}
      >
        {(control) => <textarea {...control} rows={4} maxLength={POST_BODY_MAX} {...form.register('body')} />}
      </FormField>
      <div className="pqa-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Posting…' : 'Post question'}
        </button>
      </div>
    </form>
  );
}

export default function ProductQuestions({ productId, productTitle, loginHref }: Props) {
  const uid = useId();
  const session = useSession();
  const [asking, setAsking] = useState(false);
  const questions = usePagedList(
    (signal, cursor) =>
      api('GET /api/products/{id}/questions', {
        params: { id: productId },
        query: { limit: String(PRODUCT_QUESTIONS_PAGE), ...(cursor ? { cursor } : {}) },
        signal,
      }),
    {
      key: productId,
      onError: (_error, more) => {
        if (more) toast({ title: 'The questions could not be loaded', description: 'Please try again.', variant: 'destructive' });
      },
    },
  );
  const { items, nextCursor } = questions;
  const loaded = !questions.loading && !questions.error;

  useEffect(() => {
    void loadSession();
  }, []);

  return (
    <section className="pp-panel card pqa" aria-labelledby={`${uid}-title`} data-product-questions>
      <div className="pqa-head">
        <h2 id={`${uid}-title`}>Questions</h2>
        {session.status === 'signed-in' && !asking ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAsking(true)}>
            Ask a question
          </button>
        ) : null}
        {session.status === 'signed-out' ? (
          <a className="btn btn-secondary btn-sm" href={loginHref}>
            Log in to ask a question
          </a>
        ) : null}
      </div>
      {asking && session.status === 'signed-in' && !session.user.emailVerified ? <VerifyEmailNotice action="ask a question" /> : null}
      {asking && session.status === 'signed-in' && session.user.emailVerified ? (
        <AskForm
          productId={productId}
          onCancel={() => setAsking(false)}
          onAsked={(q) => {
            setAsking(false);
            questions.setItems((list) => [q, ...list.filter((x) => x.id !== q.id)]);
          }}
        />
      ) : null}
      {questions.error ? <p className="pqa-error">The questions could not be loaded. Please reload the page.</p> : null}
      {items.length === 0 && questions.loading ? <p className="muted">Loading questions…</p> : null}
      {loaded && items.length === 0 ? <p className="muted">No questions about {productTitle} yet. Ask the creator or the community.</p> : null}
      {items.length > 0 ? (
        <ul className="pqa-list" aria-label="Questions" aria-busy={questions.loading || questions.loadingMore}>
          {items.map((q) => (
            <li key={q.id} className="pqa-item" data-question-id={q.id}>
              <a className="pqa-title" href={q.url}>
                {q.title}
              </a>
              <p className="pqa-meta">
                {q.answered ? <span className="badge badge-verified">Answered</span> : null}
                {q.creatorReplied ? <span className="badge">Creator replied</span> : null}
                <span>
                  {formatCount(q.replyCount)} {q.replyCount === 1 ? 'reply' : 'replies'}
                </span>
                <span>
                  asked by {q.author.fullName}
                  <span className="pqa-rep" title="Reputation">
                    {' '}
                    · {formatCount(q.author.reputation)} rep
                  </span>
                </span>
                <time dateTime={q.createdAt} title={formatDate(q.createdAt)} suppressHydrationWarning>
                  {timeAgo(q.createdAt)}
                </time>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {nextCursor ? (
        <button type="button" className="btn btn-secondary" onClick={() => void questions.more()} disabled={questions.loading || questions.loadingMore}>
          {questions.loadingMore ? 'Loading…' : 'Show more questions'}
        </button>
      ) : null}
    </section>
  );
}
