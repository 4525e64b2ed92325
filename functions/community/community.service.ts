/**
 * The community (issue 16, docs/decisions/035). Called by src/pages/api/community/** and the
 * /community pages.
 *
 * Rules:
 * - Everyone reads; hidden threads and replies (moderation) are out of lists and 404 (a hidden
 *   thread) except to administrators. A deleted post keeps its place: 'This post was
 *   deleted', no author, no body; its replies stay.
 * - Every write passes assertCanPost (post-guard.ts) first, inside its transaction.
 * - Another person's post answers 404 to an edit or a delete (as if it did not exist); an
 *   author edits within 15 minutes of posting (403 EDIT_WINDOW_CLOSED after), the post then
 *   shows as edited; a locked thread takes no reply and no edit (403 'This discussion is locked').
 * - Replies nest one level: replying to a nested reply nests under its parent and quotes it.
 * - Votes: one per person and post, never on one's own (403), exact under concurrency
 *   (community.repository.ts setThreadVote).
 * - Notifications (community_reply, community_mention): the thread's followers (the author
 *   follows their thread, a replier the thread they replied to), the author of the reply
 *   answered or quoted, and the people @mentioned (a mention is the one notice a person gets
 *   for a post that also replies to them), written by announce.ts, which moderation's 'approve'
 *   calls too. Never the writer, nobody for a post held for review until it is approved, and
 *   nobody whose preference for the kind is Off. The notices' emails: the job
 *   'email.community' enqueued in the same transaction (notice-emails.job.ts), hence the
 *   jobsReady(db) before each such transaction (PGlite, decision 040).
 * - Markdown is rendered and sanitized once, when written (markdown.ts).
 */
import type { Db } from '@/db/database';
import * as z from 'zod/mini';
import { DELETED_POST_TEXT, extractMentions, threadPath, spacePath, type CommunitySort } from '@/src/shared/community';
import { profileUrl } from '@/src/shared/handles';
import type {
  CommunityAuthor,
  Reply,
  ReplyEdit,
  ReplyInput,
  Space,
  Thread,
  ThreadEdit,
  ThreadInput,
  ThreadSummary,
  ThreadViewer,
} from '@/src/shared/api/schemas/community';
import { uuid } from '@/src/shared/api/contract';
import { isUuid } from '@/src/shared/ids';
import { AppError } from '../_shared/errors';
import { decodeCursor, pageOf } from '../_shared/cursor';
import { keysetTime } from '../_shared/keyset.repository';
import { isAdmin } from '../_shared/auth-guard';
import { plainText, renderMarkdown } from '../_shared/markdown';
import { assertCanPost, holdPostForReview } from './post-guard';
import { afterCommit, emit, jobsReady } from '../jobs';
import { announceMentions, announceReply, announceThread } from './announce';
import { withAuthorDetails } from '../community-qa/author-details';
import { badgeContext } from '../community-qa/badges';
import { answerViewerState } from './answers.service';
import {
  analyzeCommunityWords,
  existingTools,
  findPublishedProductTitle,
  findReply,
  findSpace,
  findThreadDetail,
  findThreadState,
  findViewerState,
  insertReply,
  insertThread,
  listReplies as listReplyRows,
  listSpaces as listSpaceRows,
  listThreads as listThreadRows,
  lockReply,
  lockThread,
  profilesByHandle,
  publishedProducts,
  replyVoteCounts,
  setFollow,
  setReplyVote,
  setThreadVote,
  softDeleteReply,
  softDeleteThread,
  threadEditDeadline,
  threadPosition,
  updateReply,
  updateThread,
  type ReplyRow,
  type ThreadDetailRow,
  type ThreadListRow,
} from './community.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

function author(row: { author_id: string; author_name: string | null; author_handle: string | null; author_avatar_url: string | null }): CommunityAuthor {
  return {
    id: row.author_id,
    name: row.author_name?.trim() || 'Community member',
    handle: row.author_handle,
    avatarUrl: row.author_avatar_url,
    url: profileUrl({ id: row.author_id, handle: row.author_handle }),
    // Filled in by withAuthorDetails (functions/community-qa, docs/decisions/036).
    reputation: 0,
    badges: [],
  };
}

