/** POST /api/admin/payouts/{id}/processing: a requested payout's transfer is on its way, once (administrators only; docs/decisions/048). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { markPayoutProcessing } from '@/functions/payments/ledger.service';
import { markPayoutProcessing as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user, params }) => markPayoutProcessing(await getDb(), user.id, params.id));
