/**
 * The community's requests and answers (issue 16, docs/decisions/035). zod/mini: the
 * 'Start a discussion' and reply forms validate with these same schemas (docs/decisions/019, 022).
 */
import * as z from 'zod/mini';
import {
  COMMUNITY_SORTS,
  COMMUNITY_SPACE_KINDS,
  COMMUNITY_THREAD_KINDS,
  POST_BODY_MAX,
  SPACE_SLUG_PATTERN,
  TAG_PATTERN,
  THREAD_LINKS_MAX,
  THREAD_TAGS_MAX,
  THREAD_TITLE_MAX,
  THREAD_TITLE_MIN,
} from '../../community';
import { COMMUNITY_NOTIFICATION_KINDS } from '../../domain';
import { safeText } from '../../text';
import { strictObject, userText } from './fields';
import { AUTHOR_BADGES } from '../../community-qa';

const uuidText = (message = 'Not a valid id') => z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, message));

// --- Requests -------------------------------------------------------------------------------

const TITLE_REQUIRED = 'Write a title';
const BODY_REQUIRED = 'Write something';

/** A thread's title: 5 to 150 characters. */
export const threadTitle = () =>
  userText(
    (v) =>
      !v
        ? TITLE_REQUIRED
        : v.length < THREAD_TITLE_MIN
          ? `The title must be at least ${THREAD_TITLE_MIN} characters`
          : v.length > THREAD_TITLE_MAX
            ? `The title must be at most ${THREAD_TITLE_MAX} characters`
            : null,
    { required: TITLE_REQUIRED },
  );

/** A post's Markdown: 1 to 20,000 characters. */
export const postBody = () =>
  userText((v) => (!v ? BODY_REQUIRED : v.length > POST_BODY_MAX ? `Posts can be at most ${POST_BODY_MAX.toLocaleString('en-US')} characters` : null), {
    required: BODY_REQUIRED,
  });

const TAG_MESSAGE = 'Tags are 2 to 30 letters, digits or dashes';
const tag = () =>
  z.string({ error: TAG_MESSAGE }).check(
    z.overwrite((v) => v.trim().toLowerCase().replace(/^#/, '')),
    z.regex(TAG_PATTERN, TAG_MESSAGE),
  );

const threadTags = () =>
  z.pipe(
    z.array(tag()).check(z.maxLength(THREAD_TAGS_MAX, `At most ${THREAD_TAGS_MAX} tags`)),
    z.transform((tags: string[]) => [...new Set(tags)]),
  );

const toolId = () => z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Unknown AI tool'));

export const ThreadInputSchema = strictObject({
  spaceId: z.string({ error: 'Choose a space' }).check(z.regex(SPACE_SLUG_PATTERN, 'Choose a space')),
  title: threadTitle(),
  body: postBody(),
  /** 'question': a thread that can get an accepted answer (Q&A). */
  kind: z._default(z.enum(COMMUNITY_THREAD_KINDS, { error: 'Choose discussion or question' }), 'discussion'),
  tags: z._default(threadTags(), []),
  /** Published products the thread links to. */
  productIds: z._default(z.array(uuidText('Unknown product')).check(z.maxLength(THREAD_LINKS_MAX, `At most ${THREAD_LINKS_MAX} products`)), []),
  /** AI tools the thread links to. */
  toolIds: z._default(z.array(toolId()).check(z.maxLength(THREAD_LINKS_MAX, `At most ${THREAD_LINKS_MAX} tools`)), []),
  /** The product a question is about (its page's 'Questions' panel). */
  productId: z.optional(z.nullable(uuidText('Unknown product'))),
});
export type ThreadInput = z.output<typeof ThreadInputSchema>;
export type ThreadInputValues = z.input<typeof ThreadInputSchema>;

/** An author's edit within 15 minutes: any of title, body and tags. */
export const ThreadEditSchema = strictObject({
  title: z.optional(threadTitle()),
  body: z.optional(postBody()),
  tags: z.optional(threadTags()),
});
export type ThreadEdit = z.output<typeof ThreadEditSchema>;

export const ReplyInputSchema = strictObject({
  body: postBody(),
  /** Reply to this reply: nested under it (or under its parent, quoting it, when it is nested itself). */
  parentReplyId: z.optional(z.nullable(uuidText())),
});
export type ReplyInput = z.output<typeof ReplyInputSchema>;

export const ReplyEditSchema = strictObject({ body: postBody() });
export type ReplyEdit = z.output<typeof ReplyEditSchema>;

export const PreviewInputSchema = strictObject({
  body: userText((v) => (v.length > POST_BODY_MAX ? `Posts can be at most ${POST_BODY_MAX.toLocaleString('en-US')} characters` : null)),
});

const optionalQueryText = (max: number, message: string) =>
  z.pipe(
    z.optional(safeText().check(z.maxLength(max, message))),
    z.transform((v: string | undefined) => v?.trim() || undefined),
  );

/** The thread list's filters (GET /api/community/threads and /community's URL). */
export const ThreadsQuery = {
  sort: z._default(z.enum(COMMUNITY_SORTS, { error: `Unknown sort. Use one of: ${COMMUNITY_SORTS.join(', ')}` }), 'hot'),
  space: z.optional(z.string().check(z.regex(SPACE_SLUG_PATTERN, 'Unknown space'))),
  tag: z.optional(tag()),
  search: optionalQueryText(200, 'Search must be 200 characters or fewer'),
};

// --- Answers --------------------------------------------------------------------------------

export const CommunityAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  handle: z.nullable(z.string()),
  avatarUrl: z.nullable(z.string()),
  /** /@handle, or /profile/{id}. */
  url: z.string(),
  /** Their reputation (src/shared/reputation.ts, docs/decisions/036). */
  reputation: z.number(),
  /** In a thread: 'creator' (of the product a question is about), 'maintainer' (of the space's AI tool). */
  badges: z.array(z.enum(AUTHOR_BADGES)),
});
export type CommunityAuthor = z.output<typeof CommunityAuthorSchema>;

