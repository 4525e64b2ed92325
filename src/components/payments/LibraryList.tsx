/**
 * /library: everything the user bought or downloaded, newest first, with the order date,
 * amount and receipt, the licence key with a Copy button (docs/decisions/026), 'Download again', 'Request refund' (as the
 * product's refund policy allows, docs/decisions/049: at once before the product was opened,
 * otherwise a request with a reason, RefundRequestForm.tsx; not offered outside the window) and
 * 'Cancel subscription' (no renewal; access to the end of the paid period). Talks to
 * /api/products/{id}/download and /api/orders/{id}/* (the typed client).
 */
import { useState } from 'react';
import { api } from '@/src/shared/api/client';
import type { LibraryItem } from '@/src/shared/api/schemas/payments';
import { formatDate, formatPrice } from '@/src/shared/format';
import { formatCents } from '@/src/shared/payments';
import { FALLBACK_IMAGE } from '@/src/shared/products';
import { toast } from '@/src/stores/toasts';
import { DeliveryPanel } from '../catalogue/DeliveryPanel';
import { useApiMutation } from '../hooks/use-api';
import { statusTone } from '../ui/tones';
import { copyText } from '../catalogue/download-client';
import { useRedownload } from '../catalogue/use-redownload';
import { LibraryReceipt } from './LibraryReceipt';
import { RefundRequestForm, RefundRequestStatus } from './RefundRequestForm';

type Order = NonNullable<LibraryItem['order']>;
type OrderAction = 'refund' | 'cancel';

