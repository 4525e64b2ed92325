/**
 * The changelog job (issue 17, docs/decisions/039 and 060): fetches the changelog sources of AI
 * tools and posts each new entry as a tool update through the tool-updates service, so the
 * followers' notices, the unread badge, the Atom feeds and the impact notices to buyers follow.
 *
 * - One job per fetch: every minute a scan (feeds.job.ts) enqueues 'tool-feeds.fetch' for each
 *   due source, with the source's id as singletonKey on an 'exclusive' queue, so a source has
 *   at most one fetch job waiting or running and two jobs never fetch it at once.
 * - Bounded: a fetch posts at most 10 entries (3 on a source's first good fetch, so adding a
 *   feed with years of releases does not flood anyone); older unseen entries are recorded as seen.
 * - Idempotent: each entry is first recorded in ai_tool_feed_entries (primary key tool and guid
 *   or link) in the same transaction as its update, so a job run twice, 'Fetch now' beside a
 *   job, or two sources of one tool listing the same entry post it once.
 * - Each update is dated by its entry (published, else updated; never in the future; the fetch
 *   time when the feed gives none, docs/decisions/043), and so are its notices, written by its
 *   fan-out job ('notify.tool-update', docs/decisions/040), enqueued in the update's transaction.
 * - Each fetch goes through the SSRF guard (functions/_shared/outbound-fetch.ts): https only,
 *   public addresses only after DNS and on each of at most 5 redirects, 10 s for the whole
 *   exchange, 2 MB read at most. ETag / Last-Modified make it conditional; 304 is nothing new.
 * - A failure is written in the source's status ('Last fetch failed: not a feed') and counted,
 *   and its job throws: pg-boss retries it with backoff (feeds.job.ts). The 5th failure in a row
 *   pauses the source and its maintainers are told in the app and by email. A success resets
 *   the count; the next fetch is an hour on.
 */
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/database';
import { getEnv } from '@/env';
import { queueTransactionalEmail } from '../email/outbox';
import { transactionalEmail } from '../email/transactional';
import { outboundFetch, OutboundRefusedError, type OutboundPolicy, type OutboundResponse } from '../_shared/outbound-fetch';
import { recordToolPagesChange, writeToolUpdate } from '../tool-updates/tool-updates.service';
import { notifyOfTool } from '../tools/tool-notices';
import { AppError } from '../_shared/errors';
import { afterCommit, enqueue, jobsReady, openJobsByKey } from '../jobs';
import { FEED_FAILURES_BEFORE_PAUSE, type FeedFetchOutcome } from '@/src/shared/tool-feeds';
import { entryDate, FeedRefusedError, parseChangelog, type FeedEntry } from './feed-parse';
import {
  adminIds,
  adoptRequestedSources,
  claimEntry,
  contactsOf,
  findSourceToFetch,
  finishFetch,
  linkEntryToUpdate,
  recordEntriesSeen,
  seenKeys,
  selectDueSourceIds,
  type SourceToFetch,
} from './tool-feeds.repository';
import { maintainerIdsOf } from './maintainers';
import { findToolName } from '../tools/tools.repository';

/** The job that fetches one source (feeds.job.ts): its data is { sourceId }, its singletonKey the source's id. */
export const FEED_FETCH_JOB = 'tool-feeds.fetch';

const MINUTE = 60_000;
/** Between two good fetches of a source. */
const FETCH_INTERVAL_MS = 60 * MINUTE;
/**
 * After a failure, when the scan finds the source due again: what brings a failed 'Fetch now'
 * back. A failed job's own retry comes first (feeds.job.ts), and while it waits the scan's
 * job for the source is dropped (one per source).
 */
const DUE_AGAIN_AFTER_FAILURE_MS = 15 * MINUTE;
const FEED_TIMEOUT_MS = 10_000;
const FEED_MAX_BYTES = 2 * 1024 * 1024;
const FEED_MAX_REDIRECTS = 5;
/** Fetch jobs one scan enqueues at most (10 seeded sources, at most 5 per tool). */
const SOURCES_PER_SCAN = 100;
/** New entries posted per source and fetch. */
const ENTRIES_PER_FETCH = 10;
/** On a source's first good fetch: only its newest entries are posted. */
const ENTRIES_ON_FIRST_FETCH = 3;

const ACCEPT = 'application/atom+xml, application/rss+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1';

export interface FeedJobOptions {
  /** The outbound policy (tests pass their own resolver); default: OUTBOUND_ALLOW_HOSTS and the system resolver. */
  policy?: OutboundPolicy;
  timeoutMs?: number;
}

/** A failed fetch, in the words the maintainer reads after 'Last fetch failed: '. */
class FetchFailed extends Error {}