export const SpaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(COMMUNITY_SPACE_KINDS),
  toolId: z.nullable(z.string()),
  threadCount: z.number(),
  url: z.string(),
});
export type Space = z.output<typeof SpaceSchema>;

export const ThreadSummarySchema = z.object({
  id: z.string(),
  url: z.string(),
  spaceId: z.string(),
  spaceName: z.string(),
  kind: z.enum(COMMUNITY_THREAD_KINDS),
  title: z.string(),
  /** The body's first words as plain text. */
  excerpt: z.string(),
  tags: z.array(z.string()),
  /** Null once the post is deleted. */
  author: z.nullable(CommunityAuthorSchema),
  voteCount: z.number(),
  replyCount: z.number(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  /** A question with an accepted answer. */
  answered: z.boolean(),
  locked: z.boolean(),
});
export type ThreadSummary = z.output<typeof ThreadSummarySchema>;

export const ThreadSchema = z.object({
  ...ThreadSummarySchema.shape,
  /** The Markdown source ('' once deleted). */
  body: z.string(),
  /** The sanitized HTML of body, rendered when it was written. */
  bodyHtml: z.string(),
  editedAt: z.nullable(z.string()),
  deleted: z.boolean(),
  productId: z.nullable(z.string()),
  linkedTools: z.array(z.object({ id: z.string(), name: z.string() })),
  linkedProducts: z.array(z.object({ id: z.string(), title: z.string() })),
  acceptedReplyId: z.nullable(z.string()),
  /** In the answer to its author's create or edit: the post waits for review before it is public (a new account's links, docs/decisions/037). */
  heldForReview: z.optional(z.boolean()),
});
export type Thread = z.output<typeof ThreadSchema>;

export const ReplySchema = z.object({
  id: z.string(),
  threadId: z.string(),
  /** The top-level reply this one is nested under. */
  parentReplyId: z.nullable(z.string()),
  /** The nested reply this one answers, quoted. */
  quoted: z.nullable(z.object({ id: z.string(), authorName: z.nullable(z.string()), excerpt: z.string() })),
  author: z.nullable(CommunityAuthorSchema),
  body: z.string(),
  bodyHtml: z.string(),
  voteCount: z.number(),
  createdAt: z.string(),
  editedAt: z.nullable(z.string()),
  deleted: z.boolean(),
  /** The question's accepted answer. */
  accepted: z.boolean(),
  /** In the answer to its author's create or edit: the reply waits for review before it is public (a new account's links, docs/decisions/037). */
  heldForReview: z.optional(z.boolean()),
});
export type Reply = z.output<typeof ReplySchema>;

/** What the caller may do on a thread page (the page itself is the same for everyone). */
export const ThreadViewerSchema = z.object({
  signedIn: z.boolean(),
  following: z.boolean(),
  voted: z.boolean(),
  votedReplyIds: z.array(z.string()),
  voteCount: z.number(),
  replyVoteCounts: z.record(z.string(), z.number()),
  locked: z.boolean(),
  deleted: z.boolean(),
  /** The caller wrote the thread. */
  ownThread: z.boolean(),
  /** The replies the caller wrote. */
  ownReplyIds: z.array(z.string()),
  /** Until when (ISO) each of the caller's posts may still be edited; 'thread' for the thread. */
  editableUntil: z.record(z.string(), z.string()),
  /** Q&A (docs/decisions/036): the caller may mark the answer (the question's author, or the product's creator). */
  canMarkAnswer: z.boolean(),
  acceptedReplyId: z.nullable(z.string()),
});
export type ThreadViewer = z.output<typeof ThreadViewerSchema>;

export const VoteStateSchema = z.object({ voteCount: z.number(), voted: z.boolean() });
export const ThreadFollowStateSchema = z.object({ following: z.boolean() });
export const PreviewSchema = z.object({ html: z.string() });

/** A community notice in /tool-updates (docs/decisions/035). */
export const CommunityFeedItemSchema = z.object({
  kind: z.enum(COMMUNITY_NOTIFICATION_KINDS),
  /** The notification's id. */
  id: z.string(),
  notificationId: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  threadId: z.string(),
  threadTitle: z.string(),
  replyId: z.nullable(z.string()),
  /** Who replied, mentioned, accepted or asked. */
  actorName: z.nullable(z.string()),
  /** The product a question is about. */
  productTitle: z.nullable(z.string()),
  /** The first words of the reply or post. */
  excerpt: z.nullable(z.string()),
});
