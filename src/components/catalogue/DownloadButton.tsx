/**
 * The product page's Download / Buy button (spec sections 4, 7, 8 and 9; issue 11).
 * - Free (and freemium) products: POST /api/products/{id}/download, 'Download for free'.
 * - Paid products: GET /api/products/{id}/access says whether the signed-in user owns it.
 *   Not owned: 'Buy for $79.00' / 'Subscribe for $9.00/month' -> POST /api/checkout and off to
 *   the checkout page; owned (bought, subscribed, or the creator's own): 'Download'. A creator
 *   without payouts set up: the button is disabled with the reason.
 * - Back from checkout (?checkout=success): 'Purchase successful!' and the download ready;
 *   ?checkout=cancelled: 'Checkout cancelled', nothing charged.
 * - 'Add discount code' under Buy (docs/decisions/075): a code the buyer types, or `?code=LAUNCH`
 *   in the page's address (opened and filled in), is sent with the checkout; the server computes
 *   the discounted price and the checkout page shows the discount line before paying. A refused
 *   code ('This code has expired.') shows under the field. A 100% code comes straight back as
 *   a purchase ($0 order).
 * - Pay what you want (docs/decisions/077): 'Name a fair price', filled with the suggested
 *   amount, the minimum beside it; the amount is sent with the checkout and checked on the
 *   server (a refusal, 'The minimum price is $5.00…', shows under the field). $0 comes straight
 *   back as a purchase ($0 order). No discount code on such a product.
 * - 'Add to cart' beside Buy (docs/decisions/082, AddToCartButton) on a product sold at a fixed
 *   one-time price the caller neither owns nor made; subscriptions and PWYW are bought here alone.
 * Idle, then 'Processing...' (disabled), then success or failure. Signed out ($session, or a
 * 401 answer): 'Login Required' and off to /auth, back here after logging in. A delivery opens
 * the link in a new tab, downloads each file 500 ms after the previous one, and shows text in
 * the delivery panel with Copy (DeliveryPanel), which lists everything delivered.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '@/src/shared/api/client';
import { buyLabel, formatCents, purchaseKind } from '@/src/shared/payments';
import { parseNamedAmount } from '@/src/shared/pwyw';
import { $session } from '@/src/stores/session';
import { useSession } from '@/src/stores/use-session';
import { toast } from '@/src/stores/toasts';
import type { Delivery } from '@/src/shared/delivery';
import type { ProductAccess } from '@/src/shared/api/schemas/products';
import { deliver as startDelivery, requestDownload, showUnexpectedDownloadError } from './download-client';
import { DeliveryPanel } from './DeliveryPanel';
import { AddToCartButton } from '../cart/AddToCartButton';
import { Icon } from '@/src/components/ui/Icon';
import { useApiMutation, useApiQuery } from '../hooks/use-api';
import { leavePage } from '../hooks/leave-page';

interface Props {
  productId: string;
  /** Words the cart's messages ('… is in your cart'). */
  title: string;
  price: number;
  pricingModel: string;
  /** Pay what you want: `price` is the minimum and `suggestedPrice` the amount offered first. */
  payWhatYouWant?: boolean;
  suggestedPrice?: number | null;
}

type Access = Pick<ProductAccess, 'owned' | 'purchasable' | 'reason' | 'bundlePrice'>;

const LOGIN_REDIRECT_DELAY_MS = 900;

