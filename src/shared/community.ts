/**
 * The community (issue 16, docs/decisions/035): its enumerations, limits and the pure rules
 * the server, the pages and the islands share, declared once (docs/decisions/018). db/schema.ts
 * types the community tables' columns with these; the migration
 * 2026-11-28-0100-community keeps its own frozen copy in its checks.
 *
 * Isomorphic and dependency-free: islands import the limits and labels from here.
 */

// ---------------------------------------------------------------------------
// Spaces
// ---------------------------------------------------------------------------

/** A space is one AI tool's (one per ai_tools row, kept by a trigger) or a general one. */
export const COMMUNITY_SPACE_KINDS = ['tool', 'general'] as const;
export type CommunitySpaceKind = (typeof COMMUNITY_SPACE_KINDS)[number];

/** The general spaces the migration creates, in display order (slug = community_spaces.id). */
export const GENERAL_SPACES = [
  { id: 'show-and-tell', name: 'Show and tell', description: 'Share what you built with AI tools and products from the marketplace.' },
  { id: 'help', name: 'Help', description: 'Stuck? Ask the community for a hand.' },
  { id: 'prompt-engineering', name: 'Prompt engineering', description: 'Prompts, techniques and what works for which model.' },
  { id: 'automation', name: 'Automation', description: 'Workflows, agents and glue between tools.' },
  { id: 'marketplace-feedback', name: 'Marketplace feedback', description: 'Ideas and problems with toolmint itself.' },
] as const;

/** A space's slug: what /community/{space} reads (never a uuid, so a thread id is never a space). */
export const SPACE_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

// ---------------------------------------------------------------------------
// Threads and replies
// ---------------------------------------------------------------------------

/** A thread is a discussion or a question (a question can have one accepted answer: Q&A). */
export const COMMUNITY_THREAD_KINDS = ['discussion', 'question'] as const;
export type CommunityThreadKind = (typeof COMMUNITY_THREAD_KINDS)[number];

/** What a vote is on. */
export const COMMUNITY_VOTE_TARGETS = ['thread', 'reply'] as const;
export type CommunityVoteTarget = (typeof COMMUNITY_VOTE_TARGETS)[number];

export const THREAD_TITLE_MIN = 5;
export const THREAD_TITLE_MAX = 150;
export const POST_BODY_MAX = 20_000;
/** Tags: up to 5, each 2 to 30 of a-z, 0-9 and '-', stored lower-case. */
export const THREAD_TAGS_MAX = 5;
export const TAG_PATTERN = /^[a-z0-9][a-z0-9-]{1,29}$/;
/** Linked products and tools of a thread: up to 5 of each. */
export const THREAD_LINKS_MAX = 5;

export const THREAD_LOCKED_MESSAGE = 'This discussion is locked';
export const DELETED_POST_TEXT = 'This post was deleted';

// ---------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------

/** The orders of a thread list. 'unanswered': no reply yet, or a question without an accepted answer; newest first. */
export const COMMUNITY_SORTS = ['hot', 'new', 'top_week', 'top_month', 'top_all', 'unanswered'] as const;
export type CommunitySort = (typeof COMMUNITY_SORTS)[number];
export const COMMUNITY_SORT_LABELS: Record<CommunitySort, string> = {
  hot: 'Hot',
  new: 'New',
  top_week: 'Top this week',
  top_month: 'Top this month',
  top_all: 'Top all time',
  unanswered: 'Unanswered',
};
/** How far back each 'Top' sort looks. */
export const TOP_WINDOW_DAYS: Partial<Record<CommunitySort, number>> = { top_week: 7, top_month: 30 };

export const COMMUNITY_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------
// Hot ranking
// ---------------------------------------------------------------------------

/** The epoch of the hot score: a fixed instant, so scores are comparable forever. */
export const HOT_EPOCH_SECONDS = Date.UTC(2026, 0, 1) / 1000;
/** Seconds of recency worth one order of magnitude of votes (Reddit's 45,000 s = 12.5 h). */
export const HOT_DECAY_SECONDS = 45_000;

/**
 * The 'Hot' score of a thread (Reddit's ranking): log10 of its up-votes plus its age in units
 * of 12.5 hours. A thread's score changes only when it is voted on, never with the clock, so
 * it is stored (community_threads.hot_score) and indexed, and a newer thread outranks an older
 * one unless the older has ten times the votes for every 12.5 hours between them.
 * The SQL twin is functions/community/community.repository.ts's `hotScoreSql`; the
 * integration test checks that both agree.
 */
export function hotScore(voteCount: number, createdAt: Date | string): number {
  const created = (typeof createdAt === 'string' ? new Date(createdAt) : createdAt).getTime() / 1000;
  return Math.log10(Math.max(voteCount, 1)) + (created - HOT_EPOCH_SECONDS) / HOT_DECAY_SECONDS;
}

// ---------------------------------------------------------------------------
// Mentions and URLs
// ---------------------------------------------------------------------------

/** '@handle' in a post's text: not preceded by a word character, '@' or '/' (an e-mail address or a URL path is no mention). */
export const MENTION_PATTERN = /(?<![\w@/.])@([a-z0-9_-]{3,30})\b/gi;
/** A post notifies at most this many mentioned people. */
const MENTIONS_MAX = 10;

/** The distinct handles a text mentions, lower-case, in order of appearance. */
export function extractMentions(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(MENTION_PATTERN)) {
    const handle = m[1]!.toLowerCase();
    if (!out.includes(handle)) out.push(handle);
    if (out.length >= MENTIONS_MAX) break;
  }
  return out;
}

/**
 * The community's public pages (/community, /community/{space}, /community/{threadId}): the
 * same HTML for every visitor, so src/middleware.ts renders them without the session and a CDN
 * may keep them. /community/new (the signed-in form) is not one of them.
 */
export const COMMUNITY_PAGE_PATH = /^\/community(?:\/(?!new\/?$)[^/]+)?\/?$/;

export function threadPath(threadId: string): string {
  return `/community/${threadId}`;
}

export function spacePath(spaceId: string): string {
  return `/community/${spaceId}`;
}
