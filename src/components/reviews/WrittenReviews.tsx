/**
 * 'Reviews you wrote': the signed-in user's product reviews, newest first, each with its
 * product (issue 15, docs/decisions/029). Loads GET /api/me/reviews itself, so it can sit on
 * any signed-in page (the buyer's /profile places it); 'Show more' follows the cursor.
 */
import { formatDate } from '@/src/shared/format';
import { REFUNDED_NOTE } from '@/src/shared/api/schemas/product-reviews';
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { usePagedList } from '../hooks/use-paged-list';
import '../catalogue/feedback-panels.css';
import '../catalogue/reviews.css';

export default function WrittenReviews({ pageSize = 10 }: { pageSize?: number }) {
  const reviews = usePagedList((signal, cursor) => api('GET /api/me/reviews', { query: { limit: String(pageSize), ...(cursor ? { cursor } : {}) }, signal }), {
    key: 'mine',
    onError: (_error, more) => {
      if (more) toast({ title: 'Your reviews could not be loaded', description: 'Please try again.', variant: 'destructive' });
    },
  });
  const { items, nextCursor } = reviews;

  if (reviews.error) return <p className="prv-error">Your reviews could not be loaded. Please reload the page.</p>;
  if (reviews.loading) return <p className="muted">Loading your reviews…</p>;
  if (items.length === 0)
    return <p className="muted">You have not reviewed a product yet. You can review products you bought or downloaded, from their page.</p>;
  return (
    <>
      <ul className="prv-written" aria-label="Reviews you wrote">
        {items.map((r) => (
          <li key={r.id} className="prv-item">
            <div className="prv-head">
              {r.product.available ? <a href={`/product/${r.product.id}`}>{r.product.title}</a> : <span>{r.product.title} (no longer available)</span>}
              {r.verifiedPurchase ? <span className="badge badge-verified">Verified purchase</span> : null}
              {r.refunded ? (
                <span className="badge" title={REFUNDED_NOTE}>
                  Refunded
                </span>
              ) : null}
            </div>
            <div className="prv-meta">
              <span className="prv-stars" role="img" aria-label={`${r.rating} out of 5 stars`}>
                {[1, 2, 3, 4, 5].map((n) => (
                  <span key={n} aria-hidden="true" className={n <= r.rating ? 'on' : 'off'}>
                    ★
                  </span>
                ))}
              </span>
              <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
              {r.helpfulCount > 0 ? <span className="muted">{r.helpfulCount} found it helpful</span> : null}
            </div>
            <p className="prv-text">{r.text}</p>
            {r.reply ? (
              <div className="prv-reply">
                <p className="prv-reply-label">Reply from the creator</p>
                <p className="prv-text">{r.reply.text}</p>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {nextCursor ? (
        <button type="button" className="btn btn-secondary" onClick={() => void reviews.more()} disabled={reviews.loadingMore}>
          {reviews.loadingMore ? 'Loading…' : 'Show more'}
        </button>
      ) : null}
    </>
  );
}
