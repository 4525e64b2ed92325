/**
 * Changelog sources for a tool's maintainers (issue 17, docs/decisions/039), called by
 * src/pages/api/tools/{toolId}/changelog-sources/** and the update re-type route.
 *
 * Rules:
 * - Only the tool's maintainer or an administrator (canManageToolFeeds); anyone else gets 403
 *   NOT_TOOL_MAINTAINER_OF_SOURCES, an unknown tool 404 TOOL_NOT_FOUND.
 * - A URL is checked by the SSRF guard before it is saved (https, a host that resolves to
 *   public addresses only; 400 with the reason on `url`), at most 5 sources per tool (409), the
 *   same URL twice is 409 CHANGELOG_SOURCE_EXISTS. A removed source's URL may be added again.
 * - Resume clears a pause and makes the source due now; 'Fetch now' fetches it at once.
 * - Re-typing an update changes its badge everywhere; turning one into a security update
 *   also notifies the buyers of products built on the tool, as posting one would have.
 */
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { checkOutboundUrl, OutboundRefusedError, type OutboundPolicy } from '../_shared/outbound-fetch';
import { isToolId, isUuid } from '@/src/shared/ids';
import { MAX_CHANGELOG_SOURCES, type ChangelogSourceInput, type ChangelogSourceView, type FeedFetchOutcome } from '@/src/shared/tool-feeds';
import type { ToolUpdateView } from '@/src/shared/api/schemas/updates';
import type { UpdateType } from '@/src/shared/domain';
import { findUpdate, setUpdateType } from '../tool-updates/tool-updates.repository';
import { notifyOfUpdate, recordToolPagesChange, toUpdateView } from '../tool-updates/tool-updates.service';
import { afterCommit, jobsReady, openJobsByKey } from '../jobs';
import { FEED_FETCH_JOB, fetchSourceNow, type FeedJobOptions } from './feed-job';
import { canManageToolFeeds } from './maintainers';
import { toolIdTaken } from '../tools/tools.repository';
import {
  countActiveSources,
  findSource,
  findSourceByUrl,
  insertOrReviveSource,
  listSources,
  lockTool,
  markRemoved,
  resumeSource,
  type SourceRow,
} from './tool-feeds.repository';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** `retryAt`: when the source's fetch job, waiting for a retry, runs (pg-boss keeps that time, docs/decisions/060). */
function toSourceView(row: SourceRow, retryAt: Date | null = null): ChangelogSourceView {
  return {
    id: row.id,
    toolId: row.tool_id,
    url: row.url,
    kind: row.kind,
    lastStatus: row.last_status,
    lastFetchedAt: iso(row.last_fetched_at),
    lastSuccessAt: iso(row.last_success_at),
    nextFetchAt: row.paused_at ? null : iso(retryAt ?? row.next_fetch_at),
    consecutiveFailures: row.consecutive_failures,
    pausedAt: iso(row.paused_at),
    createdAt: iso(row.created_at)!,
  };
}

/** The sources as their maintainers see them: a failed fetch's next try is its job's retry. */
async function toSourceViews(db: Db, rows: readonly SourceRow[]): Promise<ChangelogSourceView[]> {
  const jobs = await openJobsByKey(
    db,
    FEED_FETCH_JOB,
    rows.filter((r) => r.consecutive_failures > 0 && !r.paused_at).map((r) => r.id),
  );
  return rows.map((row) => {
    const job = jobs.get(row.id);
    return toSourceView(row, job?.state === 'retry' ? job.startAfter : null);
  });
}

async function requireManager(db: Db, userId: string, toolId: string): Promise<void> {
  if (!isToolId(toolId) || !(await toolIdTaken(db, toolId))) throw new AppError('TOOL_NOT_FOUND');
  if (!(await canManageToolFeeds(db, userId, toolId))) throw new AppError('NOT_TOOL_MAINTAINER_OF_SOURCES');
}

async function requireSource(db: Db, toolId: string, id: string): Promise<SourceRow> {
  const row = isUuid(id) ? await findSource(db, toolId, id) : undefined;
  if (!row) throw new AppError('CHANGELOG_SOURCE_NOT_FOUND');
  return row;
}

