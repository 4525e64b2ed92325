/**
 * GET /api/products/{id}/access: what the product page's button offers the caller:
 * { owned, purchase: 'one_time' | 'subscription' | null, purchasable, reason }.
 * Signed out: owned false (the button still says Buy and sends them to log in).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { getProductAccess } from '@/functions/payments/checkout.service';
import { getProductAccess as route } from '@/src/shared/api/routes/products';

export const GET = endpoint(route, async ({ user, params }) => getProductAccess(await getDb(), defaultPaymentsDeps(), user?.id ?? null, params.id));
