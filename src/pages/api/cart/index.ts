/**
 * GET /api/cart: the signed-in buyer's cart, or a visitor's browser cart named by ?items=
 * (functions/payments/cart.service.ts, docs/decisions/082). Declared in src/shared/api/routes/cart.ts.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getCart } from '@/functions/payments/cart.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { getCart as route } from '@/src/shared/api/routes/cart';

export const GET = endpoint(route, async ({ user, query }) => getCart(await getDb(), defaultPaymentsDeps(), user?.id ?? null, query.items));
