/**
 * The product page's reviews (issue 15, docs/decisions/029). Rendered on the server with the
 * page's summary (rating, count, 5-to-1 distribution), then, in the browser, it loads the
 * reviews (newest, most helpful or lowest first, 'Show more' by cursor) and asks the API what
 * the visitor may do: the page is stored and shared, so nothing about the visitor is in its
 * HTML. Someone who got the product writes or edits their review; the creator replies once
 * to each review; signed-in visitors mark reviews helpful and report them.
 * Forms are react-hook-form with the API's own schemas (docs/decisions/019).
 */
import { useEffect, useId, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate } from '@/src/shared/format';
import { REVIEW_TEXT_MAX } from '@/src/shared/reviews';
import { PRODUCT_REVIEW_SORTS, PRODUCT_REVIEW_SORT_LABELS, type ProductReviewSort } from '@/src/shared/domain';
import {
  ProductReviewInputSchema,
  REFUNDED_NOTE,
  ReviewReplyInputSchema,
  type MyProductReview,
  type ProductReview,
  type ProductReviewInput,
  type ProductReviewSummary,
  type ReviewReplyInput,
} from '@/src/shared/api/schemas/product-reviews';
import { api, ApiError } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { StarRatingField } from '../ui/StarRatingField';
import { errorList } from '../ui/form-state';
import { ReportForm } from '../moderation/ReportForm';
import './feedback-panels.css';
import { useNeedsVerification, VerifyEmailNotice } from '../auth/VerifyEmailNotice';
import './reviews.css';

const FIELD_STYLES: FieldStyles = { field: 'prv-field', hint: 'muted', error: 'prv-error' };
const PAGE = 10;

interface Props {
  productId: string;
  productTitle: string;
  summary: ProductReviewSummary;
  loginHref: string;
}

