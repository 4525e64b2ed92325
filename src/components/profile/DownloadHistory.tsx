/**
 * Download history on one's own profile (spec sections 2, 3 and 7): newest first, each with
 * Redownload through POST /api/products/{id}/download (the download service). Delivery as on
 * the product page: the link opens in a new tab, files download 500 ms apart, text shows in a
 * panel with Copy.
 */
import { formatDate, formatPrice, timeAgo } from '@/src/shared/format';
import type { DownloadHistoryItem } from '@/src/shared/profile';
import { copyText, fileName } from '../catalogue/download-client';
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
        <div className="dl-panel pdelivered" ref={panel} tabIndex={-1} role="region" aria-label={`Your download: ${delivered.title}`}>
          <div className="pdelivered-head">
            <strong>{delivered.title}</strong>
            <button type="button" className="btn btn-ghost" onClick={() => closeDelivered()} aria-label="Close the download panel">
              ×
            </button>
          </div>
          {delivered.downloadUrl ? (
            <p style={{ margin: 0 }}>
              <a className="btn btn-secondary" href={delivered.downloadUrl} target="_blank" rel="noopener">
                Open the access link ↗
              </a>
            </p>
          ) : null}
          {delivered.fileUrls.length ? (
            <ul className="pdelivered-files">
              {delivered.fileUrls.map((url) => (
                <li key={url}>
                  <a href={url} download={fileName(url)}>
                    {fileName(url)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {delivered.contentText ? (
            <div className="pdelivered-text">
              <div className="pdelivered-head">
                <span>Content</span>
                <button type="button" className="btn btn-secondary" onClick={() => void copyText(delivered.contentText ?? '')}>
                  Copy
                </button>
              </div>
              <pre tabIndex={0}>{delivered.contentText}</pre>
            </div>
          ) : null}
        </div>
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
