/**
 * POST /api/checkout/{sessionId}/quote { country, company?, vatId? }: the local test-mode
 * checkout's price, tax line and total for the buyer's country, before paying
 * (docs/decisions/050). Changes nothing; 404 for a checkout that is not the caller's.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { quoteLocalCheckout } from '@/functions/payments/checkout.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { quoteCheckout as route } from '@/src/shared/api/routes/tax';

export const POST = endpoint(route, async ({ user, params, body }) =>
  quoteLocalCheckout(await getDb(), defaultPaymentsDeps(), user.id, params.sessionId, body),
);
