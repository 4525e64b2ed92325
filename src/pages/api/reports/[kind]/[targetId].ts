/** PUT /api/reports/{kind}/{targetId} { reason, note? }: the caller's report (201 created, 200 replaced; docs/decisions/037). */
import { getDb } from '@/db/database';
import { Created, endpoint } from '@/functions/_shared/endpoint';
import { reportTarget } from '@/functions/moderation/moderation.service';
import { reportContent as route } from '@/src/shared/api/routes/moderation';

export const PUT = endpoint(route, async ({ user, params, body }) => {
  const { report, created } = await reportTarget(await getDb(), user.id, params.kind, params.targetId, body);
  return created ? new Created(report) : report;
});
