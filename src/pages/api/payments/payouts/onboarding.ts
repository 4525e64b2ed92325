/** POST /api/payments/payouts/onboarding: 'Set up payouts' on /earnings -> { url } of Stripe's onboarding. */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { startPayoutOnboarding } from '@/functions/payments/payouts.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await startPayoutOnboarding(await getDb(), defaultPaymentsDeps(), user));
});
