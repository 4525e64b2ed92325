/**
 * What /cart says above the list: the outcome of a checkout it came back from, what the merge
 * on sign-in left out of the cart (and why), and what changed when the server refused a
 * checkout with CART_CHANGED.
 */
import type { SkippedCartItem } from '@/src/stores/cart';

export type CheckoutOutcome = 'paid' | 'cancelled' | null;

/** What the server said changed, and the sentences saying how (cart-changes.ts). */
export interface CartChanges {
  message: string;
  lines: string[];
}

interface Props {
  outcome: CheckoutOutcome;
  skipped: readonly SkippedCartItem[];
  onDismissSkipped: () => void;
  changes: CartChanges | null;
}

export function CartNotices({ outcome, skipped, onDismissSkipped, changes }: Props) {
  return (
    <>
      {outcome === 'paid' ? (
        <div className="cart-notice is-success" role="status">
          <p>
            <strong>Paid: your products are in your library.</strong> Your receipts are on their way by email. <a href="/library">Open your library</a>
          </p>
        </div>
      ) : outcome === 'cancelled' ? (
        <div className="cart-notice" role="status">
          <p>
            <strong>Checkout cancelled.</strong> Nothing was charged; your cart is as you left it.
          </p>
        </div>
      ) : null}

      {skipped.length ? (
        <div className="cart-notice is-warning" role="status">
          <strong>{skipped.length === 1 ? 'This product was not added to your cart:' : 'These products were not added to your cart:'}</strong>
          <ul>
            {skipped.map((item) => (
              <li key={item.productId}>
                <a href={`/product/${encodeURIComponent(item.productId)}`}>{item.title}</a>: {item.reason}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-ghost cart-dismiss" onClick={onDismissSkipped}>
            Dismiss
          </button>
        </div>
      ) : null}

      {changes ? (
        <div className="cart-notice is-warning" role="alert">
          <strong>{changes.message}</strong>
          {changes.lines.length ? (
            <ul>
              {changes.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