// --- Reads ----------------------------------------------------------------------------------

/** The published product a new discussion links (its page's ?product=), or undefined for anything else. */
export async function findLinkableProduct(db: Db, productId: string | null): Promise<{ id: string; title: string } | undefined> {
  if (!productId || !isUuid(productId)) return undefined;
  return findPublishedProductTitle(db, productId.toLowerCase());
}

export async function listSpaces(db: Db): Promise<{ items: Space[]; nextCursor: null }> {
  const rows = await listSpaceRows(db);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      kind: r.kind,
      toolId: r.tool_id,
      threadCount: r.thread_count,
      url: spacePath(r.id),
    })),
    nextCursor: null,
  };
}

export async function getSpace(db: Db, spaceId: string): Promise<Space | null> {
  const r = await findSpace(db, spaceId);
  return r ? { id: r.id, name: r.name, description: r.description, kind: r.kind, toolId: r.tool_id, threadCount: r.thread_count, url: spacePath(r.id) } : null;
}

function toSummary(row: ThreadListRow): ThreadSummary {
  const deleted = Boolean(row.deleted_at);
  return {
    id: row.id,
    url: threadPath(row.id),
    spaceId: row.space_id,
    spaceName: row.space_name,
    kind: row.kind,
    title: row.title,
    excerpt: deleted ? DELETED_POST_TEXT : plainText(row.body, 200),
    tags: row.tags,
    author: deleted ? null : author(row),
    voteCount: row.vote_count,
    replyCount: row.reply_count,
    createdAt: iso(row.created_at),
    lastActivityAt: iso(row.last_activity_at),
    answered: row.accepted_reply_id !== null,
    locked: row.locked_at !== null,
  };
}

const ScoreKeyset = z.strictObject({ v: z.number(), id: uuid() });
const TimeKeyset = z.strictObject({ at: keysetTime(), id: uuid() });

/** Words of a search, lower-case letters and digits, at most 8. */
function searchWords(search: string): string[] {
  return [
    ...new Set(
      search
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length >= 2),
    ),
  ].slice(0, 8);
}

