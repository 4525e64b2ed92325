/** POST /api/payments/payouts/dashboard: -> { url } of the creator's Stripe Express dashboard. */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { getPayoutDashboardLink } from '@/functions/payments/payouts.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await getPayoutDashboardLink(await getDb(), defaultPaymentsDeps(), user.id));
});