export async function listChangelogSources(db: Db, userId: string, toolId: string): Promise<{ items: ChangelogSourceView[]; nextCursor: null }> {
  await requireManager(db, userId, toolId);
  // At most MAX_CHANGELOG_SOURCES: one page.
  return { items: await toSourceViews(db, await listSources(db, toolId)), nextCursor: null };
}

export async function addChangelogSource(
  db: Db,
  userId: string,
  toolId: string,
  input: ChangelogSourceInput,
  policy?: OutboundPolicy,
): Promise<ChangelogSourceView> {
  await requireManager(db, userId, toolId);
  let url: string;
  try {
    url = (await checkOutboundUrl(input.url, policy)).toString();
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new AppError('VALIDATION_FAILED', error.message, { url: error.message });
    throw error;
  }
  const row = await db.transaction().execute(async (trx) => {
    if (!(await lockTool(trx, toolId))) throw new AppError('TOOL_NOT_FOUND');
    const existing = await findSourceByUrl(trx, toolId, url);
    if (existing && !existing.removed_at)
      throw new AppError('CHANGELOG_SOURCE_EXISTS', undefined, { url: 'This feed is already a changelog source of this tool' });
    if ((await countActiveSources(trx, toolId)) >= MAX_CHANGELOG_SOURCES) throw new AppError('CHANGELOG_SOURCE_LIMIT_REACHED');
    return insertOrReviveSource(trx, { toolId, url, addedBy: userId });
  });
  return toSourceView(row);
}

export async function removeChangelogSource(db: Db, userId: string, toolId: string, id: string): Promise<void> {
  await requireManager(db, userId, toolId);
  await requireSource(db, toolId, id);
  if (!(await markRemoved(db, toolId, id))) throw new AppError('CHANGELOG_SOURCE_NOT_FOUND');
}

export async function resumeChangelogSource(db: Db, userId: string, toolId: string, id: string): Promise<ChangelogSourceView> {
  await requireManager(db, userId, toolId);
  await requireSource(db, toolId, id);
  const row = await resumeSource(db, toolId, id);
  if (!row) throw new AppError('CHANGELOG_SOURCE_NOT_FOUND');
  return toSourceView(row);
}

/** 'Fetch now': the outcome and the source as it is afterwards. */
export async function fetchChangelogSourceNow(
  db: Db,
  userId: string,
  toolId: string,
  id: string,
  options: FeedJobOptions = {},
): Promise<{ outcome: FeedFetchOutcome; source: ChangelogSourceView }> {
  await requireManager(db, userId, toolId);
  await requireSource(db, toolId, id);
  const outcome = await fetchSourceNow(db, id, options);
  if (!outcome) throw new AppError('FEED_FETCH_RUNNING');
  const [source] = await toSourceViews(db, [await requireSource(db, toolId, id)]);
  return { outcome, source: source! };
}

/** A maintainer changes the type of one of the tool's updates. */
export async function retypeToolUpdate(db: Db, userId: string, toolId: string, updateId: string, updateType: UpdateType): Promise<ToolUpdateView> {
  await requireManager(db, userId, toolId);
  if (!isUuid(updateId)) throw new AppError('UPDATE_NOT_FOUND');
  await jobsReady(db);
  const { view, pages } = await db.transaction().execute(async (trx) => {
    const before = await setUpdateType(trx, toolId, updateId, updateType);
    if (!before) throw new AppError('UPDATE_NOT_FOUND');
    const row = await findUpdate(trx, updateId);
    if (!row) throw new AppError('UPDATE_NOT_FOUND');
    // Buyers of products built on the tool hear of a security update, whenever it became one
    // (the fan-out writes their notices; followers already notified are not notified twice).
    if (updateType === 'security' && before !== 'security') await notifyOfUpdate(trx, updateId);
    return { view: toUpdateView(row), pages: await recordToolPagesChange(trx, toolId) };
  });
  afterCommit(db, [pages]);
  return view;
}