export interface ThreadListQuery {
  sort: CommunitySort;
  space?: string | undefined;
  tag?: string | undefined;
  search?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

export async function listThreads(db: Db, query: ThreadListQuery): Promise<{ items: ThreadSummary[]; nextCursor: string | null }> {
  if (query.space && !(await findSpace(db, query.space))) throw new AppError('SPACE_NOT_FOUND');
  const scored = query.sort === 'hot' || query.sort.startsWith('top_');
  const after = decodeCursor(query.cursor, scored ? ScoreKeyset : TimeKeyset);
  let tsquery: string | undefined;
  if (query.search) {
    const terms = await analyzeCommunityWords(db, searchWords(query.search));
    if (!terms.length) return { items: [], nextCursor: null };
    tsquery = terms.map((t) => `(${t})`).join(' & ');
  }
  const rows = await listThreadRows(db, {
    sort: query.sort,
    ...(query.space ? { spaceId: query.space } : {}),
    ...(query.tag ? { tag: query.tag } : {}),
    ...(tsquery ? { tsquery } : {}),
    after,
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit, (r) => threadPosition(query.sort, r));
  return { items: await withAuthorDetails(db, page.items.map(toSummary)), nextCursor: page.nextCursor };
}

function toThread(row: ThreadDetailRow): Thread {
  const deleted = Boolean(row.deleted_at);
  return {
    ...toSummary(row),
    body: deleted ? '' : row.body,
    bodyHtml: deleted ? '' : row.body_html,
    editedAt: row.edited_at ? iso(row.edited_at) : null,
    deleted,
    productId: row.product_id,
    linkedTools: row.linked_tools,
    linkedProducts: row.linked_products,
    acceptedReplyId: row.accepted_reply_id,
  };
}

async function canSeeHidden(db: Db, viewerId: string | null | undefined): Promise<boolean> {
  return viewerId ? isAdmin(db, viewerId) : false;
}

/** A thread as its page and the API show it; null when it does not exist or is hidden (to all but administrators). */
export async function getThread(db: Db, threadId: string, viewerId?: string | null): Promise<Thread | null> {
  const row = await findThreadDetail(db, threadId);
  if (!row) return null;
  if (row.hidden_at && !(await canSeeHidden(db, viewerId))) return null;
  const [thread] = await withAuthorDetails(db, [toThread(row)], await badgeContext(db, { productId: row.product_id, spaceId: row.space_id }));
  return thread!;
}

export async function requireThread(db: Db, threadId: string, viewerId?: string | null): Promise<Thread> {
  const thread = await getThread(db, threadId, viewerId);
  if (!thread) throw new AppError('THREAD_NOT_FOUND');
  return thread;
}

function toReply(row: ReplyRow, acceptedReplyId: string | null): Reply {
  const deleted = Boolean(row.deleted_at);
  return {
    id: row.id,
    threadId: row.thread_id,
    parentReplyId: row.parent_reply_id,
    quoted: row.quoted_reply_id
      ? {
          id: row.quoted_reply_id,
          authorName: row.quoted_deleted_at ? null : (row.quoted_author_name ?? null),
          excerpt: row.quoted_deleted_at || row.quoted_body === null ? DELETED_POST_TEXT : plainText(row.quoted_body, 160),
        }
      : null,
    author: deleted ? null : author(row),
    body: deleted ? '' : row.body,
    bodyHtml: deleted ? '' : row.body_html,
    voteCount: row.vote_count,
    createdAt: iso(row.created_at),
    editedAt: row.edited_at ? iso(row.edited_at) : null,
    deleted,
    accepted: acceptedReplyId === row.id,
  };
}

export async function listReplies(
  db: Db,
  threadId: string,
  options: { cursor?: string | undefined; limit: number; viewerId?: string | null },
): Promise<{ items: Reply[]; nextCursor: string | null }> {
  const thread = await requireThread(db, threadId, options.viewerId);
  const after = decodeCursor(options.cursor, TimeKeyset);
  const includeHidden = await canSeeHidden(db, options.viewerId);
  const rows = await listReplyRows(db, threadId, { after, limit: options.limit + 1, includeHidden });
  const page = pageOf(rows, options.limit, (r) => ({ at: r.cursor_at, id: r.id }));
  const badges = await badgeContext(db, { productId: thread.productId, spaceId: thread.spaceId });
  return {
    items: await withAuthorDetails(
      db,
      page.items.map((r) => toReply(r, thread.acceptedReplyId)),
      badges,
    ),
    nextCursor: page.nextCursor,
  };
}

export async function getViewer(db: Db, threadId: string, viewerId: string | null): Promise<ThreadViewer> {
  const thread = await findThreadState(db, threadId);
  if (!thread || (thread.hidden_at && !(await canSeeHidden(db, viewerId)))) throw new AppError('THREAD_NOT_FOUND');
  const base = {
    locked: thread.locked_at !== null,
    deleted: thread.deleted_at !== null,
    voteCount: thread.vote_count,
    ...(await answerViewerState(db, threadId, viewerId)),
  };
  if (!viewerId) {
    const counts = await replyVoteCounts(db, threadId);
    return {
      ...base,
      signedIn: false,
      following: false,
      voted: false,
      votedReplyIds: [],
      replyVoteCounts: Object.fromEntries(counts.map((r) => [r.id, r.vote_count])),
      ownThread: false,
      ownReplyIds: [],
      editableUntil: {},
    };
  }
  const [state, deadline] = await Promise.all([findViewerState(db, threadId, viewerId), threadEditDeadline(db, threadId)]);
  const own = state.replies.filter((r) => r.author_id === viewerId && !r.deleted_at);
  const editableUntil: Record<string, string> = {};
  if (thread.author_id === viewerId && !thread.deleted_at && deadline?.editable) editableUntil['thread'] = deadline.editable_until;
  for (const r of own) if (r.editable) editableUntil[r.id] = r.editable_until;
  return {
    ...base,
    signedIn: true,
    following: state.following,
    voted: state.voted,
    votedReplyIds: state.replies.filter((r) => r.voted).map((r) => r.id),
    replyVoteCounts: Object.fromEntries(state.replies.map((r) => [r.id, r.vote_count])),
    ownThread: thread.author_id === viewerId && !thread.deleted_at,
    ownReplyIds: own.map((r) => r.id),
    editableUntil,
  };
}

// --- Writing --------------------------------------------------------------------------------

/** The handles a text mentions that belong to someone, and the render that links them. */
async function renderWithMentions(db: Db, body: string): Promise<{ html: string; mentioned: { id: string; handle: string }[] }> {
  const handles = extractMentions(body);
  const mentioned = await profilesByHandle(db, handles);
  return { html: renderMarkdown(body, { mentionHandles: new Set(mentioned.map((m) => m.handle)) }), mentioned };
}

export async function previewPost(db: Db, userId: string, body: string): Promise<{ html: string }> {
  await assertCanPost(db, userId, { action: 'edit', text: body });
  return { html: (await renderWithMentions(db, body)).html };
}

export async function createThread(db: Db, userId: string, input: ThreadInput): Promise<Thread> {
  await jobsReady(db);
  const { threadId, held } = await db.transaction().execute(async (trx) => {
    const verdict = await assertCanPost(trx, userId, { action: 'thread', text: `${input.title}\n${input.body}` });
    const space = await findSpace(trx, input.spaceId);
    if (!space) throw new AppError('VALIDATION_FAILED', undefined, { spaceId: 'Choose a space' });
    const toolIds = [...new Set(input.toolIds)];
    const known = await existingTools(trx, toolIds);
    const unknownTool = toolIds.find((id) => !known.has(id));
    if (unknownTool) throw new AppError('VALIDATION_FAILED', undefined, { toolIds: `Unknown AI tool: ${unknownTool}` });
    const productIds = [...new Set([...input.productIds.map((id) => id.toLowerCase())])];
    const productId = input.productId?.toLowerCase() ?? null;
    const products = await publishedProducts(trx, [...new Set([...productIds, ...(productId ? [productId] : [])])]);
    if (productIds.some((id) => !products.has(id))) throw new AppError('VALIDATION_FAILED', undefined, { productIds: 'Link published products only' });
    if (productId && !products.has(productId)) throw new AppError('VALIDATION_FAILED', undefined, { productId: 'This product is not in the marketplace' });
    const { html } = await renderWithMentions(trx, input.body);
    const id = await insertThread(trx, {
      spaceId: space.id,
      authorId: userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      bodyHtml: html,
      tags: input.tags,
      productId,
      toolIds,
      productIds,
    });
    await setFollow(trx, id, userId, true);
    await emit(trx, 'community.thread-created', { threadId: id });
    // Held for review (a new account's links, docs/decisions/037): hidden and queued; nobody is notified of it yet.
    if (verdict.hold) {
      await holdPostForReview(trx, { kind: 'thread', id, authorId: userId });
      return { threadId: id, held: true };
    }
    await announceThread(trx, { id, authorId: userId, body: input.body, kind: input.kind, productId });
    return { threadId: id, held: false };
  });
  afterCommit(db, [{ event: 'community.thread-created', data: { threadId } }]);
  if (held) return { ...toThread((await findThreadDetail(db, threadId))!), heldForReview: true };
  return requireThread(db, threadId, userId);
}

export async function editThread(db: Db, userId: string, threadId: string, edit: ThreadEdit): Promise<Thread> {
  await jobsReady(db);
  const heldEdit = await db.transaction().execute(async (trx) => {
    const verdict = await assertCanPost(trx, userId, { action: 'edit', text: [edit.title, edit.body].filter(Boolean).join('\n') });
    const thread = await lockThread(trx, threadId);
    if (!thread || thread.author_id !== userId || thread.hidden_at) throw new AppError('THREAD_NOT_FOUND');
    if (thread.deleted_at) throw new AppError('POST_DELETED');
    if (thread.locked_at) throw new AppError('THREAD_LOCKED');
    if (!thread.editable) throw new AppError('EDIT_WINDOW_CLOSED');
    let bodyHtml: string | undefined;
    // An edit held for review tells nobody of its mentions until it is approved (docs/decisions/037).
    if (edit.body !== undefined) {
      bodyHtml = (await renderWithMentions(trx, edit.body)).html;
      if (!verdict.hold) await announceMentions(trx, { threadId, replyId: null, authorId: userId, body: edit.body });
    }
    await updateThread(trx, threadId, {
      ...(edit.title !== undefined ? { title: edit.title } : {}),
      ...(edit.body !== undefined ? { body: edit.body, bodyHtml: bodyHtml ?? '' } : {}),
      ...(edit.tags !== undefined ? { tags: edit.tags } : {}),
    });
    if (verdict.hold) await holdPostForReview(trx, { kind: 'thread', id: threadId, authorId: userId });
    return verdict.hold;
  });
  if (heldEdit) return { ...toThread((await findThreadDetail(db, threadId))!), heldForReview: true };
  return requireThread(db, threadId, userId);
}

export async function deleteThread(db: Db, userId: string, threadId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await assertCanPost(trx, userId, { action: 'delete' });
    const thread = await lockThread(trx, threadId);
    if (!thread || thread.author_id !== userId || thread.hidden_at) throw new AppError('THREAD_NOT_FOUND');
    await softDeleteThread(trx, thread);
  });
}

