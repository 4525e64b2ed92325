/**
 * The community's pure rules (src/shared/community.ts, docs/decisions/035): the Hot score
 * (votes and recency), mention extraction, the public pages' path and the sitemap's entries.
 */
import { describe, expect, it } from 'vitest';
import { COMMUNITY_PAGE_PATH, HOT_DECAY_SECONDS, extractMentions, hotScore } from '@/src/shared/community';
import { communityEntries } from '@/src/shared/sitemap';

const at = (iso: string) => new Date(iso);
const hours = (h: number) => h * 3600 * 1000;

describe('hotScore', () => {
  const base = at('2026-12-01T12:00:00Z');
  it('grows with votes on a log scale: ten times the votes is one step', () => {
    expect(hotScore(10, base) - hotScore(1, base)).toBeCloseTo(1, 10);
    expect(hotScore(100, base) - hotScore(10, base)).toBeCloseTo(1, 10);
    expect(hotScore(0, base)).toBe(hotScore(1, base));
    expect(hotScore(5, base)).toBeGreaterThan(hotScore(4, base));
  });
  it('grows with recency: one step per 12.5 hours, and never changes with the clock', () => {
    const later = new Date(base.getTime() + HOT_DECAY_SECONDS * 1000);
    expect(hotScore(1, later) - hotScore(1, base)).toBeCloseTo(1, 10);
    expect(hotScore(3, base)).toBe(hotScore(3, base.toISOString()));
  });
  it('ranks a fresh thread above an older one unless the older has many more votes', () => {
    const older = base;
    const newer = new Date(base.getTime() + hours(6));
    expect(hotScore(1, newer)).toBeGreaterThan(hotScore(2, older));
    expect(hotScore(1, newer)).toBeLessThan(hotScore(5, older));
    const dayLater = new Date(base.getTime() + hours(25));
    expect(hotScore(1, dayLater)).toBeGreaterThan(hotScore(50, older));
    expect(hotScore(1, dayLater)).toBeLessThan(hotScore(200, older));
  });
  it('orders a list of threads as Hot shows them', () => {
    const threads = [
      { id: 'old-popular', votes: 40, created: at('2026-12-01T00:00:00Z') },
      { id: 'new-quiet', votes: 0, created: at('2026-12-02T12:00:00Z') },
      { id: 'new-liked', votes: 6, created: at('2026-12-02T10:00:00Z') },
      { id: 'ancient-viral', votes: 5000, created: at('2026-11-20T00:00:00Z') },
    ];
    const order = [...threads].sort((a, b) => hotScore(b.votes, b.created) - hotScore(a.votes, a.created)).map((t) => t.id);
    expect(order).toEqual(['new-liked', 'new-quiet', 'old-popular', 'ancient-viral']);
  });
});

describe('extractMentions', () => {
  it('finds each handle once, lower-case, not in e-mail addresses or paths', () => {
    expect(extractMentions('@Ada and @bob, again @ada; mail ada@example.com, see /@carol and x.@dan')).toEqual(['ada', 'bob']);
    expect(extractMentions('@ab too short, @' + 'x'.repeat(31) + ' too long')).toEqual([]);
    expect(extractMentions(Array.from({ length: 20 }, (_, i) => `@user${String.fromCharCode(97 + i)}xx`).join(' '))).toHaveLength(10);
  });
});

describe('the community pages', () => {
  it('are shared pages, except the signed-in form', () => {
    for (const p of ['/community', '/community/', '/community/claude', '/community/7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'])
      expect(COMMUNITY_PAGE_PATH.test(p), p).toBe(true);
    for (const p of ['/community/new', '/community/new/', '/community/a/b', '/communityx', '/api/community/threads'])
      expect(COMMUNITY_PAGE_PATH.test(p), p).toBe(false);
  });
  it('list their spaces and threads in the sitemap', () => {
    expect(communityEntries([{ id: 'help' }], [{ id: 't1', lastActivityAt: '2026-12-01T00:00:00.000Z' }])).toEqual([
      { path: '/community/help', changefreq: 'daily', priority: 0.4 },
      { path: '/community/t1', lastmod: '2026-12-01T00:00:00.000Z', changefreq: 'weekly', priority: 0.5 },
    ]);
  });
});
