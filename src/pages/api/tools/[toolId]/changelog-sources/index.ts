/**
 * GET  /api/tools/{toolId}/changelog-sources: the tool's changelog feeds and their status.
 * POST /api/tools/{toolId}/changelog-sources { url }: adds one (201). Maintainers and
 * administrators only (docs/decisions/039).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { addChangelogSource, listChangelogSources } from '@/functions/tool-feeds/tool-feeds.service';
import * as routes from '@/src/shared/api/routes/tool-feeds';

export const GET = endpoint(routes.listChangelogSources, async ({ user, params }) => listChangelogSources(await getDb(), user.id, params.toolId));
export const POST = endpoint(routes.addChangelogSource, async ({ user, params, body }) => addChangelogSource(await getDb(), user.id, params.toolId, body));
