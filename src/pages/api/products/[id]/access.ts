/**
 * GET /api/products/{id}/access: what the product page's button offers the caller:
 * { owned, purchase: 'one_time' | 'subscription' | null, purchasable, reason }.
 * Signed out: owned false (the button still says Buy and sends them to log in).
 */
import { getDb } from '@/db/database';
import { handle, json, uuidParam } from '@/functions/_shared/http';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { getProductAccess } from '@/functions/payments/checkout.service';

export const GET = handle(async (context) =>
  json(await getProductAccess(await getDb(), defaultPaymentsDeps(), context.locals.user?.id ?? null, uuidParam(context, 'id'))),
);
