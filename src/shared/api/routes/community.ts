/**
 * The community (issue 16, docs/decisions/035): spaces, threads, replies, votes, follows and
 * the Markdown preview. Reads are public; every write needs a session (no API key reaches them:
 * no `scope`) and passes functions/community/post-guard.ts. Another person's post answers 404
 * to an edit or delete, a locked thread 403 'This discussion is locked'.
 */
import * as z from 'zod/mini';
import { COMMUNITY_PAGE_SIZE } from '../../community';
import { defineRoute, empty, json, page, pageQuery, uuid } from '../contract';
import {
  PreviewInputSchema,
  PreviewSchema,
  ReplyEditSchema,
  ReplyInputSchema,
  ReplySchema,
  SpaceSchema,
  ThreadEditSchema,
  ThreadFollowStateSchema,
  ThreadInputSchema,
  ThreadSchema,
  ThreadsQuery,
  ThreadSummarySchema,
  ThreadViewerSchema,
  VoteStateSchema,
} from '../schemas/community';

const EXAMPLE_THREAD = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const EXAMPLE_REPLY = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const threadParams = z.strictObject({ threadId: uuid() });
const replyParams = z.strictObject({ replyId: uuid() });

/** Replies a thread page and the API read at a time. */
export const REPLIES_PAGE = 100;

export const listCommunitySpaces = defineRoute({
  method: 'GET',
  path: '/api/community/spaces',
  operationId: 'listCommunitySpaces',
  tag: 'Community',
  summary: 'The community spaces: the general ones, then one per AI tool',
  description: 'Every space, in display order, with its count of listed threads. A small fixed set: one page, `nextCursor` is always null.',
  auth: 'public',
  response: json(page(SpaceSchema)),
});

export const listCommunityThreads = defineRoute({
  method: 'GET',
  path: '/api/community/threads',
  operationId: 'listCommunityThreads',
  tag: 'Community',
  summary: 'Threads, sorted and filtered',
  description:
    '`sort`: `hot` (votes and recency, default), `new`, `top_week`, `top_month`, `top_all`, `unanswered` (no reply yet, or a question without an accepted answer). ' +
    "`space` and `tag` filter; `search` matches titles, tags and bodies with the marketplace's typo tolerance. Deleted and hidden threads are left out. " +
    `\`limit\` 1 to 100 (default ${COMMUNITY_PAGE_SIZE}).`,
  auth: 'public',
  query: z.strictObject({ ...ThreadsQuery, ...pageQuery(COMMUNITY_PAGE_SIZE) }),
  response: json(page(ThreadSummarySchema)),
  errors: ['SPACE_NOT_FOUND'],
  example: { query: { sort: 'new', space: 'claude', limit: '20' } },
});

export const createCommunityThread = defineRoute({
  method: 'POST',
  path: '/api/community/threads',
  operationId: 'createCommunityThread',
  tag: 'Community',
  summary: 'Start a discussion or ask a question',
  description:
    'Title 5 to 150 characters, body (Markdown) up to 20,000; up to 5 tags, linked products and linked tools. The body is rendered and sanitized once, here. `@handle` mentions notify those people. The author follows the thread.',
  auth: 'verified',
  status: 201,
  body: json(ThreadInputSchema),
  response: json(ThreadSchema),
  example: {
    body: { spaceId: 'claude', title: 'Best way to feed Claude a long PDF?', body: 'I tried splitting by chapter. **What works for you?**', tags: ['prompts'] },
  },
});

export const getCommunityThread = defineRoute({
  method: 'GET',
  path: '/api/community/threads/{threadId}',
  operationId: 'getCommunityThread',
  tag: 'Community',
  summary: 'A thread',
  description: 'A deleted thread answers with `deleted: true`, no author and no body (its replies stay). A hidden thread is 404 except to administrators.',
  auth: 'public',
  params: threadParams,
  response: json(ThreadSchema),
  errors: ['THREAD_NOT_FOUND'],
  example: { params: { threadId: EXAMPLE_THREAD } },
});

