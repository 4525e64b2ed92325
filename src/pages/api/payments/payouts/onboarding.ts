/** POST /api/payments/payouts/onboarding: 'Set up payouts' on /earnings -> { url } of Stripe's onboarding. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { startPayoutOnboarding } from '@/functions/payments/payouts.service';
import { startPayoutOnboarding as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user }) => startPayoutOnboarding(await getDb(), defaultPaymentsDeps(), user));
