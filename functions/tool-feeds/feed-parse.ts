/**
 * Reading a changelog feed (docs/decisions/039): pure functions over the bytes a fetch kept.
 *
 * - parseChangelog(): RSS 2.0 (and RSS 1.0/RDF), Atom 1.0 (GitHub's releases.atom included)
 *   and JSON Feed 1.x through feedsmith, into entries of plain text. Refuses what is not a
 *   feed with words for the maintainer (FeedRefusedError: 'not a feed', 'malformed feed').
 * - Text: HTML (an Atom `type="html"` construct, RSS descriptions and content:encoded, JSON
 *   Feed content_html) becomes plain text with html-to-text (scripts, styles and images
 *   dropped, links kept as their words); plain-text fields stay as they are. What is stored is
 *   text and every page, notice and feed renders it escaped.
 * - classifyUpdate(): security when the entry mentions a CVE, security or a vulnerability;
 *   otherwise bug_fix (fix, bug, patch) or feature (new, add, introduce, support) from the
 *   title first, then the body; otherwise announcement.
 * - extractVersion(): the version a title carries (v1.2.3, 1.2, n8n@1.80.0, 2.0.0-beta.1).
 * - entryDate(): the date an entry's update carries (its own, never in the future).
 */
import { parseFeed, type AnyFeed } from 'feedsmith';
import { convert } from 'html-to-text';
import type { FeedKind, UpdateType } from '@/src/shared/domain';
import { UPDATE_CONTENT_MAX, UPDATE_TITLE_MAX, UPDATE_VERSION_MAX } from '@/src/shared/tool-updates';

/** Why a feed gave nothing, in words for the maintainer ('Last fetch failed: not a feed'). */
export class FeedRefusedError extends Error {
  override name = 'FeedRefusedError';
}

export interface FeedEntry {
  /** What dedupes it: the guid or id, else the link. */
  key: string;
  title: string;
  content: string;
  link: string | null;
  /** Published (or else updated) time, when the feed says. */
  publishedAt: Date | null;
  version: string | null;
  updateType: UpdateType;
}

export interface ParsedChangelog {
  kind: FeedKind;
  /** Newest first (by the feed's dates; the feed's own order where it gives none). */
  entries: FeedEntry[];
}

/** Longest entry key kept (the column allows 2048). */
const KEY_MAX = 2048;

