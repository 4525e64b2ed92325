/** POST /api/tools/{toolId}/changelog-sources/{sourceId}/fetch: 'Fetch now' (docs/decisions/039). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { fetchChangelogSourceNow } from '@/functions/tool-feeds/tool-feeds.service';
import * as routes from '@/src/shared/api/routes/tool-feeds';

export const POST = endpoint(routes.fetchChangelogSource, async ({ user, params }) =>
  fetchChangelogSourceNow(await getDb(), user.id, params.toolId, params.sourceId),
);
