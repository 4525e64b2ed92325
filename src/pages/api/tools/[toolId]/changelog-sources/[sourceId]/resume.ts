/** POST /api/tools/{toolId}/changelog-sources/{sourceId}/resume: a paused source is fetched again (docs/decisions/039). */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { resumeChangelogSource } from '@/functions/tool-feeds/tool-feeds.service';
import * as routes from '@/src/shared/api/routes/tool-feeds';

export const POST = endpoint(routes.resumeChangelogSource, async ({ user, params }) =>
  resumeChangelogSource(await getDb(), user.id, params.toolId, params.sourceId),
);
