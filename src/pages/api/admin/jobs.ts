/**
 * GET /api/admin/jobs?state=&name=&cursor=&limit=: background jobs newest first, each failed one
 * with its error (administrators only), as { items, nextCursor } pages (docs/decisions/040).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listJobsForAdmin } from '@/functions/jobs/jobs.service';
import { listAdminJobs as route } from '@/src/shared/api/routes/system';

export const GET = endpoint(route, async ({ user, query }) => listJobsForAdmin(await getDb(), user.id, query));
