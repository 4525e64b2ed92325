/** GET /api/admin/payouts: creators' payouts, open ones first (administrators only; docs/decisions/048). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listPayoutsAsAdmin } from '@/functions/payments/ledger.service';
import { listAdminPayouts as route } from '@/src/shared/api/routes/payments';

export const GET = endpoint(route, async ({ user }) => ({ items: await listPayoutsAsAdmin(await getDb(), user.id) }));
