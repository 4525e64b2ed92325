/** PATCH /api/tools/{toolId}/updates/{updateId} { updateType }: a maintainer re-types an update (docs/decisions/039). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { retypeToolUpdate } from '@/functions/tool-feeds/tool-feeds.service';
import * as routes from '@/src/shared/api/routes/tool-feeds';

export const PATCH = endpoint(routes.retypeToolUpdate, async ({ user, params, body }) =>
  retypeToolUpdate(await getDb(), user.id, params.toolId, params.updateId, body.updateType),
);
