/**
 * GET /api/payments/payouts: the signed-in creator's payout setup, { stripe, connected, ready }
 * (the editor warns before a paid product is published without payouts).
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { getPayoutSetup } from '@/functions/payments/payouts.service';

export const GET = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await getPayoutSetup(await getDb(), defaultPaymentsDeps(), user.id));
});
