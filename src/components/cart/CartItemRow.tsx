/**
 * One product on /cart: thumbnail, title (a link to its page), creator, price and Remove. A
 * product that can no longer be bought says why, and its price is struck out: it is not in the
 * total and is not paid for.
 */
import type { CartItem } from '@/src/shared/api/schemas/cart';
import { formatCents } from '@/src/shared/payments';
import { FALLBACK_IMAGE } from '@/src/shared/products';

interface Props {
  item: CartItem;
  onRemove: (productId: string) => void;
  /** This row's Remove is in flight. */
  removing: boolean;
  /** Another request is: no second one meanwhile. */
  disabled: boolean;
}

export function CartItemRow({ item, onRemove, removing, disabled }: Props) {
  return (
    <li className={`cart-item${item.available ? '' : ' is-unavailable'}`} aria-label={item.title}>
      <img src={item.thumbnailUrl || FALLBACK_IMAGE} alt="" width={72} height={48} loading="lazy" decoding="async" />
      <div className="cart-main">
        <a className="cart-title" href={item.url}>
          {item.title}
        </a>
        <span className="cart-creator">by {item.creatorName}</span>
        {item.available ? null : <span className="cart-reason">{item.reason ?? 'This product cannot be bought right now.'}</span>}
      </div>
      <div className="cart-side">
        {item.available ? (
          <span className="cart-price">{formatCents(item.priceCents)}</span>
        ) : (
          <span className="cart-price">
            <s>{formatCents(item.priceCents)}</s>
            <span className="visually-hidden"> (not included in the total)</span>
          </span>
        )}
        <button type="button" className="btn btn-ghost cart-remove" onClick={() => onRemove(item.productId)} disabled={disabled} aria-busy={removing}>
          {removing ? 'Removing...' : 'Remove'}
          <span className="visually-hidden"> {item.title}</span>
        </button>
      </div>
    </li>
  );
}
