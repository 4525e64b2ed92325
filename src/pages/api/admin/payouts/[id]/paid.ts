/** POST /api/admin/payouts/{id}/paid: an open payout marked paid with its reference, once (administrators only; docs/decisions/048). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { markPayoutPaid } from '@/functions/payments/ledger.service';
import { markPayoutPaid as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user, params, body }) => markPayoutPaid(await getDb(), user.id, params.id, body.reference));
