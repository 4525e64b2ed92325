/**
 * 'Add to cart' beside 'Buy' on a product page (issue 31, docs/decisions/082), rendered by
 * DownloadButton for a product sold at a fixed one-time price that the caller neither owns nor
 * made. Visitors add to the browser cart, signed-in buyers to their account's (the store,
 * src/stores/cart.ts, decides). Once the product is in the cart the button becomes a link to
 * /cart, '✓ View cart' (named 'In cart: View cart'; short enough to stay beside Buy), and takes
 * the focus the button had.
 */
import { useEffect, useRef, useState } from 'react';
import { addToCart } from '@/src/stores/cart';
import { useCartIds } from '@/src/stores/use-cart';
import { toast } from '@/src/stores/toasts';
import { Icon } from '@/src/components/ui/Icon';
import { useApiMutation } from '../hooks/use-api';

interface Props {
  productId: string;
  title: string;
  /** The buy button is busy: no second action meanwhile. */
  disabled?: boolean;
}

export function AddToCartButton({ productId, title, disabled = false }: Props) {
  const inCart = useCartIds().has(productId);
  const [justAdded, setJustAdded] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);

  const add = useApiMutation(() => addToCart(productId, title), {
    onSuccess: () => setJustAdded(true),
    onError: (error) => toast({ title: 'Could not add to cart', description: error.message, variant: 'destructive' }),
  });

  useEffect(() => {
    if (justAdded && inCart) link.current?.focus();
  }, [justAdded, inCart]);

  return (
    <>
      {inCart ? (
        <a ref={link} className="btn btn-secondary dl-cart" href="/cart">
          <Icon size={18}>
            <path d="m5 12 5 5L20 7" />
          </Icon>
          <span className="visually-hidden">In cart: </span>View cart
        </a>
      ) : (
        <button type="button" className="btn btn-secondary dl-cart" onClick={() => void add.run()} disabled={disabled || add.busy} aria-busy={add.busy}>
          <Icon size={18}>
            <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2M9 20h.01M17 20h.01" />
          </Icon>
          {add.busy ? 'Adding...' : 'Add to cart'}
        </button>
      )}
      <span className="visually-hidden" role="status">
        {justAdded && inCart ? `${title} is in your cart.` : ''}
      </span>
    </>
  );
}
