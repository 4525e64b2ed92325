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
 *   update and its job are both recorded or neither is. The changelog job (functions/tool-feeds,
 *   docs/decisions/039) posts through writeToolUpdate() the same way.
 */
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { UPDATES_PAGE_SIZE } from '@/src/shared/tool-updates';
import type { ToolUpdateView } from '@/src/shared/api/schemas/updates';
import type { ToolUpdateInput } from '@/src/shared/api/schemas/updates';
import { toolDetailsHref } from '@/src/shared/tool-pages';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { positionOf, TimeKeysetSchema } from '../_shared/keyset.repository';
import { recordPageChange } from '../rebuilds/rebuilds.service';
import { isToolMaintainer } from '../tools/tool-maintainers';
import { pagesShowingTool } from '../rebuilds/affected-pages';
import { findTool, findUpdate, insertUpdate, listUpdates, type UpdateRow } from './tool-updates.repository';
import { afterCommit, enqueue, jobsReady, type CommittedEvent } from '../jobs';
import { TOOL_UPDATE_FAN_OUT } from './fan-out.job';
import { isToolId } from '@/src/shared/ids';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toUpdateView(row: UpdateRow): ToolUpdateView {
  return {
    id: row.id,
    toolId: row.tool_id,
    toolName: row.tool_name,
    toolHref: toolDetailsHref({ id: row.tool_id, hasDetailPage: row.detail_page }),
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
  await requireTool(db, toolId);
  if (!(await canPostUpdate(db, userId, toolId))) throw new AppError('NOT_TOOL_MAINTAINER');
  await jobsReady(db);
  const { posted, pages } = await db.transaction().execute(async (trx) => ({
    posted: await writeToolUpdate(trx, toolId, userId, post),
    pages: await recordToolPagesChange(trx, toolId),
  }));
  afterCommit(db, [pages]);
  return posted;
}

/**
 * The update and its fan-out job ('notify.tool-update': the followers' notices and, for a
 * security update, the buyers' impact notices), inside the caller's transaction; the caller
 * awaits jobsReady(db) before opening it and records the tool's page change (recordToolPagesChange).
 * Shared by a maintainer's post and the changelog job (functions/tool-feeds,
 * docs/decisions/039), whose updates have no author (`authorId` null) and are dated by their
 * entry (`options.createdAt`, never in the future: the notices are dated the same).
 */
export async function writeToolUpdate(
  trx: Db,
  toolId: string,
  authorId: string | null,
  post: ToolUpdateInput,
  options: { createdAt?: Date } = {},
): Promise<PostedUpdate> {
  const input = { ...post, version: post.version ?? null };
  const row = await insertUpdate(trx, { toolId, authorId, ...input, ...(options.createdAt ? { createdAt: options.createdAt } : {}) });
  const jobId = await notifyOfUpdate(trx, row.id);
  const created = await findUpdate(trx, row.id);
  if (!created) throw new AppError('INTERNAL');
  return { update: toUpdateView(created), notifying: { jobId } };
}

/**
 * Enqueues the fan-out of an update's notices (idempotent: one notice per reader and update).
 * Also after a maintainer makes an update a security one, so the buyers hear of it.
 */
export async function notifyOfUpdate(trx: Db, updateId: string): Promise<string | null> {
  return enqueue(trx, TOOL_UPDATE_FAN_OUT, { updateId });
}

/**
 * In the transaction of a change of the tool's updates: its pages (they show its latest update
 * date), the directory and the sitemap (its lastmod) are made again after it commits. Returns
 * the event for afterCommit().
 */
export async function recordToolPagesChange(trx: Db, toolId: string): Promise<CommittedEvent> {
  const tool = isToolId(toolId) ? await findTool(trx, toolId) : undefined;
  return recordPageChange(trx, { reason: 'tool_update', productId: null, paths: pagesShowingTool(toolId, tool?.detail_page) });
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