export async function createReply(db: Db, userId: string, threadId: string, input: ReplyInput): Promise<Reply> {
  await jobsReady(db);
  const replyId = await db.transaction().execute(async (trx) => {
    const verdict = await assertCanPost(trx, userId, { action: 'reply', text: input.body });
    const thread = await lockThread(trx, threadId);
    if (!thread || (thread.hidden_at && !(await isAdmin(trx, userId)))) throw new AppError('THREAD_NOT_FOUND');
    if (thread.locked_at) throw new AppError('THREAD_LOCKED');
    if (thread.deleted_at) throw new AppError('POST_DELETED', 'This discussion was deleted');
    // One level: a reply to a nested reply nests under the same top-level reply and quotes it.
    let parentReplyId: string | null = null;
    let quotedReplyId: string | null = null;
    if (input.parentReplyId) {
      const parent = await findReply(trx, input.parentReplyId.toLowerCase());
      if (!parent || parent.thread_id !== threadId || parent.hidden_at) throw new AppError('REPLY_NOT_FOUND');
      parentReplyId = parent.parent_reply_id ?? parent.id;
      if (parent.parent_reply_id) quotedReplyId = parent.id;
    }
    const { html } = await renderWithMentions(trx, input.body);
    const id = await insertReply(trx, { threadId, authorId: userId, parentReplyId, quotedReplyId, body: input.body, bodyHtml: html });
    // Held for review (a new account's links, docs/decisions/037): hidden and queued; nobody is notified of it yet.
    if (verdict.hold) {
      await holdPostForReview(trx, { kind: 'reply', id, authorId: userId });
      await setFollow(trx, threadId, userId, true);
      return id;
    }
    await announceReply(trx, { id, threadId, authorId: userId, body: input.body, parentReplyId, quotedReplyId });
    await setFollow(trx, threadId, userId, true);
    return id;
  });
  return requireReply(db, replyId);
}

