/**
 * The product page's Download / Get button (spec sections 4, 7, 8 and 9): POST
 * /api/products/{id}/download. Idle, then 'Processing...' (disabled), then success or
 * failure. Signed out ($session, or a 401 answer): 'Login Required' and off to /auth, back
 * here after logging in. Success: the answer's message ('Purchase successful!' when priced,
 * else 'Download started!'), then the content is delivered: the link opens in a new tab,
 * each file downloads 500 ms after the previous one, and text shows in a panel with Copy.
 * The panel also lists everything delivered, in case a pop-up or download was blocked.
 */
import { useEffect, useRef, useState } from 'react';
import { formatPrice } from '../../shared/format';
import { $session } from '../../stores/session';
import { toast } from '../../stores/toasts';
import type { Delivery } from '../../shared/delivery';
import { copyText as copyToClipboard, deliver as startDelivery, fileName, requestDownload, showUnexpectedDownloadError } from './download-client';

interface Props {
  productId: string;
  price: number;
}

/** Spec section 9: the copy tick shows for 2 s. */
const COPY_TICK_MS = 2000;
const LOGIN_REDIRECT_DELAY_MS = 900;

export default function DownloadButton({ productId, price }: Props) {
  const [busy, setBusy] = useState(false);
  const [delivered, setDelivery] = useState<Delivery | null>(null);
  const [copied, setCopied] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const panel = useRef<HTMLDivElement>(null);
  const priced = Number.isFinite(price) && price > 0;

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useEffect(() => {
    if (delivered) panel.current?.focus();
  }, [delivered]);

  function loginRequired() {
    toast({ title: 'Login Required', description: 'Please log in to download this product.', variant: 'destructive' });
    const back = `${window.location.pathname}${window.location.search}`;
    timers.current.push(setTimeout(() => window.location.assign(`/auth?mode=login&redirect=${encodeURIComponent(back)}`), LOGIN_REDIRECT_DELAY_MS));
  }

  function deliver(result: Delivery) {
    startDelivery(result, (run, delayMs) => timers.current.push(setTimeout(run, delayMs)));
    setDelivery(result);
  }

  async function download() {
    if (busy) return;
    // Read at click time: the page is prebuilt, the header has looked the session up since.
    if ($session.get().status === 'signed-out') return loginRequired();
    setBusy(true);
    try {
      const outcome = await requestDownload(productId);
      if (outcome.kind === 'login-required') return loginRequired();
      if (outcome.kind === 'failed') {
        toast({ title: 'Download Failed', description: outcome.message, variant: 'destructive' });
        return;
      }
      toast({ title: outcome.message || (priced ? 'Purchase successful!' : 'Download started!'), variant: 'success' });
      deliver(outcome.delivery);
    } catch (error) {
      showUnexpectedDownloadError(error);
    } finally {
      setBusy(false);
    }
  }

  async function copyText(text: string) {
    if (!(await copyToClipboard(text))) return;
    setCopied(true);
    timers.current.push(setTimeout(() => setCopied(false), COPY_TICK_MS));
  }

  const label = busy ? 'Processing...' : priced ? `Get it for ${formatPrice(price)}` : delivered ? 'Download again' : 'Download for free';

  return (
    <div className="dl">
      <button type="button" className="btn btn-primary dl-button" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? <span className="dl-spinner" aria-hidden="true" /> : (
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /></svg>
        )}
        {label}
      </button>
      {delivered ? (
        <div className="dl-panel" ref={panel} tabIndex={-1} role="region" aria-label="Your download">
          <p className="dl-panel-title">Your download</p>
          {delivered.downloadUrl ? (
            <p className="dl-row">
              <a className="btn btn-secondary dl-link" href={delivered.downloadUrl} target="_blank" rel="noopener">Open the access link<span aria-hidden="true"> ↗</span></a>
            </p>
          ) : null}
          {delivered.fileUrls.length ? (
            <ul className="dl-files">
              {delivered.fileUrls.map((url) => (
                <li key={url}>
                  <a href={url} download={fileName(url)}>{fileName(url)}</a>
                </li>
              ))}
            </ul>
          ) : null}
          {delivered.contentText ? (
            <div className="dl-text">
              <div className="dl-text-head">
                <span>Content</span>
                <button type="button" className="btn btn-secondary dl-copy" onClick={() => void copyText(delivered.contentText ?? '')}>
                  {copied ? 'Copied' : 'Copy'}
                </button>
              </div>
              <pre tabIndex={0} aria-label="Product content">{delivered.contentText}</pre>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
