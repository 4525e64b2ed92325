/** POST /api/admin/jobs/{id}/retry: a failed background job, once more (administrators only; docs/decisions/044). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { retryFailedJob } from '@/functions/jobs/jobs.service';
import { retryAdminJob as route } from '@/src/shared/api/routes/system';

export const POST = endpoint(route, async ({ user, params }) => retryFailedJob(await getDb(), user.id, params.id));
