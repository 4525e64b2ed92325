/**
 * POST /api/settings/webhooks/{id}/test: sends a signed test ping (event `webhook.test`) to
 * the endpoint now and answers with its delivery, the receiver's answer included (one
 * attempt, at most 10 s; not retried). Needs a verified email. docs/decisions/027.
 */
import { getDb } from '@/db/database';
import { requireVerifiedUser } from '@/functions/_shared/auth-guard';
import { handle, json, uuidParam } from '@/functions/_shared/http';
import { sendTestPing } from '@/functions/webhooks/webhooks.service';

export const POST = handle(async (context) => {
  const user = requireVerifiedUser(context);
  return json(await sendTestPing(await getDb(), user.id, uuidParam(context, 'id')));
});
