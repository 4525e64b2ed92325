/**
 * Seller reviews on /profile/{userId} (spec sections 2, 3, 6, 7 and 8): the latest 10 with
 * reviewer name and avatar, and for a signed-in user who is not the seller a form to add a
 * review (1 to 5 stars and a text), then edit or delete it. After a change the reviews and
 * the seller's rating are loaded again. Toasts: 'Review added'; 'Error' / 'Failed to add review'.
 * The form is react-hook-form with the API's own ReviewInputSchema (docs/decisions/019);
 * its messages show after a submit and stay until the next one.
 */
import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate, timeAgo } from '@/src/shared/format';
import { REVIEW_TEXT_MAX } from '@/src/shared/reviews';
import type { SellerReviewView } from '@/src/shared/api/schemas/profile';
import { ReviewInputSchema, type ReviewInput } from '@/src/shared/api/schemas/profile';
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { $sellerRating } from '@/src/stores/profile';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { StarRatingField } from '../ui/StarRatingField';
import { errorList, registerWithValue, setServerErrors } from '../ui/form-state';
import { useApiMutation, useApiQuery } from '../hooks/use-api';
import { Avatar } from './Avatar';

import ReportButton from '../moderation/ReportButton';

interface ReviewForm {
  rating: number;
  text: string;
}
const FIELD_STYLES: FieldStyles = { field: 'pfield', hint: 'hint', error: 'ufield-error' };

interface Props {
  sellerId: string;
  sellerName: string;
  initialReviews: SellerReviewView[];
  initialOwnReview: SellerReviewView | null;
  viewer: 'visitor' | 'owner' | 'user';
  loginHref: string;
  averageRating: number;
  reviewCount: number;
}

function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className={n <= rating ? 'on' : 'off'}>
          <path d="m12 2.8 2.8 5.7 6.3.9-4.6 4.4 1.1 6.3L12 17.1l-5.6 3 1.1-6.3L2.9 9.4l6.3-.9z" fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}

