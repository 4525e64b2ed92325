/**
 * Download history on one's own profile (spec sections 2, 3 and 7): newest first, each with
 * Redownload through POST /api/products/{id}/download (the download service). Delivery as on
 * the product page: the link opens in a new tab, files download 500 ms apart, text shows in a
 * panel with Copy.
 */
import { useEffect, useRef, useState } from 'react';
import { formatDate, formatPrice, timeAgo } from '../../shared/format';
import type { DownloadHistoryItem } from '../../shared/profile';
import { toast } from '../../stores/toasts';
import type { Delivery } from '../../shared/delivery';
import { copyText, deliver, fileName, requestDownload, showUnexpectedDownloadError } from '../catalogue/download-client';
import { FALLBACK_IMAGE } from '../../shared/products';

interface Delivered extends Delivery {
  productId: string;
  title: string;
}

export default function DownloadHistory({ items }: { items: DownloadHistoryItem[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [delivered, setDelivered] = useState<Delivered | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useEffect(() => {
    if (delivered) panel.current?.focus();
  }, [delivered]);

  async function redownload(item: DownloadHistoryItem) {
    if (busy) return;
    setBusy(item.id);
    try {
      const outcome = await requestDownload(item.productId);
      if (outcome.kind === 'login-required') {
        window.location.assign(`/auth?mode=login&redirect=${encodeURIComponent('/profile')}`);
        return;
      }
      if (outcome.kind === 'failed') {
        toast({ title: 'Download Failed', description: outcome.message, variant: 'destructive' });
        return;
      }
      toast({ title: outcome.message, variant: 'success' });
      deliver(outcome.delivery, (run, delayMs) => timers.current.push(setTimeout(run, delayMs)));
      setDelivered({ productId: item.productId, title: item.title, ...outcome.delivery });
    } catch (error) {
      showUnexpectedDownloadError(error);
    } finally {
      setBusy(null);
    }
  }

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
            <button type="button" className="btn btn-ghost" onClick={() => setDelivered(null)} aria-label="Close the download panel">×</button>
          </div>
          {delivered.downloadUrl ? <p style={{ margin: 0 }}><a className="btn btn-secondary" href={delivered.downloadUrl} target="_blank" rel="noopener">Open the access link ↗</a></p> : null}
          {delivered.fileUrls.length ? (
            <ul className="pdelivered-files">{delivered.fileUrls.map((url) => <li key={url}><a href={url} download={fileName(url)}>{fileName(url)}</a></li>)}</ul>
          ) : null}
          {delivered.contentText ? (
            <div className="pdelivered-text">
              <div className="pdelivered-head"><span>Content</span><button type="button" className="btn btn-secondary" onClick={() => void copyText(delivered.contentText ?? '')}>Copy</button></div>
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
              {d.available ? <a className="prow-title" href={`/product/${d.productId}`}>{d.title}</a> : <span className="prow-title">{d.title}</span>}
              <span className="prow-meta">
                <span>by <a href={`/profile/${d.creatorId}`}>{d.creatorName}</a></span>
                <time dateTime={d.createdAt} title={formatDate(d.createdAt)} suppressHydrationWarning>{timeAgo(d.createdAt)}</time>
                <span>{d.downloadType === 'paid' ? formatPrice(d.amount) : 'Free'}</span>
              </span>
            </div>
            <div className="prow-actions">
              {d.available ? (
                <button type="button" className="btn btn-secondary" onClick={() => void redownload(d)} disabled={busy !== null} aria-busy={busy === d.id}>
                  {busy === d.id ? 'Processing...' : 'Redownload'}<span className="visually-hidden"> {d.title}</span>
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
