/**
 * Reading changelog feeds (docs/decisions/039): the fixture feeds of tests/support/feeds (a
 * GitHub releases Atom feed, an RSS 2.0 changelog, a JSON Feed, a broken one and an HTML page)
 * become plain-text entries with a type and a version, or a refusal in the maintainer's words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  classifyUpdate,
  contentTypeVerdict,
  entryDate,
  extractVersion,
  FeedRefusedError,
  htmlToPlainText,
  parseChangelog,
} from '@/functions/tool-feeds/feed-parse';
import { UPDATE_CONTENT_MAX, UPDATE_TITLE_MAX } from '@/src/shared/tool-updates';

const fixture = (name: string) => fs.readFileSync(path.resolve('tests/support/feeds', name), 'utf8');

function refusal(body: string, contentType?: string): string {
  try {
    parseChangelog(body, { contentType });
  } catch (error) {
    expect(error).toBeInstanceOf(FeedRefusedError);
    return (error as Error).message;
  }
  throw new Error('expected the feed to be refused');
}

describe('parseChangelog', () => {
  it('reads a GitHub releases Atom feed: one entry per release, newest first, typed and versioned', () => {
    const feed = parseChangelog(fixture('github-releases.atom'), { contentType: 'application/atom+xml; charset=utf-8' });
    expect(feed.kind).toBe('atom');
    expect(feed.entries.map((e) => [e.title, e.version, e.updateType])).toEqual([
      ['n8n@1.81.0', '1.81.0', 'feature'],
      ['n8n@1.80.1', '1.80.1', 'bug_fix'],
      ['n8n@1.80.0', '1.80.0', 'security'],
    ]);
    const [latest] = feed.entries;
    expect(latest!.key).toBe('tag:github.com,2008:Repository/193215554/n8n@1.81.0');
    expect(latest!.link).toBe('https://github.com/n8n-io/n8n/releases/tag/n8n%401.81.0');
    expect(latest!.publishedAt?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    // The release notes' HTML as text: headings and list items, no markup, link targets dropped.
    expect(latest!.content).toContain('Features');
    expect(latest!.content).toContain('core: Add metrics for queue mode workers (#1)');
    expect(latest!.content).not.toMatch(/<[a-z/]/i);
    expect(latest!.content.endsWith('Read more: https://github.com/n8n-io/n8n/releases/tag/n8n%401.81.0')).toBe(true);
  });

  it('reads an RSS 2.0 changelog: guid or link as the key, scripts as text or dropped, entries without either left out', () => {
    const feed = parseChangelog(fixture('changelog.rss'), { contentType: 'application/rss+xml' });
    expect(feed.kind).toBe('rss');
    expect(feed.entries.map((e) => [e.key, e.updateType, e.version])).toEqual([
      ['changelog-2-1', 'feature', '2.1'],
      ['https://cursor.example/changelog/tab', 'bug_fix', null],
      ['https://cursor.example/blog/tokyo', 'announcement', null],
    ]);
    const [agents, tab, office] = feed.entries;
    // A <script> element in HTML content is dropped with its code; the words around it stay.
    expect(agents!.content).toContain('New: background agents run in the web app and on mobile.');
    expect(agents!.content).toContain('Plus faster indexing.');
    expect(agents!.content).not.toContain('alert');
    // A title is text: what reads as a script tag is kept as those characters, to be shown escaped.
    expect(tab!.title).toBe('<script>alert("title")</script> Slow tab completions fixed');
    expect(office!.content).toContain('We are opening an office in Tokyo');
    expect(office!.link).toBeNull();
  });

  it('reads a JSON Feed (content_html as text, content_text as it is)', () => {
    const feed = parseChangelog(fixture('feed.json'), { contentType: 'application/feed+json' });
    expect(feed.kind).toBe('json');
    expect(feed.entries.map((e) => [e.title, e.updateType, e.version])).toEqual([
      ['Release v3.2.0 adds support for AI agents', 'feature', '3.2.0'],
      ['Make joins the Open Automation Alliance', 'announcement', null],
    ]);
    expect(feed.entries[0]!.content).toMatch(/^Scenarios can now call AI agents with tools\./);
    expect(feed.entries[1]!.content).toMatch(/^We are joining the alliance/);
  });

  it('refuses a broken feed, an HTML page, JSON that is not a JSON Feed, XML bombs and plain text', () => {
    expect(refusal(fixture('broken.rss'), 'application/rss+xml')).toBe('malformed feed');
    expect(refusal(fixture('page.html'), 'text/html; charset=utf-8')).toBe('not a feed');
    // HTML is not a feed whatever the server calls it, and a feed served as text/html is refused.
    expect(refusal(fixture('page.html'), 'application/xml')).toBe('not a feed');
    expect(refusal(fixture('github-releases.atom'), 'text/html')).toBe('not a feed');
    expect(refusal('{"name":"not a feed"}', 'application/json')).toBe('not a feed');
    expect(refusal('{"version":', 'application/json')).toBe('malformed feed');
    expect(refusal('just some words', 'text/plain')).toBe('not a feed');
    expect(refusal('', 'application/rss+xml')).toBe('not a feed');
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><rss version="2.0"><channel><title>&b;</title></channel></rss>';
    expect(refusal(bomb, 'application/rss+xml')).toBe('malformed feed');
  });

  it('clips long titles and contents to what an update may hold, and posts each key once', () => {
    const long = 'Added '.padEnd(400, 'x');
    const body = 'y'.repeat(UPDATE_CONTENT_MAX * 2);
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
      <item><title>${long}</title><guid>a</guid><description>${body}</description></item>
      <item><title>Again</title><guid>a</guid><description>The same guid twice.</description></item>
    </channel></rss>`;
    const feed = parseChangelog(rss, { contentType: 'application/rss+xml' });
    expect(feed.entries).toHaveLength(1);
    expect(feed.entries[0]!.title.length).toBeLessThanOrEqual(UPDATE_TITLE_MAX);
    expect(feed.entries[0]!.content.length).toBeLessThanOrEqual(UPDATE_CONTENT_MAX);
  });
});

describe('entry dates (docs/decisions/043)', () => {
  const now = new Date('2026-11-27T12:00:00Z');

  it('reads published, else updated; a date that does not parse, or none, is no date', () => {
    const feed = parseChangelog(fixture('dated-entries.atom'), { contentType: 'application/atom+xml' });
    const dates = Object.fromEntries(feed.entries.map((e) => [e.key.split(':').at(-1), e.publishedAt?.toISOString() ?? null]));
    expect(dates).toEqual({
      future: '2099-04-01T09:00:00.000Z',
      'gen-3': '2024-03-05T12:00:00.000Z',
      'motion-brush': '2024-01-10T08:00:00.000Z',
      'bad-date': null,
      undated: null,
    });
    // Newest first by date; the undated ones after, in the feed's order.
    expect(feed.entries.map((e) => e.key.split(':').at(-1))).toEqual(['future', 'gen-3', 'motion-brush', 'bad-date', 'undated']);
  });

  it("dates an update by its entry's own date, never after now, and now when the entry has none", () => {
    expect(entryDate(new Date('2024-03-05T12:00:00Z'), now).toISOString()).toBe('2024-03-05T12:00:00.000Z');
    expect(entryDate(new Date('2099-04-01T09:00:00Z'), now)).toBe(now);
    expect(entryDate(new Date(now.getTime() + 1), now)).toBe(now);
    expect(entryDate(now, now).getTime()).toBe(now.getTime());
    expect(entryDate(null, now)).toBe(now);
    expect(entryDate(new Date('the fifth of March'), now)).toBe(now);
  });
});

describe('classifyUpdate', () => {
  it.each([
    ['Security release', 'Routine changes.', 'security'],
    ['v2.3.1', 'Fixes CVE-2026-1234 in the parser.', 'security'],
    ['Patch for a vulnerability in uploads', '', 'security'],
    ['Bug fixes', 'New settings page too.', 'bug_fix'],
    ['v1.2.4', 'Patched a memory leak.', 'bug_fix'],
    ['Adds dark mode', 'Also fixes a typo.', 'feature'],
    ['Introducing the canvas', '', 'feature'],
    ['1.9', 'Support for Python 3.14.', 'feature'],
    ['Our roadmap for 2027', 'What we plan next year.', 'announcement'],
  ] as const)('%s / %s -> %s', (title, content, type) => {
    expect(classifyUpdate(title, content)).toBe(type);
  });

  it('reads words, not parts of words (prefix, address, newsletter are nothing)', () => {
    expect(classifyUpdate('Prefix and address changes', 'Our newsletter moved.')).toBe('announcement');
  });
});

describe('extractVersion', () => {
  it.each([
    ['v1.2.3', '1.2.3'],
    ['Release 1.2', '1.2'],
    ['n8n@1.80.0', '1.80.0'],
    ['Version 2.0.0-beta.1 is out', '2.0.0-beta.1'],
    ['v10.4 (LTS)', '10.4'],
    ['Cursor 2.1: agents', '2.1'],
    ['2026.11.20 release', '2026.11.20'],
    ['Released 1.4.', '1.4'],
    ['No version here', null],
    ['Released on 2026-11-20', null],
    ['We raised $1.5M', null],
    ['Up to 3x faster', null],
  ] as const)('%s -> %s', (title, version) => {
    expect(extractVersion(title)).toBe(version);
  });
});

describe('text and content types', () => {
  it('turns HTML into text without markup, scripts or styles', () => {
    expect(htmlToPlainText('<style>p{}</style><p>One &amp; two</p><ul><li>A</li><li>B</li></ul><img src=x onerror=alert(1)><script>evil()</script>')).toBe(
      'One & two\n\n* A\n* B',
    );
  });

  it('calls HTML and other media not a feed, XML and JSON maybe, and leaves the rest to the body', () => {
    expect(contentTypeVerdict('text/html; charset=utf-8')).toBe('not-feed');
    expect(contentTypeVerdict('application/xhtml+xml')).toBe('not-feed');
    expect(contentTypeVerdict('image/png')).toBe('not-feed');
    for (const type of ['application/rss+xml', 'application/atom+xml', 'text/xml', 'application/xml', 'application/feed+json', 'application/json'])
      expect(contentTypeVerdict(type), type).toBe('feed');
    expect(contentTypeVerdict(undefined)).toBe('unknown');
    expect(contentTypeVerdict('application/octet-stream')).toBe('unknown');
  });
});
