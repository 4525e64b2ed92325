/** POST /api/admin/payouts/{id}/failed: an open payout marked failed with a reason, once; its amount comes back (administrators only; docs/decisions/048). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { markPayoutFailed } from '@/functions/payments/ledger.service';
import { markPayoutFailed as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user, params, body }) => markPayoutFailed(await getDb(), user.id, params.id, body.reason));