function Stars({ rating, label = true }: { rating: number; label?: boolean }) {
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

/** A server answer's field messages go under their fields; anything else is the form's message. */
function applyError<T extends Record<string, unknown>>(error: unknown, setField: (name: keyof T & string, message: string) => void): string {
  if (error instanceof ApiError && error.code !== 'NETWORK') {
    const fields = Object.entries(error.fields).filter(([, m]) => m);
    for (const [name, message] of fields) setField(name as keyof T & string, message!);
    return fields.length ? '' : error.message;
  }
  console.warn('[reviews] request failed:', error);
  return 'Something went wrong. Please try again.';
}

function ReviewForm({
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
  const [message, setMessage] = useState('');

  const submit = form.handleSubmit(async (value) => {
    setMessage('');
    try {
      const saved = own
        ? await api('PUT /api/product-reviews/{reviewId}', { params: { reviewId: own.id }, body: value })
        : await api('POST /api/products/{id}/reviews', { params: { id: productId }, body: value });
      toast({ title: own ? 'Review updated' : 'Review posted', description: 'Thank you for your review.', variant: 'success' });
      onSaved(saved.review, own);
    } catch (error) {
      setMessage(applyError<{ rating: number; text: string }>(error, (name, m) => form.setError(name as 'rating' | 'text', { type: 'server', message: m })));
    }
  });

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
  const [message, setMessage] = useState('');
  const submit = form.handleSubmit(async (value) => {
    setMessage('');
    try {
      onSaved(await api('POST /api/product-reviews/{reviewId}/reply', { params: { reviewId: review.id }, body: value }));
      toast({ title: 'Reply posted', variant: 'success' });
    } catch (error) {
      setMessage(applyError<{ text: string }>(error, (_, m) => form.setError('text', { type: 'server', message: m })));
    }
  });
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

function ReviewItem({
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
  const [voting, setVoting] = useState(false);
  const signedIn = me !== null && me.standing !== 'signed_out';
  const mine = me?.review?.id === review.id;

  async function toggleHelpful() {
    if (!signedIn) {
      window.location.href = loginHref;
      return;
    }
    setVoting(true);
    try {
      const on = !review.votedHelpful;
      const vote = on
        ? await api('PUT /api/product-reviews/{reviewId}/helpful', { params: { reviewId: review.id } })
        : await api('DELETE /api/product-reviews/{reviewId}/helpful', { params: { reviewId: review.id } });
      onChange({ ...review, ...vote });
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof ApiError && error.code !== 'NETWORK' ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setVoting(false);
    }
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
          <button type="button" className="btn btn-ghost btn-sm" aria-pressed={review.votedHelpful} onClick={() => void toggleHelpful()} disabled={voting}>
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

export default function ProductReviews({ productId, productTitle, summary: initial, loginHref }: Props) {
  const uid = useId();
  const [summary, setSummary] = useState(initial);
  const [sort, setSort] = useState<ProductReviewSort>('newest');
  const [items, setItems] = useState<ProductReview[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [me, setMe] = useState<MyProductReview | null>(null);
  const [editing, setEditing] = useState(false);
  const unverified = useNeedsVerification();

  async function load(order: ProductReviewSort, cursor: string | null) {
    setLoading(true);
    setFailed(false);
    try {
      const page = await api('GET /api/products/{id}/reviews', {
        params: { id: productId },
        query: { sort: order, limit: String(PAGE), ...(cursor ? { cursor } : {}) },
      });
      setItems((before) => (cursor && before ? [...before, ...page.items.filter((r) => !before.some((b) => b.id === r.id))] : page.items));
      setNextCursor(page.nextCursor);
    } catch (error) {
      console.warn('[reviews] list failed:', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    void load(sort, null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads when the order changes
  }, [sort]);

  useEffect(() => {
    api('GET /api/products/{id}/reviews/mine', { params: { id: productId } })
      .then(setMe)
      .catch((error: unknown) => console.warn('[reviews] standing failed:', error));
  }, [productId]);

  function saved(review: ProductReview, previous: ProductReview | null) {
    setMe({ standing: 'reviewed', review });
    setEditing(false);
    setSummary((s) => {
      const distribution = s.distribution.map((d) => ({
        stars: d.stars,
        count: d.count + (d.stars === review.rating ? 1 : 0) - (previous && d.stars === previous.rating ? 1 : 0),
      }));
      const count = distribution.reduce((n, d) => n + d.count, 0);
      const total = distribution.reduce((n, d) => n + d.stars * d.count, 0);
      return { rating: count ? Math.round((total / count) * 100) / 100 : 0, reviewCount: count, distribution };
    });
    setItems((list) => (previous ? (list ?? []).map((r) => (r.id === review.id ? review : r)) : [review, ...(list ?? [])]));
  }

  const update = (review: ProductReview) => setItems((list) => (list ?? []).map((r) => (r.id === review.id ? review : r)));
  const max = Math.max(1, ...summary.distribution.map((d) => d.count));

  return (
    <section className="pp-panel card prv" aria-labelledby={`${uid}-title`} data-product-reviews>
      <h2 id={`${uid}-title`}>Reviews</h2>
      <div className="prv-summary" data-review-summary>
        {summary.reviewCount > 0 ? (
          <>
            <p className="prv-average">
              <strong>{summary.rating.toFixed(1)}</strong> <Stars rating={summary.rating} />
              <span className="muted">
                {summary.reviewCount} {summary.reviewCount === 1 ? 'review' : 'reviews'}
              </span>
            </p>
            <ul className="prv-bars" aria-label="Ratings by stars">
              {summary.distribution.map((d) => (
                <li key={d.stars}>
                  <span>{d.stars} ★</span>
                  <span className="prv-bar" aria-hidden="true">
                    <span style={{ width: `${(d.count / max) * 100}%` }} />
                  </span>
                  <span className="muted">{d.count}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="muted">No reviews yet.</p>
        )}
      </div>

      <div className="prv-mine">
        {me?.standing === 'signed_out' ? (
          <p>
            <a href={loginHref}>Log in</a> to review {productTitle} if you got it.
          </p>
        ) : null}
        {me?.standing === 'not_obtained' ? <p className="muted">Only people who got this product can review it.</p> : null}
        {me?.standing === 'creator' ? <p className="muted">This is your product: you can reply once to each review.</p> : null}
        {me?.standing === 'can_review' && unverified ? <VerifyEmailNotice action="review it" /> : null}
        {me?.standing === 'can_review' && !unverified ? <ReviewForm productId={productId} own={null} onSaved={saved} /> : null}
        {me?.standing === 'reviewed' && me.review && !editing ? (
          <div className="prv-own">
            <p>
              You reviewed this product: <Stars rating={me.review.rating} />
            </p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(true)}>
              Edit your review
            </button>
          </div>
        ) : null}
        {me?.standing === 'reviewed' && me.review && editing ? (
          <ReviewForm productId={productId} own={me.review} onSaved={saved} onCancel={() => setEditing(false)} />
        ) : null}
      </div>

      {summary.reviewCount > 0 || (items && items.length > 0) ? (
        <div className="prv-sort">
          <label htmlFor={`${uid}-sort`}>Sort by</label>
          <select id={`${uid}-sort`} value={sort} onChange={(e) => setSort(e.target.value as ProductReviewSort)}>
            {PRODUCT_REVIEW_SORTS.map((s) => (
              <option key={s} value={s}>
                {PRODUCT_REVIEW_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {failed ? <p className="prv-error">The reviews could not be loaded. Please reload the page.</p> : null}
      {items === null && !failed ? <p className="muted">Loading reviews…</p> : null}
      {items && items.length > 0 ? (
        <ul className="prv-list" aria-label="Reviews" aria-busy={loading}>
          {items.map((r) => (
            <ReviewItem key={r.id} review={r} me={me} loginHref={loginHref} onChange={update} />
          ))}
        </ul>
      ) : null}
      {nextCursor ? (
        <button type="button" className="btn btn-secondary" onClick={() => void load(sort, nextCursor)} disabled={loading}>
          {loading ? 'Loading…' : 'Show more reviews'}
        </button>
      ) : null}
    </section>
  );
}