export default function LibraryList({ items: initial }: { items: LibraryItem[] }) {
  const [items, setItems] = useState(initial);
  const key = (item: LibraryItem) => item.order?.id ?? item.productId;
  const find = (k: string) => items.find((i) => key(i) === k);
  const update = (k: string, change: (item: LibraryItem) => LibraryItem) => setItems((list) => list.map((i) => (key(i) === k ? change(i) : i)));
  const updateOrder = (k: string, change: Partial<Order>) => update(k, (i) => ({ ...i, order: i.order && { ...i.order, ...change } }));

  // A repeat download is never a second purchase: its toast says so, whatever the price.
  const {
    busy: downloading,
    delivered,
    panel,
    redownload,
  } = useRedownload({
    returnTo: '/library',
    successTitle: 'Download started!',
    // Opened now: a refund of it is a request to the creator from here on (docs/decisions/049).
    onDelivered: (k) => {
      if (find(k)?.order?.refundOffer === 'instant') updateOrder(k, { refundOffer: 'request' });
    },
  });

  // The order whose refund request form is open.
  const [asking, setAsking] = useState<string | null>(null);

  // Refund and Cancel subscription: the server's message on a refusal.
  const order = useApiMutation(
    (_signal, _k: string, action: OrderAction, id: string) =>
      api(action === 'refund' ? 'POST /api/orders/{id}/refund' : 'POST /api/orders/{id}/cancel-subscription', { params: { id } }),
    {
      onSuccess: (_, k, action) => {
        const item = find(k);
        if (action === 'cancel') {
          toast({ title: 'Subscription cancelled', description: 'You keep access until the end of the paid period.', variant: 'success' });
          update(k, (i) => ({ ...i, subscription: i.subscription && { ...i.subscription, cancelAtPeriodEnd: true } }));
          return;
        }
        toast({ title: 'Refund issued', description: `${formatCents(item?.order?.amountCents ?? 0)} is on its way back to you.`, variant: 'success' });
        update(k, (i) => ({
          ...i,
          hasAccess: false,
          order: i.order && { ...i.order, status: 'refunded', canRefund: false, refundOffer: 'none', refundedAt: new Date().toISOString() },
          subscription: i.subscription && { ...i.subscription, status: 'canceled' },
          // A refund disables the order's licence key (functions/licenses).
          license: i.license && { ...i.license, disabled: true },
        }));
      },
      onError: (error, k, action) => {
        if (action === 'refund' && error.code === 'REFUND_REQUEST_REQUIRED') {
          // Opened elsewhere meanwhile, or the refund limit: ask the creator instead.
          updateOrder(k, { refundOffer: 'request' });
          setAsking(k);
          return;
        }
        toast({ title: action === 'refund' ? 'Refund failed' : 'Cancellation failed', description: error.message, variant: 'destructive' });
      },
    },
  );
  const busy = downloading ?? order.pending?.[0] ?? null;

  function refund(item: LibraryItem) {
    if (busy || !item.order) return;
    if (item.order.refundOffer === 'request') {
      setAsking(key(item));
      return;
    }
    if (!window.confirm(`Refund ${formatCents(item.order.amountCents)} for ${item.title}? You will lose access to it.`)) return;
    void order.run(key(item), 'refund', item.order.id);
  }

  function cancelSubscription(item: LibraryItem) {
    if (!busy && item.order) void order.run(key(item), 'cancel', item.order.id);
  }

  if (!items.length) {
    return (
      <div className="cp-empty">
        <h2>Your library is empty</h2>
        <p>Products you buy or download show here.</p>
        <a className="btn btn-primary" href="/marketplace">
          Browse the marketplace
        </a>
      </div>
    );
  }

  return (
    <>
      {delivered ? <DeliveryPanel delivery={delivered} title={delivered.title} label={`Your download: ${delivered.title}`} ref={panel} /> : null}
      <ul className="lib-list">
        {items.map((item) => {
          const k = key(item);
          const sub = item.subscription;
          const subActive = sub && sub.status !== 'canceled' && item.order?.status === 'paid';
          return (
            <li key={k} className="lib-item" aria-label={item.title}>
              <img src={item.imageUrl || FALLBACK_IMAGE} alt="" width={72} height={48} loading="lazy" decoding="async" />
              <div className="lib-main">
                <a className="lib-title" href={`/product/${item.productId}`}>
                  {item.title}
                </a>
                {item.order ? (
                  <span className="lib-meta">
                    <span>{item.order.paidAt ? formatDate(item.order.paidAt) : ''}</span>
                    <span>{formatPrice({ cents: item.order.amountCents }, item.order.kind)}</span>
                    <span className={`cp-pill ${statusTone(item.order.status)}`}>{item.order.status === 'refunded' ? 'Refunded' : 'Paid'}</span>
                    {subActive ? (
                      <span>
                        {sub.cancelAtPeriodEnd ? `Ends ${formatDate(sub.currentPeriodEnd ?? '')}` : `Renews ${formatDate(sub.currentPeriodEnd ?? '')}`}
                      </span>
                    ) : null}
                  </span>
                ) : item.fromBundle ? (
                  <span className="lib-meta">
                    <span>
                      From the bundle <a href={`/product/${item.fromBundle.id}`}>{item.fromBundle.title}</a>
                    </span>
                  </span>
                ) : (
                  <span className="lib-meta">
                    <span>Free</span>
                    {item.lastDownloadedAt ? <span>Downloaded {formatDate(item.lastDownloadedAt)}</span> : null}
                  </span>
                )}
                {item.license ? (
                  <div className="lib-license">
                    <span className="lib-license-label">License key</span>
                    <code className="lib-license-key">{item.license.key}</code>
                    {item.license.disabled ? <span className="cp-pill is-refunded">Disabled</span> : null}
                    <button type="button" className="btn btn-ghost lib-license-copy" onClick={() => void copyText(item.license?.key ?? '')}>
                      Copy<span className="visually-hidden"> the license key of {item.title}</span>
                    </button>
                  </div>
                ) : null}
                {item.order ? <LibraryReceipt order={item.order} title={item.title} /> : null}
                {item.order ? <RefundRequestStatus request={item.order.refundRequest} /> : null}
                {item.order && asking === k ? (
                  <RefundRequestForm
                    orderId={item.order.id}
                    title={item.title}
                    onCancel={() => setAsking(null)}
                    onSent={(request) => {
                      setAsking(null);
                      updateOrder(k, { canRefund: false, refundOffer: 'none', refundRequest: { status: request.status, decisionMessage: null } });
                    }}
                  />
                ) : null}
              </div>
              <div className="lib-actions">
                {item.hasAccess ? (
                  <button type="button" className="btn btn-primary" onClick={() => redownload(k, item)} disabled={busy !== null}>
                    {busy === k ? 'Processing...' : 'Download again'}
                    <span className="visually-hidden"> {item.title}</span>
                  </button>
                ) : null}
                {subActive && !sub.cancelAtPeriodEnd ? (
                  <button type="button" className="btn btn-secondary" onClick={() => cancelSubscription(item)} disabled={busy !== null}>
                    Cancel subscription<span className="visually-hidden"> {item.title}</span>
                  </button>
                ) : null}
                {item.order?.canRefund && asking !== k ? (
                  <button type="button" className="btn btn-ghost" onClick={() => refund(item)} disabled={busy !== null}>
                    Request refund<span className="visually-hidden"> {item.title}</span>
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
