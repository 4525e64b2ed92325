/**
 * The parts of a product page's reviews (ProductReviews.tsx): the stars, a review with its
 * creator's reply, 'Helpful', 'Report' and the creator's reply form, and the form to write or
 * edit one's own review. Forms are react-hook-form with the API's own schemas
 * (docs/decisions/019); the server's field messages go under their fields, any other refusal
 * above the form.
 */
import { useId, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate } from '@/src/shared/format';
import { REVIEW_TEXT_MAX } from '@/src/shared/reviews';
import {
  ProductReviewInputSchema,
  REFUNDED_NOTE,
  ReviewReplyInputSchema,
  type MyProductReview,
  type ProductReview,
  type ProductReviewInput,
  type ReviewReplyInput,
} from '@/src/shared/api/schemas/product-reviews';
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { StarRatingField } from '../ui/StarRatingField';
import { errorList, formMessage, setServerErrors } from '../ui/form-state';
import { ReportForm } from '../moderation/ReportForm';

const FIELD_STYLES: FieldStyles = { field: 'prv-field', hint: 'muted', error: 'prv-error' };

export function Stars({ rating, label = true }: { rating: number; label?: boolean }) {
  return (
    <span
      className="prv-stars"
      role={label ? 'img' : undefined}
      aria-label={label ? `${rating} out of 5 stars` : undefined}
      aria-hidden={label ? undefined : true}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= Math.round(rating) ? 'on' : 'off'}>
          ★
        </span>
      ))}
    </span>
  );
}

