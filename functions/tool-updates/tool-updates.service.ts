/**
 * Tool updates (spec sections 2, 3 and 7; issue 7). Called by src/pages/api/tools/** and the
 * feed routes.
 *
 * Rules:
 * - Only a maintainer of the tool (tool_maintainers: its owner or a co-maintainer) or an
 *   administrator (profiles.role = 'admin') posts an update; anyone else gets 403 NOT_TOOL_MAINTAINER.
 * - Posting records the update and enqueues its fan-out job ('notify.tool-update',
 *   fan-out.job.ts) in one transaction, and returns: the job writes a 'security_impact' notice
 *   for every buyer who downloaded a product built on the tool when it is a security update,
 *   and a 'follow' notice for every follower, in batches (docs/decisions/040). Either the
 *   update and its job are both recorded or neither is.
 */
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { UPDATES_PAGE_SIZE, type ToolUpdateView } from '@/src/shared/tool-updates';
import type { ToolUpdateInput } from '@/src/shared/api/schemas/updates';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { positionOf, TimeKeysetSchema } from '../_shared/keyset.repository';
import { requestRebuild } from '../rebuilds/rebuilds.service';
import { isToolMaintainer } from '../tools/tool-maintainers';
import { pagesShowingTool } from '../rebuilds/affected-pages';
import { findTool, findUpdate, insertUpdate, listUpdates, type UpdateRow } from './tool-updates.repository';
import { enqueue, jobsReady } from '../jobs';
import { TOOL_UPDATE_FAN_OUT } from './fan-out.job';
import { isToolId } from '@/src/shared/ids';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toUpdateView(row: UpdateRow): ToolUpdateView {
  return {
    id: row.id,
    toolId: row.tool_id,
    toolName: row.tool_name,
    title: row.title,
    content: row.content,
    updateType: row.update_type,
    version: row.version,
    createdAt: iso(row.created_at),
    authorName: row.author_name,
  };
}

async function requireTool(db: Db, toolId: string) {
  const tool = isToolId(toolId) ? await findTool(db, toolId) : undefined;
  if (!tool) throw new AppError('TOOL_NOT_FOUND');
  return tool;
}

/** A maintainer of the tool (owner or co-maintainer), or an administrator (functions/tools/tool-maintainers.ts). */
export async function canPostUpdate(db: Db, userId: string | null | undefined, toolId: string): Promise<boolean> {
  return isToolMaintainer(db, userId, toolId);
}

export interface PostedUpdate {
  update: ToolUpdateView;
  /** The fan-out job that writes the notices (GET /api/admin/jobs shows it). */
  notifying: { jobId: string | null };
}

/** `input` is ToolUpdateInputSchema's output (the route parsed it): trimmed, checked. */
export async function postToolUpdate(db: Db, userId: string | null | undefined, toolId: string, post: ToolUpdateInput): Promise<PostedUpdate> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  const tool = await requireTool(db, toolId);
  if (!(await canPostUpdate(db, userId, toolId))) throw new AppError('NOT_TOOL_MAINTAINER');
  const input = { ...post, version: post.version ?? null };

  await jobsReady(db);
  const posted = await db.transaction().execute(async (trx) => {
    const row = await insertUpdate(trx, { toolId, authorId: userId, ...input });
    const jobId = await enqueue(trx, TOOL_UPDATE_FAN_OUT, { updateId: row.id });
    const created = await findUpdate(trx, row.id);
    if (!created) throw new AppError('INTERNAL');
    return { update: toUpdateView(created), notifying: { jobId } };
  });
  // The directory and the tool's pages show its latest update date; the sitemap its lastmod.
  await requestRebuild(db, 'tool_update', null, pagesShowingTool(toolId, tool.detail_page));
  return posted;
}

/** A keyset page of updates newest first (one tool's, or every tool's for the site feed). */
export async function listToolUpdates(
  db: Db,
  options: { toolId?: string | null; cursor?: string | null; limit?: number },
): Promise<{ items: ToolUpdateView[]; nextCursor: string | null }> {
  if (options.toolId) await requireTool(db, options.toolId);
  const limit = options.limit ?? UPDATES_PAGE_SIZE;
  const rows = await listUpdates(db, { toolId: options.toolId ?? null, after: decodeCursor(options.cursor, TimeKeysetSchema), limit: limit + 1 });
  const page = pageOf(rows, limit, positionOf);
  return { items: page.items.map(toUpdateView), nextCursor: page.nextCursor };
}
