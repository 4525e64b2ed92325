/** DELETE /api/tools/{toolId}/changelog-sources/{sourceId}: stops fetching it (docs/decisions/039). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { removeChangelogSource } from '@/functions/tool-feeds/tool-feeds.service';
import * as routes from '@/src/shared/api/routes/tool-feeds';

export const DELETE = endpoint(routes.removeChangelogSource, async ({ user, params }) =>
  removeChangelogSource(await getDb(), user.id, params.toolId, params.sourceId),
);
