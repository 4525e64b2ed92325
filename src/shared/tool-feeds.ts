/**
 * Changelog sources of AI tools, isomorphic part (docs/decisions/039): the input schemas the
 * API and the maintainers' panel on /tools/{id} share, the shapes the API answers with, and the
 * limits. The job that fetches them is functions/tool-feeds.
 */
import './zod-browser';
import * as z from 'zod/mini';
import { safeText } from './text';
import { FEED_KINDS, UPDATE_TYPES } from './domain';

/** Sources per tool (removed ones do not count). */
export const MAX_CHANGELOG_SOURCES = 5;
export const CHANGELOG_URL_MAX = 2048;
/** Failures in a row after which a source is paused and its maintainers told. */
export const FEED_FAILURES_BEFORE_PAUSE = 5;

export const ChangelogSourceInputSchema = z.strictObject({
  url: safeText({ error: 'Enter the URL of the changelog feed' }).check(
    z.trim(),
    z.minLength(1, 'Enter the URL of the changelog feed'),
    z.maxLength(CHANGELOG_URL_MAX, `The URL can be at most ${CHANGELOG_URL_MAX} characters`),
    z.refine((v: string) => /^https?:\/\/[^/?#]+/i.test(v) && URL.canParse(v), 'Enter a full URL, starting with https://'),
  ),
});
export type ChangelogSourceInput = z.output<typeof ChangelogSourceInputSchema>;

/** A source as its maintainers see it. */
export const ChangelogSourceSchema = z.object({
  id: z.string(),
  toolId: z.string(),
  url: z.string(),
  /** What the last good fetch found; null before one. */
  kind: z.nullable(z.enum(FEED_KINDS)),
  /** 'Fetched: 2 new updates', 'Last fetch failed: not a feed'; null before the first fetch. */
  lastStatus: z.nullable(z.string()),
  lastFetchedAt: z.nullable(z.string()),
  lastSuccessAt: z.nullable(z.string()),
  nextFetchAt: z.nullable(z.string()),
  consecutiveFailures: z.int(),
  /** Set when 5 failures in a row paused it; Resume clears it. */
  pausedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ChangelogSourceView = z.output<typeof ChangelogSourceSchema>;

/** One source's fetch: what came of it. */
export const FeedFetchOutcomeSchema = z.object({
  sourceId: z.string(),
  ok: z.boolean(),
  /** Updates posted from new entries. */
  posted: z.int(),
  status: z.string(),
  paused: z.boolean(),
});
export type FeedFetchOutcome = z.output<typeof FeedFetchOutcomeSchema>;

/** A maintainer re-types an update the job (or they) posted. */
export const UpdateRetypeSchema = z.strictObject({
  updateType: z.enum(UPDATE_TYPES, { error: 'Choose feature, announcement, bug fix, security or other' }),
});