function header(response: OutboundResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The body as text: decompressed when the server compressed it anyway, never past 2 MB. */
function bodyText(response: OutboundResponse): string {
  const encoding = (header(response, 'content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return response.body.toString('utf8');
  const options = { maxOutputLength: FEED_MAX_BYTES };
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.gunzipSync(response.body, options).toString('utf8');
    if (encoding === 'deflate') return zlib.inflateSync(response.body, options).toString('utf8');
    if (encoding === 'br') return zlib.brotliDecompressSync(response.body, options).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new FetchFailed('the feed is larger than 2 MB');
    throw new FetchFailed('malformed feed');
  }
  throw new FetchFailed(`unsupported content encoding ${encoding}`);
}

interface FetchedFeed {
  notModified: boolean;
  entries: FeedEntry[];
  kind?: ParsedKind;
  etag: string | null;
  lastModified: string | null;
}
type ParsedKind = ReturnType<typeof parseChangelog>['kind'];

async function fetchFeed(source: SourceToFetch, options: FeedJobOptions): Promise<FetchedFeed> {
  const headers: Record<string, string> = { accept: ACCEPT, 'user-agent': `toolmint-changelog/1.0 (+${getEnv().SITE_URL})` };
  if (source.etag) headers['if-none-match'] = source.etag;
  if (source.last_modified) headers['if-modified-since'] = source.last_modified;
  let response: OutboundResponse;
  try {
    response = await outboundFetch(source.url, {
      headers,
      timeoutMs: options.timeoutMs ?? FEED_TIMEOUT_MS,
      maxResponseBytes: FEED_MAX_BYTES,
      maxRedirects: FEED_MAX_REDIRECTS,
      ...(options.policy ? { policy: options.policy } : {}),
    });
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new FetchFailed(error.message);
    const message = (error as Error).message;
    const seconds = (options.timeoutMs ?? FEED_TIMEOUT_MS) / 1000;
    throw new FetchFailed(/timed out/i.test(message) ? `no answer within ${seconds} s` : `could not connect (${message})`);
  }
  const validators = { etag: header(response, 'etag')?.slice(0, 512) ?? null, lastModified: header(response, 'last-modified')?.slice(0, 128) ?? null };
  if (response.status === 304) return { notModified: true, entries: [], etag: source.etag, lastModified: source.last_modified };
  if (response.status >= 300 && response.status < 400) throw new FetchFailed(`more than ${FEED_MAX_REDIRECTS} redirects`);
  if (response.status !== 200) throw new FetchFailed(`the server answered HTTP ${response.status}`);
  if (response.truncated) throw new FetchFailed('the feed is larger than 2 MB');
  try {
    const parsed = parseChangelog(bodyText(response), { contentType: header(response, 'content-type'), url: response.url });
    return { notModified: false, entries: parsed.entries, kind: parsed.kind, ...validators };
  } catch (error) {
    if (error instanceof FeedRefusedError) throw new FetchFailed(error.message);
    throw error;
  }
}

/** Posts the entries not seen yet; returns how many became updates. */
async function postNewEntries(db: Db, source: SourceToFetch, entries: readonly FeedEntry[]): Promise<number> {
  const seen = await seenKeys(
    db,
    source.tool_id,
    entries.map((e) => e.key),
  );
  const fresh = entries.filter((e) => !seen.has(e.key));
  if (!fresh.length) return 0;
  const cap = source.last_success_at ? ENTRIES_PER_FETCH : ENTRIES_ON_FIRST_FETCH;
  const toPost = fresh.slice(0, cap);
  await recordEntriesSeen(
    db,
    source.tool_id,
    source.id,
    fresh.slice(cap).map((e) => e.key),
  );
  let posted = 0;
  await jobsReady(db);
  // Oldest first: entries without a date are dated as they are posted, so they too keep the feed's order.
  for (const entry of [...toPost].reverse()) {
    const made = await db.transaction().execute(async (trx) => {
      if (!(await claimEntry(trx, { toolId: source.tool_id, key: entry.key, sourceId: source.id }))) return false;
      const post = { title: entry.title, content: entry.content, updateType: entry.updateType, version: entry.version };
      // Dated by the entry, not by this fetch (the wall clock, not the run's `now`, bounds it).
      const { update } = await writeToolUpdate(trx, source.tool_id, null, post, { createdAt: entryDate(entry.publishedAt, new Date()) });
      await linkEntryToUpdate(trx, source.tool_id, entry.key, update.id);
      return true;
    });
    if (made) posted++;
  }
  // One page change for the fetch, not one per entry: the tool's pages show only the latest date.
  if (posted) afterCommit(db, [await db.transaction().execute((trx) => recordToolPagesChange(trx, source.tool_id))]);
  return posted;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Fetches one source and records what came of it. */
async function fetchSource(db: Db, source: SourceToFetch, options: FeedJobOptions): Promise<FeedFetchOutcome> {
  const fetchedAt = new Date();
  try {
    const feed = await fetchFeed(source, options);
    const posted = feed.notModified ? 0 : await postNewEntries(db, source, feed.entries);
    const status = feed.notModified ? 'Not modified since the last fetch' : posted ? `Fetched: ${plural(posted, 'new update')}` : 'Fetched: nothing new';
    await finishFetch(db, source.id, {
      ...(feed.kind ? { kind: feed.kind } : {}),
      etag: feed.etag,
      lastModified: feed.lastModified,
      fetchedAt,
      success: true,
      consecutiveFailures: 0,
      pausedAt: null,
      nextFetchAt: new Date(fetchedAt.getTime() + FETCH_INTERVAL_MS),
      status,
    });
    return { sourceId: source.id, ok: true, posted, status, paused: false };
  } catch (error) {
    if (!(error instanceof FetchFailed)) console.warn(`[feeds] fetching ${source.url} failed:`, error);
    const reason = error instanceof FetchFailed ? error.message : 'an unexpected error';
    const failures = source.consecutive_failures + 1;
    const pause = failures >= FEED_FAILURES_BEFORE_PAUSE;
    const status = `Last fetch failed: ${reason}`;
    const pausedAt = source.paused_at ?? (pause ? fetchedAt : null);
    const recorded = await finishFetch(db, source.id, {
      fetchedAt,
      success: false,
      consecutiveFailures: failures,
      pausedAt,
      nextFetchAt: new Date(fetchedAt.getTime() + DUE_AGAIN_AFTER_FAILURE_MS),
      status,
    });
    // Told once: when this failure is the one that pauses it (and it was not removed meanwhile).
    if (recorded && pause && !source.paused_at) await tellMaintainers(db, source, status);
    return { sourceId: source.id, ok: false, posted: 0, status, paused: pausedAt !== null };
  }
}

/**
 * Tells the tool's maintainers (else whoever added the source, else the administrators) that it
 * is paused: a 'source_paused' tool notice in the app (docs/decisions/043) and an email.
 */
async function tellMaintainers(db: Db, source: SourceToFetch, status: string): Promise<void> {
  try {
    let ids = [...new Set([...(await maintainerIdsOf(db, source.tool_id)), ...(source.added_by ? [source.added_by] : [])])];
    if (!ids.length) ids = await adminIds(db);
    await notifyOfTool(db, { userIds: ids, toolId: source.tool_id, event: 'source_paused', note: `${source.url}: ${status}` });
    const tool = await findToolName(db, source.tool_id);
    const name = tool?.name ?? source.tool_id;
    const url = new URL(`/ai-tools/manage/${encodeURIComponent(source.tool_id)}#changelog-sources`, getEnv().SITE_URL).toString();
    for (const contact of await contactsOf(db, ids)) {
      const mail = await transactionalEmail({
        to: contact.email,
        subject: `A changelog feed of ${name} is paused`,
        greeting: contact.name ? `Hi ${contact.name},` : 'Hi,',
        intro: [
          `We could not read ${source.url} ${FEED_FAILURES_BEFORE_PAUSE} times in a row, so we stopped fetching it. ${status}.`,
          `Followers of ${name} get no updates from it until you fix the feed or its address and resume it.`,
        ],
        action: { label: 'Manage changelog sources', url },
        outro: [],
        reason: 'You get this email because you maintain this tool on toolmint.',
      });
      // To the outbox, sent by its job (docs/decisions/059); a pause is told once, when it happens.
      await queueTransactionalEmail(db, { userId: contact.id, reference: `feed-paused:${source.id}:${randomUUID()}`, mail });
    }
  } catch (error) {
    console.warn('[feeds] could not tell the maintainers of a paused source:', error);
  }
}

/**
 * The scan (every minute, feeds.job.ts): the sources given with approved tools join, and every
 * due source gets its fetch job. A source that has one waiting, waiting for a retry or running
 * gets no second (the queue's policy drops it). Returns how many jobs were enqueued; `now` lets
 * a test look ahead.
 */
export async function enqueueDueFetches(db: Db, now = new Date()): Promise<number> {
  // Sources given with a tool's submission join once it is approved.
  await adoptRequestedSources(db);
  let enqueued = 0;
  for (const sourceId of await selectDueSourceIds(db, now, SOURCES_PER_SCAN)) {
    if (await enqueue(db, FEED_FETCH_JOB, { sourceId }, { singletonKey: sourceId })) enqueued++;
  }
  return enqueued;
}

/** The fetch job's work: that source, unless it was removed or paused since it was found due. */
export async function fetchDueSource(db: Db, sourceId: string): Promise<FeedFetchOutcome | null> {
  const source = await findSourceToFetch(db, sourceId);
  if (!source || source.paused_at) return null;
  return fetchSource(db, source, {});
}

/**
 * A maintainer's 'Fetch now': that source, whatever its schedule or pause, in the request. Null
 * when its job is fetching it at this moment (a job waiting for its time does not stop it).
 */
export async function fetchSourceNow(db: Db, sourceId: string, options: FeedJobOptions = {}): Promise<FeedFetchOutcome | null> {
  if ((await openJobsByKey(db, FEED_FETCH_JOB, [sourceId])).get(sourceId)?.state === 'active') return null;
  const source = await findSourceToFetch(db, sourceId);
  if (!source) throw new AppError('CHANGELOG_SOURCE_NOT_FOUND');
  return fetchSource(db, source, options);
}
