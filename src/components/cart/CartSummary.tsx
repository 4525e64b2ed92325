/**
 * /cart's summary beside the list: the total of the products that can be bought (the server's),
 * how many and from how many creators, and 'Checkout', or 'Sign in to check out' for a visitor.
 * A cart holding a product that can no longer be bought is refused by the server
 * (CART_CHANGED), so Checkout waits until the buyer has removed it, and says so.
 */
import type { CartView } from '@/src/shared/api/schemas/cart';
import { formatCents } from '@/src/shared/payments';
import type { SessionState } from '@/src/stores/session';

interface Props {
  view: CartView;
  session: SessionState['status'];
  loginHref: string;
  onCheckout: () => void;
  /** The checkout is under way ('Processing...' until the payment page opens). */
  checkingOut: boolean;
  /** Another request is in flight. */
  disabled: boolean;
}

export function CartSummary({ view, session, loginHref, onCheckout, checkingOut, disabled }: Props) {
  const available = view.items.filter((item) => item.available);
  const unavailable = view.items.length - available.length;
  const creators = new Set(available.map((item) => item.creatorId)).size;
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">Summary</h2>
      <p className="cart-total">
        <span>Total</span>
        <strong data-cart-total>{formatCents(view.totalCents)}</strong>
      </p>
      <p className="cart-hint">
        {available.length === 1 ? '1 product' : `${available.length} products`}
        {creators > 1 ? ` from ${creators} creators, paid in one checkout` : ''}
      </p>
      <p className="cart-hint">Plus tax where your country charges it on digital products, shown before you pay. Each creator gets their own order.</p>
      {unavailable ? (
        <p className="cart-blocked" id="cart-blocked">
          {unavailable === 1 ? '1 product' : `${unavailable} products`} can no longer be bought and {unavailable === 1 ? 'is' : 'are'} not in the total. Remove{' '}
          {unavailable === 1 ? 'it' : 'them'} to check out.
        </p>
      ) : null}
      {session === 'signed-out' ? (
        <a className="btn btn-primary cart-checkout" href={loginHref}>
          Sign in to check out
        </a>
      ) : (
        <button
          type="button"
          className="btn btn-primary cart-checkout"
          onClick={onCheckout}
          disabled={disabled || session === 'loading' || unavailable > 0 || available.length === 0}
          aria-busy={checkingOut}
          aria-describedby={unavailable ? 'cart-blocked' : undefined}
        >
          {checkingOut ? 'Processing...' : 'Checkout'}
        </button>
      )}
    </section>
  );
}