export default function ReviewsSection(props: Props) {
  const { sellerId, sellerName, viewer, loginHref } = props;
  const [reviews, setReviews] = useState(props.initialReviews);
  const [ownReview, setOwnReview] = useState(props.initialOwnReview);
  const [editing, setEditing] = useState(!props.initialOwnReview);
  const form = useForm<ReviewForm, unknown, ReviewInput>({
    resolver: zodResolver(ReviewInputSchema),
    defaultValues: { rating: props.initialOwnReview?.rating ?? 0, text: props.initialOwnReview?.text ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const { field: rating } = useController({ control: form.control, name: 'rating' });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const stored = useStore($sellerRating);
  const figures = stored ?? { averageRating: props.averageRating, reviewCount: props.reviewCount };
  const uid = useId();

  const latest = useApiQuery((signal) => api('GET /api/reviews/{sellerId}', { params: { sellerId }, signal }), {
    onSuccess: (page) => setReviews(page.items),
    onError: (error) => console.warn('[reviews] reload failed:', error.message),
  });

  const save = useApiMutation((_signal, value: ReviewInput) => api('PUT /api/reviews/{sellerId}', { params: { sellerId }, body: value }), {
    onSuccess: (body) => {
      setOwnReview(body.review);
      setEditing(false);
      $sellerRating.set(body.seller);
      toast({ title: body.created ? 'Review added' : 'Review updated', description: `Thanks for reviewing ${sellerName}.`, variant: 'success' });
      void latest.run();
    },
    onError: (error) => {
      const hasFields = setServerErrors(form, error).length > 0;
      toast({ title: 'Error', description: hasFields || error.code === 'NETWORK' ? 'Failed to add review' : error.message, variant: 'destructive' });
    },
  });
  const submit = form.handleSubmit((value) => save.run(value));

  const remove = useApiMutation(() => api('DELETE /api/reviews/{sellerId}', { params: { sellerId } }), {
    onSuccess: (body) => {
      $sellerRating.set(body.seller);
      setOwnReview(null);
      form.reset({ rating: 0, text: '' });
      setEditing(true);
      setConfirmDelete(false);
      toast({ title: 'Review deleted', variant: 'success' });
      void latest.run();
    },
    onError: () => toast({ title: 'Error', description: 'Failed to delete review', variant: 'destructive' }),
  });
  const saving = isSubmitting || remove.busy;

  return (
    <section className="card psection" aria-labelledby={`${uid}-title`}>
      <div className="psection-head">
        <h2 id={`${uid}-title`}>Reviews</h2>
        {figures.reviewCount > 0 ? (
          <p className="rsummary">
            <Stars rating={Math.round(figures.averageRating)} />
            <strong>{figures.averageRating.toFixed(1)}</strong>
            <span className="muted">
              · {figures.reviewCount} {figures.reviewCount === 1 ? 'review' : 'reviews'}
            </span>
          </p>
        ) : null}
      </div>

      {viewer === 'visitor' ? (
        <p className="rprompt">
          <a href={loginHref}>Log in</a> to review {sellerName}.
        </p>
      ) : null}

      {viewer === 'user' && ownReview && !editing ? (
        <div className="rown">
          <p className="rown-label">Your review</p>
          <Stars rating={ownReview.rating} />
          <p className="rtext">{ownReview.text}</p>
          <div className="rown-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                form.reset({ rating: ownReview.rating, text: ownReview.text ?? '' });
                setEditing(true);
              }}
            >
              Edit review
            </button>
            {confirmDelete ? (
              <>
                <button type="button" className="btn btn-danger" onClick={() => void remove.run()} disabled={saving}>
                  Yes, delete it
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => setConfirmDelete(false)} disabled={saving}>
                  Keep it
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-ghost" onClick={() => setConfirmDelete(true)}>
                Delete review
              </button>
            )}
          </div>
        </div>
      ) : null}

      {viewer === 'user' && editing ? (
        <form className="rform" onSubmit={(e) => void submit(e)} noValidate>
          <ErrorSummary items={errorList(errors).map(([name]) => ({ target: `${uid}-${name}`, label: name === 'rating' ? 'Rating' : 'Your experience' }))} />
          <StarRatingField
            id={`${uid}-rating`}
            legend={ownReview ? 'Edit your review' : `Review ${sellerName}`}
            styles={{ fieldset: 'rstars-input', row: 'rstars-row', error: 'ufield-error' }}
            field={rating}
            error={errors.rating?.message}
            star={
              <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
                <path d="m12 2.8 2.8 5.7 6.3.9-4.6 4.4 1.1 6.3L12 17.1l-5.6 3 1.1-6.3L2.9 9.4l6.3-.9z" fill="currentColor" />
              </svg>
            }
          />
          <FormField id={`${uid}-text`} styles={FIELD_STYLES} label="Your experience" error={errors.text?.message}>
            {(control) => (
              <textarea
                {...control}
                className="text-control"
                maxLength={REVIEW_TEXT_MAX}
                placeholder={`What was it like to buy from ${sellerName}?`}
                {...registerWithValue(form, 'text')}
              />
            )}
          </FormField>
          <div className="rform-actions">
            {ownReview ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setEditing(false);
                  form.clearErrors();
                }}
                disabled={saving}
              >
                Cancel
              </button>
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
              {saving ? 'Saving…' : ownReview ? 'Update review' : 'Submit review'}
            </button>
          </div>
        </form>
      ) : null}

      {reviews.length === 0 ? (
        <p className="muted rnone">No reviews yet.{viewer === 'user' && !ownReview ? ' Be the first to review.' : ''}</p>
      ) : (
        <ul className="rlist">
          {reviews.map((r) => (
            <li key={r.id} className="ritem">
              <a href={`/profile/${r.reviewer.id}`} className="ravatar" tabIndex={-1} aria-hidden="true">
                <Avatar url={r.reviewer.avatarUrl} name={r.reviewer.fullName} size={40} />
              </a>
              <div className="rbody">
                <div className="rhead">
                  <a className="rname" href={`/profile/${r.reviewer.id}`}>
                    {r.reviewer.fullName}
                  </a>
                  {r.verifiedDownload ? <span className="badge badge-verified">Verified download</span> : null}
                </div>
                <div className="rmeta">
                  <Stars rating={r.rating} size={14} />
                  <time dateTime={r.createdAt} title={formatDate(r.createdAt)} suppressHydrationWarning>
                    {timeAgo(r.createdAt)}
                  </time>
                </div>
                {r.text ? <p className="rtext">{r.text}</p> : null}
                {viewer !== 'visitor' && ownReview?.id !== r.id ? (
                  <ReportButton kind="seller_review" targetId={r.id} what="this review" loginHref={loginHref} />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
