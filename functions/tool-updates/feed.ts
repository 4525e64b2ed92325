/**
 * Atom 1.0 feeds of tool updates (RFC 4287): one per tool at /tools/{id}/feed.xml and one
 * for every tool at /tool-updates/feed.xml. buildAtomFeed is pure: takes updates, returns the
 * XML text; feedResponse answers it with its validators (a reader polling an unchanged feed
 * gets a 304 and no body).
 */
import { createHash } from 'node:crypto';
import { etagMatches } from '../_shared/http';
import type { ToolUpdateView } from '@/src/shared/api/schemas/updates';
import { UPDATE_TYPE_LABELS } from '@/src/shared/domain';

export interface FeedOptions {
  /** Absolute URL of the feed itself. */
  selfUrl: string;
  /** Absolute URL of the page the feed mirrors. */
  pageUrl: string;
  title: string;
  subtitle: string;
  updates: readonly ToolUpdateView[];
  /** When nothing was ever posted: the feed's own 'updated'. */
  fallbackUpdated: Date;
  siteUrl: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for XML and drops characters XML 1.0 does not allow. */
export function xmlEscape(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** A stable tag: URI per entry (RFC 4151), independent of the host the feed is read from. */
function entryId(update: ToolUpdateView): string {
  return `tag:toolmint,2026:tool-update:${update.id}`;
}

export function buildAtomFeed(options: FeedOptions): string {
  const updated = options.updates[0]?.createdAt ?? options.fallbackUpdated.toISOString();
  const entries = options.updates.map((u) => {
    const title = `${u.toolName}: ${u.title}${u.version ? ` (${u.version})` : ''}`;
    const link = new URL(`/tools/${u.toolId}`, options.siteUrl).toString();
    return [
      '  <entry>',
      `    <id>${xmlEscape(entryId(u))}</id>`,
      `    <title>${xmlEscape(title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlEscape(link)}"/>`,
      `    <updated>${u.createdAt}</updated>`,
      `    <published>${u.createdAt}</published>`,
      `    <author><name>${xmlEscape(u.authorName || `${u.toolName} maintainers`)}</name></author>`,
      `    <category term="${u.updateType}" label="${xmlEscape(UPDATE_TYPE_LABELS[u.updateType])}"/>`,
      `    <content type="text">${xmlEscape(u.content)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlEscape(options.selfUrl)}</id>`,
    `  <title>${xmlEscape(options.title)}</title>`,
    `  <subtitle>${xmlEscape(options.subtitle)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(options.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlEscape(options.pageUrl)}"/>`,
    `  <updated>${updated}</updated>`,
    `  <generator uri="${xmlEscape(options.siteUrl)}">toolmint</generator>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

const FEED_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/**
 * The feed's answer with an ETag (a hash of its bytes) and Last-Modified (its newest entry, or
 * its fallback), and 304 Not Modified to a reader that holds it (RFC 9110 13.1: If-None-Match
 * decides when sent; otherwise If-Modified-Since).
 */
export function feedResponse(request: Request, xml: string, cacheControl: string): Response {
  const etag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
  const updated = /<updated>([^<]+)<\/updated>/.exec(xml)?.[1];
  const lastModified = updated ? new Date(updated) : null;
  const headers: Record<string, string> = { 'content-type': FEED_CONTENT_TYPE, 'cache-control': cacheControl, etag };
  if (lastModified && !Number.isNaN(lastModified.getTime())) headers['last-modified'] = lastModified.toUTCString();
  const ifNoneMatch = request.headers.get('if-none-match');
  const ifModifiedSince = Date.parse(request.headers.get('if-modified-since') ?? '');
  const unchanged = ifNoneMatch
    ? etagMatches(ifNoneMatch, etag)
    : Boolean(lastModified && !Number.isNaN(ifModifiedSince) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(ifModifiedSince / 1000));
  if (unchanged)
    return new Response(null, {
      status: 304,
      headers: { etag, 'cache-control': cacheControl, ...(headers['last-modified'] ? { 'last-modified': headers['last-modified'] } : {}) },
    });
  return new Response(xml, { headers });
}
