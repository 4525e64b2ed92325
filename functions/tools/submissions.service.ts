/**
 * 'List Your Tools' and the tools' review queue (issue 17, docs/decisions/038).
 * - A signed-in user submits a tool: it waits as 'pending' (not public). Duplicates (the same
 *   official site host, or the same name ignoring case, among tools that are not rejected) are
 *   a 409 DUPLICATE_TOOL naming the field; the partial unique indexes hold the rule against
 *   races. The logo is one of the submitter's own uploads (POST /api/uploads/images).
 * - An administrator approves (the tool's pages are rendered by the reaction to its
 *   'pages.changed' event, and they answer on demand until then), asks for changes with a message, or rejects with a reason;
 *   the submitter is emailed either way. After 'changes requested' the submitter edits it and
 *   it waits again.
 * - A maintainer (isToolMaintainer: owner, co-maintainer or administrator) edits an approved
 *   tool's page; its pages are rendered again.
 * - Changelog sources given here are kept in ai_tools.requested_sources; the feeds job owns
 *   the sources themselves and reads them from there.
 */
import * as z from 'zod/mini';
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { isAdmin } from '../_shared/auth-guard';
import { recordPageChange } from '../rebuilds/rebuilds.service';
import { afterCommit, jobsReady, type CommittedEvent } from '../jobs';
import { pagesShowingTool } from '../rebuilds/affected-pages';
import { LIMIT_DEFAULT } from '@/src/shared/api/contract';
import type { ToolInput, ToolQueueItem, ToolRecord } from '@/src/shared/api/schemas/tools';
import { isTimestampText, isToolId } from '@/src/shared/ids';
import { siteHost, toolSlug } from '@/src/shared/tools';
import { isToolMaintainer } from './tool-maintainers';
import {
  decidePendingTool,
  findLiveDuplicate,
  insertSubmittedTool,
  selectSubmittedTools,
  selectTool,
  selectToolQueue,
  toolIdTaken,
  updateToolPage,
  type ToolRow,
} from './tools.repository';
import { findOwnImageUpload } from '../uploads/uploads.repository';
import { notifyOfTool, siteLink, tellUser } from './tool-notices';

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function toToolRecord(row: ToolRow): ToolRecord {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    category: row.category,
    officialSite: row.official_site ?? '',
    description: row.description,
    longDescription: row.long_description,
    logoUrl: row.logo_url,
    pricing: row.pricing,
    platforms: row.platforms,
    documentationUrl: row.documentation_url,
    githubUrl: row.github_url,
    changelogSources: row.requested_sources,
    reviewNote: row.review_note,
    submittedAt: iso(row.submitted_at),
    verified: Boolean(row.verified_at),
    maintainerName: row.maintainer_name,
    pageUrl: row.detail_page ? `/tools/${row.id}` : `/tools/${row.id}/landing`,
  };
}

function monogramOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? `${words[0]!.charAt(0)}${words[1]!.charAt(0)}` : (words[0] ?? name).slice(0, 2);
  return letters.charAt(0).toUpperCase() + letters.slice(1, 2).toLowerCase();
}

/** 409 DUPLICATE_TOOL naming the field, when another live tool has this host or name. */
async function assertNotDuplicate(db: Db, input: { officialSite: string; name: string }, exceptId: string | null): Promise<string> {
  const host = siteHost(input.officialSite);
  const duplicate = await findLiveDuplicate(db, { host, name: input.name, exceptId });
  if (duplicate) {
    const fields: Record<string, string> = {};
    if (duplicate.byHost) fields['officialSite'] = `${host} is already in the directory`;
    if (duplicate.byName) fields['name'] = `A tool named ${input.name} is already in the directory`;
    throw new AppError('DUPLICATE_TOOL', undefined, fields);
  }
  return host;
}

/** The logo must be one of the caller's own image uploads (or the tool's current logo). */
async function assertOwnLogo(db: Db, userId: string, logoUrl: string | null | undefined, current: string | null): Promise<void> {
  if (!logoUrl || logoUrl === current) return;
  const upload = await findOwnImageUpload(db, userId, logoUrl);
  if (!upload) throw new AppError('VALIDATION_FAILED', undefined, { logoUrl: 'Upload the logo as an image first' });
}

