/**
 * POST /api/studio/payouts: 'Request Payout' on /earnings. Records a payout request for the
 * signed-in creator's available balance (201), or 409 NO_PAYOUT_BALANCE when there is none.
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { requestPayout } from '@/functions/studio/studio.service';
import { requestPayout as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user }) => requestPayout(await getDb(), user));