export const editCommunityThread = defineRoute({
  method: 'PATCH',
  path: '/api/community/threads/{threadId}',
  operationId: 'editCommunityThread',
  tag: 'Community',
  summary: 'Edit your thread (within 15 minutes of posting)',
  description: 'Its author only (anyone else: 404). Any of `title`, `body`, `tags`; the thread then shows as edited. After 15 minutes: 403 EDIT_WINDOW_CLOSED.',
  auth: 'verified',
  params: threadParams,
  body: json(ThreadEditSchema),
  response: json(ThreadSchema),
  errors: ['THREAD_NOT_FOUND', 'EDIT_WINDOW_CLOSED', 'THREAD_LOCKED', 'POST_DELETED'],
  example: { params: { threadId: EXAMPLE_THREAD }, body: { title: 'Best way to feed Claude a 300-page PDF?' } },
});

export const deleteCommunityThread = defineRoute({
  method: 'DELETE',
  path: '/api/community/threads/{threadId}',
  operationId: 'deleteCommunityThread',
  tag: 'Community',
  summary: 'Delete your thread',
  description: "Its author only (anyone else: 404). Soft: the page says 'This post was deleted' and its replies stay.",
  auth: 'user',
  params: threadParams,
  response: empty,
  errors: ['THREAD_NOT_FOUND'],
  example: { params: { threadId: EXAMPLE_THREAD } },
});

export const listCommunityReplies = defineRoute({
  method: 'GET',
  path: '/api/community/threads/{threadId}/replies',
  operationId: 'listCommunityReplies',
  tag: 'Community',
  summary: "A thread's replies, oldest first",
  description: `Nested replies carry \`parentReplyId\`. \`limit\` 1 to 100 (default ${REPLIES_PAGE}).`,
  auth: 'public',
  params: threadParams,
  query: z.strictObject(pageQuery(REPLIES_PAGE)),
  response: json(page(ReplySchema)),
  errors: ['THREAD_NOT_FOUND'],
  example: { params: { threadId: EXAMPLE_THREAD } },
});

export const createCommunityReply = defineRoute({
  method: 'POST',
  path: '/api/community/threads/{threadId}/replies',
  operationId: 'createCommunityReply',
  tag: 'Community',
  summary: 'Reply to a thread, or to a reply',
  description:
    "`parentReplyId` nests the reply under a top-level reply; a reply to a nested reply is nested under the same top-level reply and quotes the one it answers (one level). Notifies the thread's followers, the author of the reply answered and the people mentioned. 403 'This discussion is locked' on a locked thread.",
  auth: 'verified',
  status: 201,
  params: threadParams,
  body: json(ReplyInputSchema),
  response: json(ReplySchema),
  errors: ['THREAD_NOT_FOUND', 'REPLY_NOT_FOUND', 'THREAD_LOCKED', 'POST_DELETED'],
  example: { params: { threadId: EXAMPLE_THREAD }, body: { body: 'Chapters work; add a one-line summary of the previous one at the top.' } },
});

export const editCommunityReply = defineRoute({
  method: 'PATCH',
  path: '/api/community/replies/{replyId}',
  operationId: 'editCommunityReply',
  tag: 'Community',
  summary: 'Edit your reply (within 15 minutes of posting)',
  description: 'Its author only (anyone else: 404); shown as edited.',
  auth: 'verified',
  params: replyParams,
  body: json(ReplyEditSchema),
  response: json(ReplySchema),
  errors: ['REPLY_NOT_FOUND', 'EDIT_WINDOW_CLOSED', 'THREAD_LOCKED', 'POST_DELETED'],
  example: { params: { replyId: EXAMPLE_REPLY }, body: { body: 'Chapters work best.' } },
});

export const deleteCommunityReply = defineRoute({
  method: 'DELETE',
  path: '/api/community/replies/{replyId}',
  operationId: 'deleteCommunityReply',
  tag: 'Community',
  summary: 'Delete your reply',
  description: "Its author only (anyone else: 404). Soft: it reads 'This post was deleted'; replies nested under it stay.",
  auth: 'user',
  params: replyParams,
  response: empty,
  errors: ['REPLY_NOT_FOUND'],
  example: { params: { replyId: EXAMPLE_REPLY } },
});

export const getCommunityThreadViewer = defineRoute({
  method: 'GET',
  path: '/api/community/threads/{threadId}/viewer',
  operationId: 'getCommunityThreadViewer',
  tag: 'Community',
  summary: 'What the caller may do on a thread: their votes, follow, own posts, and the current counts',
  description: 'The thread page is the same for everyone (cached); its islands ask this. A visitor gets `signedIn: false`.',
  auth: 'public',
  params: threadParams,
  response: json(ThreadViewerSchema),
  errors: ['THREAD_NOT_FOUND'],
  example: { params: { threadId: EXAMPLE_THREAD } },
});

