/**
 * 'Reviews you wrote': the signed-in user's product reviews, newest first, each with its
 * product (issue 15, docs/decisions/029). Loads GET /api/me/reviews itself, so it can sit on
 * any signed-in page (the buyer's /profile places it); 'Show more' follows the cursor.
 */
import { useEffect, useState } from 'react';
import { formatDate } from '@/src/shared/format';
import { REFUNDED_NOTE, type WrittenReview } from '@/src/shared/api/schemas/product-reviews';
import { api } from '@/src/shared/api/client';
import '../catalogue/feedback-panels.css';
import '../catalogue/reviews.css';

export default function WrittenReviews({ pageSize = 10 }: { pageSize?: number }) {
  const [items, setItems] = useState<WrittenReview[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  async function load(cursor: string | null) {
    setLoading(true);
    setFailed(false);
    try {
      const page = await api('GET /api/me/reviews', { query: { limit: String(pageSize), ...(cursor ? { cursor } : {}) } });
      setItems((before) => (cursor && before ? [...before, ...page.items] : page.items));
      setNextCursor(page.nextCursor);
    } catch (error) {
      console.warn('[reviews] your reviews failed:', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    void load(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once
  }, []);

  if (failed) return <p className="prv-error">Your reviews could not be loaded. Please reload the page.</p>;
  if (items === null) return <p className="muted">Loading your reviews…</p>;
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
        <button type="button" className="btn btn-secondary" onClick={() => void load(nextCursor)} disabled={loading}>
          {loading ? 'Loading…' : 'Show more'}
        </button>
      ) : null}
    </>
  );
}
