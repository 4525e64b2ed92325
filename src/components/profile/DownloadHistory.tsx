/**
 * Download history on one's own profile (spec sections 2, 3 and 7): newest first, each with
 * Redownload through POST /api/products/{id}/download (the download service). Delivery as on
 * the product page: the link opens in a new tab, files download 500 ms apart, and the delivery
 * panel (DeliveryPanel) lists it all, with Copy for text.
 */
import { formatDate, formatPrice, timeAgo } from '@/src/shared/format';
import type { DownloadHistoryItem } from '@/src/shared/profile';
import { DeliveryPanel } from '../catalogue/DeliveryPanel';
import { useRedownload } from '../catalogue/use-redownload';
import { FALLBACK_IMAGE } from '@/src/shared/products';

export default function DownloadHistory({ items }: { items: DownloadHistoryItem[] }) {
  const { busy, delivered, closeDelivered, panel, redownload: download } = useRedownload({ returnTo: '/profile' });
  const redownload = (item: DownloadHistoryItem) => download(item.id, item);

  if (items.length === 0) {
    return (
      <p className="muted" style={{ margin: 0 }}>
        You have not downloaded anything yet. <a href="/marketplace">Find something in the marketplace</a>.
      </p>
    );
  }

  return (
    <>
      {delivered ? (
        <DeliveryPanel delivery={delivered} title={delivered.title} label={`Your download: ${delivered.title}`} ref={panel} onClose={closeDelivered} />
      ) : null}
      <ul className="prows">
        {items.map((d) => (
          <li key={d.id} className="prow">
            <img src={d.imageUrl || FALLBACK_IMAGE} alt="" width={64} height={40} loading="lazy" decoding="async" />
            <div className="prow-main">
              {d.available ? (
                <a className="prow-title" href={`/product/${d.productId}`}>
                  {d.title}
                </a>
              ) : (
                <span className="prow-title">{d.title}</span>
              )}
              <span className="prow-meta">
                <span>
                  by <a href={`/profile/${d.creatorId}`}>{d.creatorName}</a>
                </span>
                <time dateTime={d.createdAt} title={formatDate(d.createdAt)} suppressHydrationWarning>
                  {timeAgo(d.createdAt)}
                </time>
                <span>{d.downloadType === 'paid' ? formatPrice(d.amount) : 'Free'}</span>
              </span>
            </div>
            <div className="prow-actions">
              {d.available ? (
                <button type="button" className="btn btn-secondary" onClick={() => void redownload(d)} disabled={busy !== null} aria-busy={busy === d.id}>
                  {busy === d.id ? 'Processing...' : 'Redownload'}
                  <span className="visually-hidden"> {d.title}</span>
                </button>
              ) : (
                <span className="badge">No longer available</span>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