async function requireReply(db: Db, replyId: string): Promise<Reply> {
  const row = await findReply(db, replyId);
  if (!row) throw new AppError('REPLY_NOT_FOUND');
  const thread = await findThreadDetail(db, row.thread_id);
  const badges = thread ? await badgeContext(db, { productId: thread.product_id, spaceId: thread.space_id }) : undefined;
  const [reply] = await withAuthorDetails(db, [toReply(row, thread?.accepted_reply_id ?? null)], badges);
  // A new account's post with links waits for review (docs/decisions/037): its author is told.
  return row.hidden_at ? { ...reply!, heldForReview: true } : reply!;
}

export async function editReply(db: Db, userId: string, replyId: string, edit: ReplyEdit): Promise<Reply> {
  await jobsReady(db);
  await db.transaction().execute(async (trx) => {
    const verdict = await assertCanPost(trx, userId, { action: 'edit', text: edit.body });
    const reply = await lockReply(trx, replyId);
    if (!reply || reply.author_id !== userId || reply.hidden_at || reply.thread_hidden_at) throw new AppError('REPLY_NOT_FOUND');
    if (reply.deleted_at) throw new AppError('POST_DELETED');
    if (reply.thread_locked_at) throw new AppError('THREAD_LOCKED');
    if (!reply.editable) throw new AppError('EDIT_WINDOW_CLOSED');
    const { html } = await renderWithMentions(trx, edit.body);
    await updateReply(trx, replyId, { body: edit.body, bodyHtml: html });
    if (verdict.hold) {
      await holdPostForReview(trx, { kind: 'reply', id: replyId, authorId: userId });
      return;
    }
    await announceMentions(trx, { threadId: reply.thread_id, replyId, authorId: userId, body: edit.body });
  });
  return requireReply(db, replyId);
}

