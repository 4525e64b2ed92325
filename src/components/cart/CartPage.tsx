/**
 * The /cart island (issue 31, docs/decisions/082): the products in the cart, each with Remove;
 * those that can no longer be bought marked with the reason and left out of the total; the total
 * and 'Checkout' (signed in) or 'Sign in to check out' (a visitor, back here after signing in,
 * where the browser cart is merged into the account: src/stores/cart.ts).
 *
 * Checkout sends the total the buyer sees; the server computes its own and answers CART_CHANGED
 * when they differ or an item can no longer be bought: the cart is read again and the page says
 * what changed (cart-changes.ts). A checkout paid comes back as /cart?checkout=success ('Paid:
 * your products are in your library'), a cancelled one as ?checkout=cancelled.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '@/src/shared/api/client';
import type { CartView } from '@/src/shared/api/schemas/cart';
import { dismissSkipped, loadCart, removeFromCart } from '@/src/stores/cart';
import { useCartSkipped } from '@/src/stores/use-cart';
import { useSession } from '@/src/stores/use-session';
import { toast } from '@/src/stores/toasts';
import { useApiMutation, useApiQuery } from '../hooks/use-api';
import { leavePage } from '../hooks/leave-page';
import { CartItemRow } from './CartItemRow';
import { CartNotices, type CartChanges, type CheckoutOutcome } from './CartNotices';
import { CartSummary } from './CartSummary';
import { describeCartChanges } from './cart-changes';

const LOGIN_HREF = `/auth?mode=login&redirect=${encodeURIComponent('/cart')}`;

export default function CartPage() {
  const session = useSession();
  const skipped = useCartSkipped();
  const [outcome, setOutcome] = useState<CheckoutOutcome>(null);
  const [changes, setChanges] = useState<CartChanges | null>(null);
  /** The cart as the buyer saw it when the server answered CART_CHANGED, until it is read again. */
  const seenBeforeChange = useRef<{ view: CartView; message: string } | null>(null);

  const cart = useApiQuery((signal) => loadCart(signal), {
    key: 'cart',
    onSuccess: (view) => {
      const seen = seenBeforeChange.current;
      seenBeforeChange.current = null;
      if (seen) setChanges({ message: seen.message, lines: describeCartChanges(seen.view, view) });
    },
  });
  const view = cart.data;

  // Back from the checkout page (read after hydration: the page is prebuilt).
  useEffect(() => {
    const url = new URL(window.location.href);
    const value = url.searchParams.get('checkout');
    if (!value) return;
    setOutcome(value === 'success' ? 'paid' : value === 'cancelled' ? 'cancelled' : null);
    url.searchParams.delete('checkout');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);

  const remove = useApiMutation((_signal, productId: string) => removeFromCart(productId), {
    onSuccess: (next) => cart.setData(() => next),
    onError: (error) => toast({ title: 'Could not remove', description: error.message, variant: 'destructive' }),
  });

  const checkout = useApiMutation(
    async (_signal, expectedTotalCents: number) => leavePage((await api('POST /api/checkout/cart', { body: { expectedTotalCents } })).url),
    {
      onError: (error) => {
        if (error.code === 'CART_CHANGED' || error.code === 'CART_EMPTY') {
          if (view) seenBeforeChange.current = { view, message: error.message };
          return void cart.run();
        }
        if (error.code === 'UNAUTHENTICATED') return void window.location.assign(LOGIN_HREF);
        const description = error.code === 'NETWORK' || error.code === 'INTERNAL' ? 'Payments are unavailable right now. Please try again.' : error.message;
        toast({ title: 'Checkout failed', description, variant: 'destructive' });
      },
    },
  );

  const busy = remove.busy || checkout.busy;

  function startCheckout() {
    if (!view || busy) return;
    setChanges(null);
    void checkout.run(view.totalCents);
  }

  return (
    <div className="cart-layout">
      <CartNotices outcome={outcome} skipped={skipped} onDismissSkipped={dismissSkipped} changes={changes} />
      {!view ? (
        cart.error ? (
          <div className="cp-empty">
            <h2>We couldn't load your cart</h2>
            <p>{cart.error.message}</p>
            <button type="button" className="btn btn-primary" onClick={() => void cart.retry()}>
              Try again
            </button>
          </div>
        ) : (
          <div className="cart-loading" role="status" aria-busy="true">
            Loading your cart…
          </div>
        )
      ) : view.items.length === 0 ? (
        <div className="cp-empty">
          <h2>Your cart is empty</h2>
          <p>Add products from the marketplace: you pay for all of them, from any creators, in one checkout.</p>
          <a className="btn btn-primary" href="/marketplace">
            Browse the marketplace
          </a>
        </div>
      ) : (
        <>
          <section className="cart-items" aria-labelledby="cart-items-title">
            <h2 id="cart-items-title" className="visually-hidden">
              Products in your cart
            </h2>
            <ul className="cart-list">
              {view.items.map((item) => (
                <CartItemRow
                  key={item.productId}
                  item={item}
                  onRemove={(productId) => void remove.run(productId)}
                  removing={remove.pending?.[0] === item.productId}
                  disabled={busy}
                />
              ))}
            </ul>
          </section>
          <CartSummary view={view} session={session.status} loginHref={LOGIN_HREF} onCheckout={startCheckout} checkingOut={checkout.busy} disabled={busy} />
        </>
      )}
    </div>
  );
}