const voteDescription = 'One up-vote per person; never on your own post (403 OWN_POST_VOTE). Idempotent; the count is exact under concurrency.';

export const voteCommunityThread = defineRoute({
  method: 'PUT',
  path: '/api/community/threads/{threadId}/vote',
  operationId: 'voteCommunityThread',
  tag: 'Community',
  summary: 'Up-vote a thread',
  description: voteDescription,
  auth: 'verified',
  params: threadParams,
  response: json(VoteStateSchema),
  errors: ['THREAD_NOT_FOUND', 'OWN_POST_VOTE', 'POST_DELETED'],
  example: { params: { threadId: EXAMPLE_THREAD } },
});

export const unvoteCommunityThread = defineRoute({
  method: 'DELETE',
  path: '/api/community/threads/{threadId}/vote',
  operationId: 'unvoteCommunityThread',
  tag: 'Community',
  summary: 'Take back your up-vote of a thread',
  auth: 'user',
  params: threadParams,
  response: json(VoteStateSchema),
  errors: ['THREAD_NOT_FOUND', 'OWN_POST_VOTE'],
  example: { params: { threadId: EXAMPLE_THREAD } },
});

export const voteCommunityReply = defineRoute({
  method: 'PUT',
  path: '/api/community/replies/{replyId}/vote',
  operationId: 'voteCommunityReply',
  tag: 'Community',
  summary: 'Up-vote a reply',
  description: voteDescription,
  auth: 'verified',
  params: replyParams,
  response: json(VoteStateSchema),
  errors: ['REPLY_NOT_FOUND', 'OWN_POST_VOTE', 'POST_DELETED'],
  example: { params: { replyId: EXAMPLE_REPLY } },
});

export const unvoteCommunityReply = defineRoute({
  method: 'DELETE',
  path: '/api/community/replies/{replyId}/vote',
  operationId: 'unvoteCommunityReply',
  tag: 'Community',
  summary: 'Take back your up-vote of a reply',
  auth: 'user',
  params: replyParams,
  response: json(VoteStateSchema),
  errors: ['REPLY_NOT_FOUND', 'OWN_POST_VOTE'],
  example: { params: { replyId: EXAMPLE_REPLY } },
});

export const followCommunityThread = defineRoute({
  method: 'PUT',
  path: '/api/community/threads/{threadId}/follow',
  operationId: 'followCommunityThread',
  tag: 'Community',
  summary: 'Follow a thread: its new replies reach your notifications',
  auth: 'user',
  params: threadParams,
  response: json(ThreadFollowStateSchema),
  errors: ['THREAD_NOT_FOUND'],
  example: { params: { threadId: EXAMPLE_THREAD } },
});

export const unfollowCommunityThread = defineRoute({
  method: 'DELETE',
  path: '/api/community/threads/{threadId}/follow',
  operationId: 'unfollowCommunityThread',
  tag: 'Community',
  summary: 'Stop following a thread',
  auth: 'user',
  params: threadParams,
  response: json(ThreadFollowStateSchema),
  errors: ['THREAD_NOT_FOUND'],
  example: { params: { threadId: EXAMPLE_THREAD } },
});

export const previewCommunityPost = defineRoute({
  method: 'POST',
  path: '/api/community/preview',
  operationId: 'previewCommunityPost',
  tag: 'Community',
  summary: 'Render Markdown as a post would show it',
  description: 'The same renderer and sanitizer as a saved post; nothing is stored.',
  auth: 'user',
  body: json(PreviewInputSchema),
  response: json(PreviewSchema),
  example: { body: { body: 'Hello **world**, see [the docs](https://example.com).' } },
});

export const communityRoutes = [
  listCommunitySpaces,
  listCommunityThreads,
  createCommunityThread,
  getCommunityThread,
  editCommunityThread,
  deleteCommunityThread,
  listCommunityReplies,
  createCommunityReply,
  editCommunityReply,
  deleteCommunityReply,
  getCommunityThreadViewer,
  voteCommunityThread,
  unvoteCommunityThread,
  voteCommunityReply,
  unvoteCommunityReply,
  followCommunityThread,
  unfollowCommunityThread,
  previewCommunityPost,
] as const;