export async function deleteReply(db: Db, userId: string, replyId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await assertCanPost(trx, userId, { action: 'delete' });
    const reply = await lockReply(trx, replyId);
    if (!reply || reply.author_id !== userId || reply.hidden_at || reply.thread_hidden_at) throw new AppError('REPLY_NOT_FOUND');
    await softDeleteReply(trx, replyId);
  });
}

// --- Votes and follows ----------------------------------------------------------------------

export async function voteThread(db: Db, userId: string, threadId: string, on: boolean): Promise<{ voteCount: number; voted: boolean }> {
  return db.transaction().execute(async (trx) => {
    await assertCanPost(trx, userId, { action: 'vote' });
    const thread = await findThreadState(trx, threadId);
    if (!thread || thread.hidden_at) throw new AppError('THREAD_NOT_FOUND');
    if (thread.author_id === userId) throw new AppError('OWN_POST_VOTE');
    if (on && thread.deleted_at) throw new AppError('POST_DELETED');
    return { voteCount: await setThreadVote(trx, threadId, userId, on), voted: on };
  });
}

export async function voteReply(db: Db, userId: string, replyId: string, on: boolean): Promise<{ voteCount: number; voted: boolean }> {
  return db.transaction().execute(async (trx) => {
    await assertCanPost(trx, userId, { action: 'vote' });
    const reply = await findReply(trx, replyId);
    if (!reply || reply.hidden_at) throw new AppError('REPLY_NOT_FOUND');
    const thread = await findThreadState(trx, reply.thread_id);
    if (!thread || thread.hidden_at) throw new AppError('REPLY_NOT_FOUND');
    if (reply.author_id === userId) throw new AppError('OWN_POST_VOTE');
    if (on && reply.deleted_at) throw new AppError('POST_DELETED');
    return { voteCount: await setReplyVote(trx, replyId, userId, on), voted: on };
  });
}

export async function followThread(db: Db, userId: string, threadId: string, on: boolean): Promise<{ following: boolean }> {
  await assertCanPost(db, userId, { action: 'follow' });
  const thread = await findThreadState(db, threadId);
  if (!thread || thread.hidden_at) throw new AppError('THREAD_NOT_FOUND');
  await setFollow(db, threadId, userId, on);
  return { following: on };
}
