/** POST /api/payments/payouts/dashboard: -> { url } of the creator's Stripe Express dashboard. */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { getPayoutDashboardLink } from '@/functions/payments/payouts.service';
import { openPayoutDashboard as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user }) => getPayoutDashboardLink(await getDb(), defaultPaymentsDeps(), user.id));
