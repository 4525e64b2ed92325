/** POST /api/cart/merge { productIds }: a visitor's browser cart brought into the account right after sign-in. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { mergeCart } from '@/functions/payments/cart.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { mergeCart as route } from '@/src/shared/api/routes/cart';

export const POST = endpoint(route, async ({ user, body }) => mergeCart(await getDb(), defaultPaymentsDeps(), user.id, body.productIds));