export default function DownloadButton({ productId, title, price, pricingModel, payWhatYouWant = false, suggestedPrice = null }: Props) {
  const [delivered, setDelivery] = useState<Delivery | null>(null);
  const [justBought, setJustBought] = useState(false);
  /** The discount code to send with the checkout; `codeOpen`: the field is shown. */
  const [code, setCode] = useState('');
  const [codeOpen, setCodeOpen] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  /** The amount a PWYW buyer names, in dollars as typed; starts at the suggestion (or the minimum). */
  const [amount, setAmount] = useState(() => Math.max(price, suggestedPrice ?? 0).toFixed(2));
  const [amountError, setAmountError] = useState<string | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const session = useSession();
  const purchase = purchaseKind({ price, pricingModel, payWhatYouWant });
  const pwyw = payWhatYouWant && purchase === 'one_time';
  const named = parseNamedAmount(amount);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  // Whether the signed-in user owns this paid product (or may buy it at all).
  const accessQuery = useApiQuery((signal) => api('GET /api/products/{id}/access', { params: { id: productId }, signal }), {
    key: purchase && session.status !== 'loading' ? `${productId}:${session.status}` : null,
  });
  const access: Access | null = accessQuery.data ?? null;

  // ?code=LAUNCH: the field opens with the code in it (read after hydration: the page is prebuilt).
  useEffect(() => {
    const fromUrl = new URL(window.location.href).searchParams.get('code')?.trim();
    if (fromUrl) {
      setCode(fromUrl.slice(0, 64));
      setCodeOpen(true);
    }
  }, []);

  // Back from checkout.
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get('checkout');
    if (!outcome) return;
    if (outcome === 'success') {
      setJustBought(true);
      toast({ title: 'Purchase successful!', description: 'Thank you! Your receipt is on its way by email.', variant: 'success' });
    } else if (outcome === 'cancelled') {
      toast({ title: 'Checkout cancelled', description: 'Nothing was charged.' });
    }
    url.searchParams.delete('checkout');
    url.searchParams.delete('order');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);

  useEffect(() => {
    if (justBought && access?.owned) button.current?.focus();
  }, [justBought, access?.owned]);
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

  // Off to the checkout page: 'Processing...' until it opens.
  const checkout = useApiMutation(
    async () =>
      leavePage((await api('POST /api/checkout', { body: pwyw ? { productId, amount: amount.trim() } : { productId, code: code.trim() || null } })).url),
    {
      onError: (error) => {
        if (error.code === 'UNAUTHENTICATED') return loginRequired();
        // A refused amount: its reason under the price field, which takes focus.
        if (error.code.startsWith('PWYW_') || error.fields['amount']) {
          setAmountError(error.fields['amount'] ?? error.message);
          amountInput.current?.focus();
          return;
        }
        // A refused code: its reason under the field, which takes focus.
        if (error.code.startsWith('DISCOUNT_CODE_') || error.fields['code']) {
          setCodeError(error.fields['code'] ?? error.message);
          setCodeOpen(true);
          return;
        }
        if (error.code === 'ALREADY_OWNED') {
          accessQuery.setData((current) => ({ purchase: current?.purchase ?? purchase, owned: true, purchasable: true, reason: null }));
          return void download.run();
        }
        const description = error.code === 'NETWORK' || error.code === 'INTERNAL' ? 'Payments are unavailable right now. Please try again.' : error.message;
        toast({ title: 'Checkout failed', description, variant: 'destructive' });
      },
    },
  );

  const download = useApiMutation(() => requestDownload(productId), {
    onSuccess: (outcome) => {
      if (outcome.kind === 'login-required') return loginRequired();
      if (outcome.kind === 'failed') {
        toast({ title: 'Download Failed', description: outcome.message, variant: 'destructive' });
        return;
      }
      toast({ title: outcome.message || (purchase ? 'Purchase successful!' : 'Download started!'), variant: 'success' });
      deliver(outcome.delivery);
    },
    onError: showUnexpectedDownloadError,
  });

  const busy = checkout.busy || download.busy;
  const offersCode = purchase === 'one_time' && !pwyw && !access?.owned && access?.purchasable !== false;
  const namesPrice = pwyw && !access?.owned && access?.purchasable !== false;
  // Known only once the access answer says the caller may buy it (the creator 'owns' their own).
  const cartable = offersCode && access !== null;

  function activate() {
    if (busy) return;
    // Read at click time: the page is prebuilt, the header has looked the session up since.
    if ($session.get().status === 'signed-out') return loginRequired();
    if (purchase && !access?.owned) return void checkout.run();
    return void download.run();
  }

  const owned = Boolean(access?.owned);
  const blocked = Boolean(purchase && access && !access.owned && !access.purchasable);
  const label = busy
    ? 'Processing...'
    : purchase
      ? owned
        ? delivered
          ? 'Download again'
          : 'Download'
        : pwyw
          ? 'cents' in named
            ? `Buy for ${formatCents(named.cents)}`
            : 'Buy'
          : access?.bundlePrice
            ? `Buy for ${formatCents(access.bundlePrice.amountCents)}`
            : buyLabel({ price, pricingModel })
      : delivered
        ? 'Download again'
        : 'Download for free';

  return (
    <div className="dl">
      {justBought && owned && !delivered ? (
        <p className="dl-ready" role="status">
          Purchase successful! Your download is ready.
        </p>
      ) : null}
      {namesPrice ? (
        <div className="dl-pwyw">
          <label htmlFor={`dl-amount-${productId}`}>Name a fair price</label>
          <div className="dl-pwyw-row">
            <span aria-hidden="true">$</span>
            <input
              ref={amountInput}
              id={`dl-amount-${productId}`}
              value={amount}
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={`dl-amount-${productId}-hint${amountError ? ` dl-amount-${productId}-error` : ''}`}
              onChange={(e) => {
                setAmount(e.target.value);
                setAmountError(null);
              }}
            />
          </div>
          <p className="dl-code-hint" id={`dl-amount-${productId}-hint`}>
            {price > 0 ? `Minimum ${formatCents(Math.round(price * 100))}.` : 'Pay what you like, or $0 to get it for free.'}
            {suggestedPrice ? ` Suggested ${formatCents(Math.round(suggestedPrice * 100))}.` : ''}
          </p>
          {amountError ? (
            <p className="dl-code-error" id={`dl-amount-${productId}-error`} role="alert">
              {amountError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="dl-buy-row">
        <button ref={button} type="button" className="btn btn-primary dl-button" onClick={activate} disabled={busy || blocked} aria-busy={busy}>
          {busy ? (
            <span className="dl-spinner" aria-hidden="true" />
          ) : (
            <Icon size={20}>
              <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" />
            </Icon>
          )}
          {label}
        </button>
        {cartable ? <AddToCartButton productId={productId} title={title} disabled={busy} /> : null}
      </div>
      {blocked && access?.reason ? <p className="dl-blocked">{access.reason}</p> : null}
      {!owned && access?.bundlePrice ? <p className="dl-code-hint">{access.bundlePrice.line}</p> : null}
      {offersCode ? (
        <details className="dl-code" open={codeOpen} onToggle={(e) => setCodeOpen(e.currentTarget.open)}>
          <summary>Add discount code</summary>
          <div className="dl-code-row">
            <label htmlFor={`dl-code-${productId}`} className="visually-hidden">
              Discount code
            </label>
            <input
              id={`dl-code-${productId}`}
              value={code}
              maxLength={64}
              autoComplete="off"
              placeholder="LAUNCH"
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? `dl-code-${productId}-error` : undefined}
              onChange={(e) => {
                setCode(e.target.value);
                setCodeError(null);
              }}
            />
          </div>
          <p className="dl-code-hint">Applied when you click Buy: the discount shows before you pay.</p>
          {codeError ? (
            <p className="dl-code-error" id={`dl-code-${productId}-error`} role="alert">
              {codeError}
            </p>
          ) : null}
        </details>
      ) : null}
      {delivered ? <DeliveryPanel delivery={delivered} title="Your download" label="Your download" ref={panel} /> : null}
    </div>
  );
}