/** A unique constraint hit by a race the check above did not see. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

function columnsOf(input: ToolInput, host: string) {
  return {
    name: input.name,
    category: input.category,
    description: input.description,
    long_description: input.longDescription,
    official_site: input.officialSite,
    official_site_host: host,
    documentation_url: input.documentationUrl ?? null,
    github_url: input.githubUrl ?? null,
    logo_url: input.logoUrl ?? null,
    pricing: input.pricing,
    platforms: [...new Set(input.platforms)],
    requested_sources: [...new Set(input.changelogSources)],
  };
}

/** 'List Your Tools': the tool waits for an administrator. */
export async function submitTool(db: Db, userId: string | null | undefined, input: ToolInput): Promise<ToolRecord> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  const host = await assertNotDuplicate(db, input, null);
  await assertOwnLogo(db, userId, input.logoUrl, null);
  const base = toolSlug(input.name);
  let id = base;
  for (let n = 2; await toolIdTaken(db, id); n++) id = `${base.slice(0, 55)}-${n}`;
  try {
    const row = await insertSubmittedTool(db, {
      id,
      ...columnsOf(input, host),
      monogram: monogramOf(input.name),
      status: 'pending',
      submitted_by: userId,
      detail_page: true,
    });
    return toToolRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DUPLICATE_TOOL', undefined, { name: 'This tool is already in the directory' });
    throw error;
  }
}

/** One tool for its submitter, maintainers and administrators (404 for anyone else, and for a visitor). */
export async function getToolRecord(db: Db, userId: string | null | undefined, toolId: string): Promise<ToolRecord> {
  const row = isToolId(toolId) ? await selectTool(db, toolId) : undefined;
  if (!row || !userId) throw new AppError('TOOL_NOT_FOUND');
  if (row.submitted_by !== userId && !(await isToolMaintainer(db, userId, toolId))) throw new AppError('TOOL_NOT_FOUND');
  return toToolRecord(row);
}

/**
 * PUT /api/tools/{toolId}: a maintainer (or an administrator) edits an approved tool's page; the
 * submitter of a tool waiting for review, or sent back for changes, edits it and it waits again.
 */
