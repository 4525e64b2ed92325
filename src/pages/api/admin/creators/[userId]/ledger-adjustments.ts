/** POST /api/admin/creators/{userId}/ledger-adjustments: an administrator's adjustment of a creator's balance, with a reason (docs/decisions/048). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { adjustBalance } from '@/functions/payments/ledger.service';
import { adjustCreatorBalance as route } from '@/src/shared/api/routes/payments';

export const POST = endpoint(route, async ({ user, params, body }) => adjustBalance(await getDb(), user.id, params.userId, body));
