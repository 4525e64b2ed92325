/** POST /api/studio/payouts/{id}/cancel: 'Cancel' on /earnings, the creator's own payout while it is requested (docs/decisions/051). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { cancelOwnPayout } from '@/functions/payments/ledger.service';
import { cancelPayout as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user, params }) => cancelOwnPayout(await getDb(), user.id, params.id));