export function ReviewForm({
  productId,
  own,
  onSaved,
  onCancel,
}: {
  productId: string;
  own: ProductReview | null;
  onSaved: (review: ProductReview, previous: ProductReview | null) => void;
  onCancel?: () => void;
}) {
  const uid = useId();
  const form = useForm<{ rating: number; text: string }, unknown, ProductReviewInput>({
    resolver: zodResolver(ProductReviewInputSchema),
    defaultValues: { rating: own?.rating ?? 0, text: own?.text ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const { field: rating } = useController({ control: form.control, name: 'rating' });
  const save = useApiMutation(
    (_signal, value: ProductReviewInput) =>
      own
        ? api('PUT /api/product-reviews/{reviewId}', { params: { reviewId: own.id }, body: value })
        : api('POST /api/products/{id}/reviews', { params: { id: productId }, body: value }),
    {
      onSuccess: (saved) => {
        toast({ title: own ? 'Review updated' : 'Review posted', description: 'Thank you for your review.', variant: 'success' });
        onSaved(saved.review, own);
      },
      onError: (error) => setServerErrors(form, error),
    },
  );
  const submit = form.handleSubmit((value) => save.run(value));
  const message = formMessage(save.error);

  return (
    <form className="prv-form" onSubmit={(e) => void submit(e)} noValidate aria-label={own ? 'Edit your review' : 'Write a review'}>
      <ErrorSummary items={errorList(errors).map(([name]) => ({ target: `${uid}-${name}`, label: name === 'rating' ? 'Rating' : 'Your review' }))} />
      {message ? (
        <p className="prv-error" role="alert">
          {message}
        </p>
      ) : null}
      <StarRatingField
        id={`${uid}-rating`}
        legend="Your rating"
        styles={{ fieldset: 'prv-rate', row: 'prv-rate-row', error: 'prv-error' }}
        field={rating}
        error={errors.rating?.message}
        star={<span aria-hidden="true">★</span>}
      />
      <FormField id={`${uid}-text`} styles={FIELD_STYLES} label="Your review" error={errors.text?.message}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={REVIEW_TEXT_MAX}
            placeholder="What did it help you do? What should others know?"
            {...form.register('text')}
          />
        )}
      </FormField>
      <div className="prv-form-actions">
        {onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : own ? 'Update review' : 'Post review'}
        </button>
      </div>
    </form>
  );
}

function ReplyForm({ review, onSaved, onCancel }: { review: ProductReview; onSaved: (review: ProductReview) => void; onCancel: () => void }) {
  const uid = useId();
  const form = useForm<{ text: string }, unknown, ReviewReplyInput>({ resolver: zodResolver(ReviewReplyInputSchema), defaultValues: { text: '' } });
  const { errors, isSubmitting } = form.formState;
  const reply = useApiMutation(
    (_signal, value: ReviewReplyInput) => api('POST /api/product-reviews/{reviewId}/reply', { params: { reviewId: review.id }, body: value }),
    {
      onSuccess: (saved) => {
        onSaved(saved);
        toast({ title: 'Reply posted', variant: 'success' });
      },
      // The reply has one field: whatever field the server names, its message goes there.
      onError: (error) => {
        const [fieldMessage] = Object.values(error.fields).filter(Boolean);
        if (fieldMessage) form.setError('text', { type: 'server', message: fieldMessage });
      },
    },
  );
  const submit = form.handleSubmit((value) => reply.run(value));
  const message = formMessage(reply.error);
  return (
    <form className="prv-subform" onSubmit={(e) => void submit(e)} noValidate aria-label={`Reply to ${review.reviewer.fullName}`}>
      {message ? (
        <p className="prv-error" role="alert">
          {message}
        </p>
      ) : null}
      <FormField id={`${uid}-text`} styles={FIELD_STYLES} label="Your public reply" hint="You can reply once." error={errors.text?.message}>
        {(control) => <textarea {...control} rows={3} maxLength={REVIEW_TEXT_MAX} {...form.register('text')} />}
      </FormField>
      <div className="prv-form-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Post reply
        </button>
      </div>
    </form>
  );
}

export function ReviewItem({
  review,
  me,
  loginHref,
  onChange,
}: {
  review: ProductReview;
  me: MyProductReview | null;
  loginHref: string;
  onChange: (review: ProductReview) => void;
}) {
  const [open, setOpen] = useState<'reply' | 'report' | null>(null);
  const signedIn = me !== null && me.standing !== 'signed_out';
  const mine = me?.review?.id === review.id;
  const helpful = useApiMutation(
    (_signal, on: boolean) =>
      on
        ? api('PUT /api/product-reviews/{reviewId}/helpful', { params: { reviewId: review.id } })
        : api('DELETE /api/product-reviews/{reviewId}/helpful', { params: { reviewId: review.id } }),
    {
      onSuccess: (vote) => onChange({ ...review, ...vote }),
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    },
  );

  function toggleHelpful() {
    if (signedIn) void helpful.run(!review.votedHelpful);
    else window.location.href = loginHref;
  }

  return (
    <li className="prv-item" data-review-id={review.id}>
      <div className="prv-head">
        <a className="prv-name" href={`/profile/${review.reviewer.id}`}>
          {review.reviewer.fullName}
        </a>
        {review.verifiedPurchase ? <span className="badge badge-verified">Verified purchase</span> : null}
        {review.refunded ? (
          <span className="badge" title={REFUNDED_NOTE}>
            Refunded
          </span>
        ) : null}
      </div>
      <div className="prv-meta">
        <Stars rating={review.rating} />
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {review.edited ? <span className="muted">(edited)</span> : null}
      </div>
      <p className="prv-text">{review.text}</p>
      {review.reply ? (
        <div className="prv-reply">
          <p className="prv-reply-label">
            Reply from the creator · <time dateTime={review.reply.repliedAt}>{formatDate(review.reply.repliedAt)}</time>
          </p>
          <p className="prv-text">{review.reply.text}</p>
        </div>
      ) : null}
      {!mine ? (
        <div className="prv-actions">
          <button type="button" className="btn btn-ghost btn-sm" aria-pressed={review.votedHelpful} onClick={toggleHelpful} disabled={helpful.busy}>
            Helpful ({review.helpfulCount})
          </button>
          {signedIn ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setOpen(open === 'report' ? null : 'report')}
              aria-expanded={open === 'report'}
            >
              Report
            </button>
          ) : null}
          {me?.standing === 'creator' && !review.reply ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => setOpen(open === 'reply' ? null : 'reply')}
              aria-expanded={open === 'reply'}
            >
              Reply
            </button>
          ) : null}
        </div>
      ) : (
        <p className="muted prv-yours">Your review</p>
      )}
      {open === 'reply' ? (
        <ReplyForm
          review={review}
          onCancel={() => setOpen(null)}
          onSaved={(saved) => {
            setOpen(null);
            onChange(saved);
          }}
        />
      ) : null}
      {open === 'report' ? (
        <ReportForm kind="product_review" targetId={review.id} what="this review" loginHref={loginHref} onDone={() => setOpen(null)} />
      ) : null}
    </li>
  );
}
