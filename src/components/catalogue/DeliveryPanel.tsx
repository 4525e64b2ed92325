/**
 * The panel of what a download delivered (spec section 9), on the product page (DownloadButton)
 * and after 'Download again' on /library and 'Redownload' on /profile: the access link, each
 * file, and the text with Copy (its tick shows for 2 s). It takes focus when it appears (the
 * caller's ref) and lists everything, in case a pop-up or a download was blocked. One panel,
 * so the three places deliver alike.
 */
import { useEffect, useRef, useState, type Ref } from 'react';
import type { Delivery } from '@/src/shared/delivery';
import { copyText, fileName } from './download-client';
import './delivery.css';

/** Spec section 9: the copy tick shows for 2 s. */
const COPY_TICK_MS = 2000;

interface Props {
  delivery: Delivery;
  /** The panel's heading: 'Your download' on the product page, the product's title in a list. */
  title: string;
  /** The region's accessible name. */
  label: string;
  ref?: Ref<HTMLDivElement>;
  /** Shows a close button (lists keep the panel until it is closed or replaced). */
  onClose?: () => void;
}

export function DeliveryPanel({ delivery, title, label, ref, onClose }: Props) {
  const [copied, setCopied] = useState(false);
  const tick = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(tick.current), []);

  async function copy(text: string) {
    if (!(await copyText(text))) return;
    setCopied(true);
    clearTimeout(tick.current);
    tick.current = setTimeout(() => setCopied(false), COPY_TICK_MS);
  }

  return (
    <div className="dl-panel" ref={ref} tabIndex={-1} role="region" aria-label={label}>
      <div className="dl-panel-head">
        <p className="dl-panel-title">{title}</p>
        {onClose ? (
          <button type="button" className="btn btn-ghost dl-close" onClick={onClose} aria-label="Close the download panel">
            ×
          </button>
        ) : null}
      </div>
      {delivery.downloadUrl ? (
        <p className="dl-row">
          <a className="btn btn-secondary dl-link" href={delivery.downloadUrl} target="_blank" rel="noopener">
            Open the access link<span aria-hidden="true"> ↗</span>
          </a>
        </p>
      ) : null}
      {delivery.fileUrls.length ? (
        <ul className="dl-files">
          {delivery.fileUrls.map((url) => (
            <li key={url}>
              <a href={url} download={fileName(url)}>
                {fileName(url)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {delivery.contentText ? (
        <div className="dl-text">
          <div className="dl-text-head">
            <span>Content</span>
            <button type="button" className="btn btn-secondary dl-copy" onClick={() => void copy(delivery.contentText ?? '')}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
          <pre tabIndex={0} aria-label="Product content">
            {delivery.contentText}
          </pre>
        </div>
      ) : null}
    </div>
  );
}
