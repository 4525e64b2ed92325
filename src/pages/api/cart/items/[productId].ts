/** DELETE /api/cart/items/{productId}: removes a product from the cart (one not there is fine) and answers the cart. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { removeFromCart } from '@/functions/payments/cart.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { removeCartItem as route } from '@/src/shared/api/routes/cart';

export const DELETE = endpoint(route, async ({ user, params }) => removeFromCart(await getDb(), defaultPaymentsDeps(), user.id, params.productId));
