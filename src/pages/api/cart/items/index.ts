/** POST /api/cart/items { productId }: adds a product to the signed-in buyer's cart (once) and answers the cart. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { addToCart } from '@/functions/payments/cart.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { addCartItem as route } from '@/src/shared/api/routes/cart';

export const POST = endpoint(route, async ({ user, body }) => addToCart(await getDb(), defaultPaymentsDeps(), user.id, body.productId));
