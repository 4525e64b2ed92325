/**
 * GET /api/payments/payouts: the signed-in creator's payout setup, { stripe, connected, ready }
 * (the editor warns before a paid product is published without payouts).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { getPayoutSetup } from '@/functions/payments/payouts.service';
import { getPayoutSetup as route } from '@/src/shared/api/routes/payments';

export const GET = endpoint(route, async ({ user }) => getPayoutSetup(await getDb(), defaultPaymentsDeps(), user.id));
