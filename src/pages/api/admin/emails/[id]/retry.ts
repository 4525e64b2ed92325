/** POST /api/admin/emails/{id}/retry: a failed email, once more (administrators only; docs/decisions/044). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { retryFailedEmail } from '@/functions/email/failures.service';
import { retryAdminEmail as route } from '@/src/shared/api/routes/system';

export const POST = endpoint(route, async ({ user, params }) => retryFailedEmail(await getDb(), user.id, params.id));