export async function updateTool(db: Db, userId: string | null | undefined, toolId: string, input: ToolInput): Promise<ToolRecord> {
  if (!userId) throw new AppError('UNAUTHENTICATED');
  const row = isToolId(toolId) ? await selectTool(db, toolId) : undefined;
  if (!row) throw new AppError('TOOL_NOT_FOUND');
  const maintainer = await isToolMaintainer(db, userId, toolId);
  const submitter = row.submitted_by === userId && (row.status === 'pending' || row.status === 'changes_requested');
  if (!maintainer && !submitter) throw new AppError(row.status === 'approved' ? 'NOT_TOOL_EDITOR' : 'TOOL_NOT_FOUND');
  if (row.status === 'rejected') throw new AppError('TOOL_NOT_FOUND');
  const host = await assertNotDuplicate(db, input, toolId);
  await assertOwnLogo(db, userId, input.logoUrl, row.logo_url);
  const resubmit = row.status !== 'approved';
  await jobsReady(db);
  let saved: { updated: ToolRow; pages: CommittedEvent[] };
  try {
    saved = await db.transaction().execute(async (trx) => {
      const updated = await updateToolPage(trx, toolId, columnsOf(input, host), { resubmit });
      // A tool waiting for review has no public pages yet.
      return { updated, pages: updated.status === 'approved' ? [await toolPagesChanged(trx, updated)] : [] };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DUPLICATE_TOOL', undefined, { name: 'This tool is already in the directory' });
    throw error;
  }
  afterCommit(db, saved.pages);
  return toToolRecord(saved.updated);
}

/** In the transaction that changed an approved tool's page: its pages are made again after it. */
function toolPagesChanged(trx: Db, tool: ToolRow): Promise<CommittedEvent> {
  return recordPageChange(trx, { reason: 'tool_changed', productId: null, paths: pagesShowingTool(tool.id, tool.detail_page) });
}

async function assertAdmin(db: Db, actorId: string): Promise<void> {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
}

const QueueCursor = z.strictObject({ s: z.string().check(z.refine(isTimestampText)), id: z.string().check(z.regex(/^[a-z0-9-]{1,60}$/)) });

/** The submissions waiting for an administrator, oldest first (ai_tools_review_queue_idx). */
export async function listToolQueue(
  db: Db,
  actorId: string,
  { cursor, limit = LIMIT_DEFAULT }: { cursor?: string | undefined; limit?: number },
): Promise<{ items: ToolQueueItem[]; nextCursor: string | null }> {
  await assertAdmin(db, actorId);
  const after = decodeCursor(cursor, QueueCursor);
  const rows = await selectToolQueue(db, after, limit + 1);
  const page = pageOf(rows, limit, (row) => ({ s: row.submitted_at_text, id: row.id }));
  return {
    items: page.items.map((row) => ({ ...toToolRecord(row), submitterName: row.submitter_name ?? null, submitterEmail: row.submitter_email ?? null })),
    nextCursor: page.nextCursor,
  };
}

/** An administrator's decision on a waiting submission; the submitter is emailed and told in the app. */
export async function reviewTool(
  db: Db,
  actorId: string,
  toolId: string,
  { decision, message }: { decision: 'approve' | 'request_changes' | 'reject'; message?: string | null | undefined },
): Promise<ToolRecord> {
  await assertAdmin(db, actorId);
  const row = isToolId(toolId) ? await selectTool(db, toolId) : undefined;
  if (!row) throw new AppError('TOOL_NOT_FOUND');
  if (decision !== 'approve' && !message) {
    throw new AppError('VALIDATION_FAILED', undefined, { message: decision === 'reject' ? 'Say why, so the submitter knows' : 'Say what should change' });
  }
  const status = decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'changes_requested';
  await jobsReady(db);
  const { updated, pages } = await db.transaction().execute(async (trx) => {
    const decided = await decidePendingTool(trx, toolId, { status, reviewNote: decision === 'approve' ? null : (message ?? null) });
    // Its pages answer on demand at once; the publisher (or ISR) stores them.
    return { updated: decided, pages: decided?.status === 'approved' ? [await toolPagesChanged(trx, decided)] : [] };
  });
  if (!updated) throw new AppError('TOOL_NOT_PENDING');
  afterCommit(db, pages);
  const page = siteLink(toToolRecord(updated).pageUrl);
  const edit = siteLink(`/ai-tools/submit?tool=${encodeURIComponent(toolId)}`);
  const event = status === 'approved' ? 'submission_approved' : status === 'changes_requested' ? 'submission_changes_requested' : 'submission_rejected';
  await notifyOfTool(db, { userIds: [updated.submitted_by], toolId, event, note: status === 'approved' ? null : (message ?? null) });
  await tellUser(
    db,
    updated.submitted_by,
    status === 'approved'
      ? {
          subject: `${updated.name} is now in the toolmint AI tools directory`,
          intro: [`Your submission “${updated.name}” was approved: its page is live, and people can follow it for updates.`],
          action: { label: 'See its page', url: page },
          outro: ['To edit the page and post updates as its maintainer, claim the tool by proving you control its official domain.'],
        }
      : status === 'changes_requested'
        ? {
            subject: `Changes requested for ${updated.name}`,
            intro: [`Your submission “${updated.name}” needs a few changes before it can be listed. The reviewer wrote:`, message ?? ''],
            action: { label: 'Edit your submission', url: edit },
            outro: ['Save your changes and it is checked again.'],
          }
        : {
            subject: `${updated.name} was not added to the directory`,
            intro: [`Your submission “${updated.name}” was not accepted. The reviewer wrote:`, message ?? ''],
            action: null,
          },
  );
  return toToolRecord(updated);
}

/** The caller's own submissions, newest first (their status and any reviewer's note). */
export async function listMySubmissions(db: Db, userId: string): Promise<ToolRecord[]> {
  const rows = await selectSubmittedTools(db, userId);
  return rows.map(toToolRecord);
}
