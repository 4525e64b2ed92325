/**
 * The product page's reviews (issue 15, docs/decisions/029). Rendered on the server with the
 * page's summary (rating, count, 5-to-1 distribution), then, in the browser, it loads the
 * reviews (newest, most helpful or lowest first, 'Show more' by cursor) and asks the API what
 * the visitor may do: the page is stored and shared, so nothing about the visitor is in its
 * HTML. Someone who got the product writes or edits their review; the creator replies once
 * to each review; signed-in visitors mark reviews helpful and report them (ReviewParts.tsx).
 */
import { useId, useState } from 'react';
import { PRODUCT_REVIEW_SORTS, PRODUCT_REVIEW_SORT_LABELS, type ProductReviewSort } from '@/src/shared/domain';
import type { ProductReview, ProductReviewSummary } from '@/src/shared/api/schemas/product-reviews';
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { useApiQuery } from '../hooks/use-api';
import { usePagedList } from '../hooks/use-paged-list';
import { ReviewForm, ReviewItem, Stars } from './ReviewParts';
import './feedback-panels.css';
import { useNeedsVerification, VerifyEmailNotice } from '../auth/VerifyEmailNotice';
import './reviews.css';

const PAGE = 10;

interface Props {
  productId: string;
  productTitle: string;
  summary: ProductReviewSummary;
  loginHref: string;
}

export default function ProductReviews({ productId, productTitle, summary: initial, loginHref }: Props) {
  const uid = useId();
  const [summary, setSummary] = useState(initial);
  const [sort, setSort] = useState<ProductReviewSort>('newest');
  const [editing, setEditing] = useState(false);
  const unverified = useNeedsVerification();
  // The reviews in the chosen order, loaded again when it changes.
  const reviews = usePagedList(
    (signal, cursor) =>
      api('GET /api/products/{id}/reviews', { params: { id: productId }, query: { sort, limit: String(PAGE), ...(cursor ? { cursor } : {}) }, signal }),
    {
      key: sort,
      onError: (_error, more) => {
        if (more) toast({ title: 'The reviews could not be loaded', description: 'Please try again.', variant: 'destructive' });
      },
    },
  );
  const { items, nextCursor } = reviews;
  // What the visitor may do here.
  const mine = useApiQuery((signal) => api('GET /api/products/{id}/reviews/mine', { params: { id: productId }, signal }), {
    key: productId,
    onError: (error) => console.warn('[reviews] standing failed:', error.message),
  });
  const me = mine.data ?? null;

  function saved(review: ProductReview, previous: ProductReview | null) {
    mine.setData(() => ({ standing: 'reviewed', review }));
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
    reviews.setItems((list) => (previous ? list.map((r) => (r.id === review.id ? review : r)) : [review, ...list]));
  }

  const update = (review: ProductReview) => reviews.setItems((list) => list.map((r) => (r.id === review.id ? review : r)));
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

      {summary.reviewCount > 0 || items.length > 0 ? (
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

      {reviews.error ? <p className="prv-error">The reviews could not be loaded. Please reload the page.</p> : null}
      {items.length === 0 && reviews.loading ? <p className="muted">Loading reviews…</p> : null}
      {items.length > 0 ? (
        <ul className="prv-list" aria-label="Reviews" aria-busy={reviews.loading || reviews.loadingMore}>
          {items.map((r) => (
            <ReviewItem key={r.id} review={r} me={me} loginHref={loginHref} onChange={update} />
          ))}
        </ul>
      ) : null}
      {nextCursor ? (
        <button type="button" className="btn btn-secondary" onClick={() => void reviews.more()} disabled={reviews.loading || reviews.loadingMore}>
          {reviews.loadingMore ? 'Loading…' : 'Show more reviews'}
        </button>
      ) : null}
    </section>
  );
}
