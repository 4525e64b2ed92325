/**
 * POST /api/studio/payouts: 'Request Payout' on /earnings. Records a payout request for the
 * signed-in creator's available balance (201), or 409 NO_PAYOUT_BALANCE when there is none.
 */
import { getDb } from '@/db/database';
import { requireApiUser } from '@/functions/_shared/auth-guard';
import { handle, json } from '@/functions/_shared/http';
import { requestPayout } from '@/functions/studio/studio.service';

export const POST = handle(async (context) => {
  const user = requireApiUser(context);
  return json(await requestPayout(await getDb(), user), { status: 201 });
});
