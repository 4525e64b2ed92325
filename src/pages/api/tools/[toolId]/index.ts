/**
 * GET /api/tools/{toolId}: a tool for its submitter, maintainers and administrators.
 * PUT /api/tools/{toolId}: its maintainers edit its page; its submitter edits a submission (docs/decisions/038).
 */
import { getDb } from '@/db/database';
import { endpoint } from '@/functions/_shared/endpoint';
import { getToolRecord, updateTool } from '@/functions/tools/submissions.service';
import * as routes from '@/src/shared/api/routes/tools';

export const GET = endpoint(routes.getTool, async ({ user, params }) => getToolRecord(await getDb(), user.id, params.toolId));
export const PUT = endpoint(routes.updateTool, async ({ user, params, body }) => updateTool(await getDb(), user.id, params.toolId, body));