const HTML_OPTIONS = {
  wordwrap: false as const,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'iframe', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

/** HTML to plain text: the words, paragraphs and list items, no markup. */
export function htmlToPlainText(html: string): string {
  return tidy(convert(html, HTML_OPTIONS));
}

/** Trims, drops control characters and collapses runs of blank lines and spaces. */
function tidy(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t\u00A0]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

function oneLine(text: string): string {
  return tidy(text).replace(/\s+/g, ' ');
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

// --- Content types ---------------------------------------------------------------------------

/**
 * What a Content-Type header says about a body: HTML (and images, PDFs, ...) is never a feed;
 * XML and JSON may be; no type, text/plain and octet-stream are decided by the body.
 */
export function contentTypeVerdict(header: string | undefined): 'not-feed' | 'feed' | 'unknown' {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (!type || type === 'text/plain' || type === 'application/octet-stream') return 'unknown';
  if (type === 'application/xhtml+xml') return 'not-feed';
  if (/^(application|text)\/([a-z0-9.+-]+\+)?(xml|json)$/.test(type)) return 'feed';
  return 'not-feed';
}

// --- Classification and versions ---------------------------------------------------------------

const SECURITY = /\b(cve-\d{4}-\d{3,}|cve|ghsa(-[a-z0-9]{4}){3}|security|vulnerabilit(y|ies)|vulnerable)\b/i;
const BUG_FIX = /\b(fix(es|ed|ing)?|bug(s|fix|fixes)?|hotfix(es)?|patch(es|ed)?)\b/i;
const FEATURE = /\b(new|add(s|ed|ing)?|introduc(e|es|ed|ing)|support(s|ed)?)\b/i;

/** The type of an entry (a maintainer may change it later). */
export function classifyUpdate(title: string, content: string): UpdateType {
  if (SECURITY.test(title) || SECURITY.test(content)) return 'security';
  for (const text of [title, content]) {
    if (BUG_FIX.test(text)) return 'bug_fix';
    if (FEATURE.test(text)) return 'feature';
  }
  return 'announcement';
}

/** `v1.2.3`, `1.2`, `n8n@1.80.0`, `2.0.0-beta.1`: the first version a title carries, without its `v`. */
const VERSION = /(?:^|[\s@(/[:_-])v?(\d+\.\d+(?:\.\d+){0,2}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?)(?=$|[\s),:;!?\]]|\.(?:\s|$))/i;

export function extractVersion(title: string): string | null {
  const match = VERSION.exec(title);
  const version = match?.[1] ?? null;
  return version && version.length <= UPDATE_VERSION_MAX ? version : null;
}

// --- Parsing ---------------------------------------------------------------------------------

interface RawEntry {
  key: string | undefined;
  title: string;
  content: string;
  link: string | undefined;
  date: string | undefined;
}

/** An Atom text construct: HTML (or XHTML) to text, plain text as it is. */
function atomText(text: { value?: string; type?: string } | undefined): string {
  if (!text?.value) return '';
  return text.type === 'html' || text.type === 'xhtml' ? htmlToPlainText(text.value) : tidy(text.value);
}

function httpLink(href: string | undefined, base?: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function rawEntries(parsed: AnyFeed, base: string | undefined): RawEntry[] {
  switch (parsed.format) {
    case 'atom':
      return (parsed.feed.entries ?? []).map((e) => {
        const alternate = e.links?.find((l) => !l.rel || l.rel === 'alternate') ?? e.links?.[0];
        return {
          key: e.id?.trim(),
          title: atomText(e.title),
          content: atomText(e.content) || atomText(e.summary),
          link: httpLink(alternate?.href, base),
          date: e.published ?? e.updated,
        };
      });
    case 'rss':
      return (parsed.feed.items ?? []).map((i) => ({
        key: i.guid?.value?.trim(),
        title: oneLine(i.title ?? ''),
        content: htmlToPlainText(i.content?.encoded ?? i.description ?? ''),
        link: httpLink(i.link, base),
        date: i.pubDate ?? i.dc?.dates?.[0],
      }));
    case 'rdf':
      return (parsed.feed.items ?? []).map((i) => ({
        key: undefined,
        title: oneLine(i.title ?? ''),
        content: htmlToPlainText(i.content?.encoded ?? i.description ?? ''),
        link: httpLink(i.link, base),
        date: i.dc?.dates?.[0],
      }));
    case 'json':
      return (parsed.feed.items ?? []).map((i) => ({
        key: i.id === undefined || i.id === null ? undefined : String(i.id).trim(),
        title: oneLine(i.title ?? ''),
        content: i.content_html ? htmlToPlainText(i.content_html) : tidy(i.content_text ?? i.summary ?? ''),
        link: httpLink(i.url ?? i.external_url, base),
        date: i.date_published ?? i.date_modified,
      }));
  }
}

/**
 * When an entry's update is dated (docs/decisions/043): the entry's own date (published, else
 * updated), never later than `now` (a feed that dates an entry ahead would pin it above every
 * notice to come), and `now` when the feed gives none or none that parses.
 */
export function entryDate(publishedAt: Date | null, now: Date): Date {
  if (!publishedAt || Number.isNaN(publishedAt.getTime())) return now;
  return publishedAt.getTime() > now.getTime() ? now : publishedAt;
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

function toEntry(raw: RawEntry): FeedEntry | null {
  const key = raw.key || raw.link;
  if (!key || key.length > KEY_MAX) return null;
  const body = raw.content;
  let title = raw.title || (body ? body.split('\n')[0]! : '');
  if (!title && !body) return null;
  title = clip(oneLine(title), UPDATE_TITLE_MAX);
  // The body is the entry's text; a link to the entry closes it (read as text: no markup).
  const more = raw.link ? `\n\nRead more: ${raw.link}` : '';
  const text = body && body !== title ? body : title;
  const content = clip(text, UPDATE_CONTENT_MAX - more.length) + more;
  return {
    key,
    title,
    content,
    link: raw.link ?? null,
    publishedAt: parseDate(raw.date),
    version: extractVersion(title),
    updateType: classifyUpdate(title, body),
  };
}

/**
 * Parses a feed's body (`contentType` as answered). HTML, or anything that is not RSS, Atom or
 * JSON Feed, is 'not a feed'; a feed that breaks off is a 'malformed feed'. Entries without a
 * guid or link (nothing to dedupe by) are left out.
 */
export function parseChangelog(body: string, options: { contentType?: string | undefined; url?: string } = {}): ParsedChangelog {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (contentTypeVerdict(options.contentType) === 'not-feed' || /^(<!doctype html|<html[\s>])/i.test(text)) throw new FeedRefusedError('not a feed');
  if (!text) throw new FeedRefusedError('not a feed');
  // Entity definitions are how XML bombs grow: no feed needs them.
  if (/<!ENTITY/i.test(text.slice(0, 4096))) throw new FeedRefusedError('malformed feed');
  let input: unknown = text;
  if (text.startsWith('{')) {
    try {
      input = JSON.parse(text);
    } catch {
      throw new FeedRefusedError('malformed feed');
    }
  } else if (!text.startsWith('<')) {
    throw new FeedRefusedError('not a feed');
  }
  let parsed: AnyFeed;
  try {
    parsed = parseFeed(input);
  } catch (error) {
    throw new FeedRefusedError((error as Error).name === 'DetectError' ? 'not a feed' : 'malformed feed');
  }
  const entries = rawEntries(parsed, options.url)
    .map(toEntry)
    .filter((e): e is FeedEntry => e !== null);
  // Newest first; undated entries keep the feed's order (feeds list newest first) after dated ones.
  const order = entries.map((entry, index) => ({ entry, index }));
  order.sort((a, b) => {
    const ta = a.entry.publishedAt?.getTime();
    const tb = b.entry.publishedAt?.getTime();
    if (ta !== undefined && tb !== undefined && ta !== tb) return tb - ta;
    if (ta === undefined && tb !== undefined) return 1;
    if (tb === undefined && ta !== undefined) return -1;
    return a.index - b.index;
  });
  // One entry per key: a feed that repeats an entry posts it once.
  const seen = new Set<string>();
  const unique = order.map((o) => o.entry).filter((e) => !seen.has(e.key) && seen.add(e.key));
  return { kind: parsed.format === 'rdf' ? 'rss' : parsed.format, entries: unique };
}
