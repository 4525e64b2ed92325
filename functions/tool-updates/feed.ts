/**
 * Atom 1.0 feeds of tool updates (RFC 4287): one per tool at /tools/{id}/feed.xml and one
 * for every tool at /tool-updates/feed.xml. Pure: takes updates, returns the XML text.
 */
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

export const FEED_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';
