/** GET /api/admin/reports?status=open|resolved&cursor=&limit=: the reports queue (administrators only, docs/decisions/037). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { listReportQueue } from '@/functions/moderation/moderation.service';
import { listReports as route } from '@/src/shared/api/routes/moderation';

export const GET = endpoint(route, async ({ user, query }) => listReportQueue(await getDb(), user.id, query));
