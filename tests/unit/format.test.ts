import { describe, expect, it } from 'vitest';
import { formatBytes, formatRating, isRated, formatCount, formatPrice, timeAgo } from '@/src/shared/format';
import { isNavActive, MAIN_NAV } from '@/src/shared/navigation';
import { sanitizeDemoLinks } from '@/src/shared/products';

describe('formatPrice (spec section 9)', () => {
  it("shows 'Free' when the price is 0 or missing", () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(null)).toBe('Free');
    expect(formatPrice(undefined)).toBe('Free');
    expect(formatPrice('0.00')).toBe('Free');
  });
  it('shows a dollar sign and 2 decimals otherwise', () => {
    expect(formatPrice(19)).toBe('$19.00');
    expect(formatPrice('4.5')).toBe('$4.50');
    expect(formatPrice('0.29')).toBe('$0.29');
    expect(formatPrice(1234)).toBe('$1,234.00');
  });
  it("adds a subscription's period, and only a subscription's (issue 27)", () => {
    expect(formatPrice(19, 'subscription')).toBe('$19.00/month');
    expect(formatPrice('9.99', 'subscription')).toBe('$9.99/month');
    expect(formatPrice(19, 'one_time')).toBe('$19.00');
    expect(formatPrice(19, 'freemium')).toBe('$19.00');
    expect(formatPrice(19, null)).toBe('$19.00');
    expect(formatPrice(0, 'subscription')).toBe('Free');
  });
  it("shows 'Free' for a free product whatever price is left in its row", () => {
    expect(formatPrice(19, 'free')).toBe('Free');
  });
  it('formats an order amount from integer cents, with its kind', () => {
    expect(formatPrice({ cents: 1900 }, 'subscription')).toBe('$19.00/month');
    expect(formatPrice({ cents: 1185 }, 'one_time')).toBe('$11.85');
    expect(formatPrice({ cents: 123456789 }, 'one_time')).toBe('$1,234,567.89');
    expect(formatPrice({ cents: 0 }, 'one_time')).toBe('Free');
  });
  it('never shows a negative or invalid price', () => {
    expect(formatPrice(-5)).toBe('Free');
    expect(formatPrice(Number.NaN, 'subscription')).toBe('Free');
    expect(formatPrice('abc')).toBe('Free');
  });
});

describe('formatRating (issue 15: no invented rating)', () => {
  it("shows 'No ratings yet' for a product without reviews, never 4.8", () => {
    for (const unrated of [0, '0', '0.00', null, undefined, Number.NaN, 'x']) {
      expect(formatRating(unrated)).toBe('No ratings yet');
      expect(isRated(unrated)).toBe(false);
    }
  });
  it('shows a real average with one decimal', () => {
    expect(formatRating('4.25')).toBe('4.3');
    expect(formatRating(1)).toBe('1.0');
    expect(isRated('3.50')).toBe(true);
  });
});

describe('formatCount', () => {
  it('compacts thousands and millions', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1200)).toBe('1.2K');
    expect(formatCount(15_400)).toBe('15K');
    expect(formatCount(2_000_000)).toBe('2M');
  });
});

describe('formatBytes (file sizes and the storage line)', () => {
  it('uses B, KB, MB with one decimal, and GB without a trailing .0', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(48 * 1024)).toBe('48 KB');
    expect(formatBytes(13_002_342)).toBe('12.4 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it("uses the 'x ago' form", () => {
    expect(timeAgo(new Date('2026-11-21T11:59:30Z'), now)).toBe('just now');
    expect(timeAgo(new Date('2026-11-21T10:00:00Z'), now)).toBe('2 hours ago');
    expect(timeAgo(new Date('2026-11-20T12:00:00Z'), now)).toBe('1 day ago');
  });
});

describe('navigation', () => {
  const aiTools = MAIN_NAV.find((l) => l.label === 'AI Tools')!;
  it('highlights AI Tools for /ai-tools and paths under /tools/', () => {
    expect(isNavActive(aiTools, '/ai-tools')).toBe(true);
    expect(isNavActive(aiTools, '/tools/chatgpt')).toBe(true);
    expect(isNavActive(aiTools, '/marketplace')).toBe(false);
  });
});

describe('sanitizeDemoLinks (spec section 3)', () => {
  it('drops entries lacking a string id, type, url or title, and unknown types', () => {
    const links = sanitizeDemoLinks([
      { id: '1', type: 'live_demo', url: 'https://a.example', title: 'Live' },
      { id: 2, type: 'live_demo', url: 'https://a.example', title: 'Bad id' },
      { id: '3', type: 'podcast', url: 'https://a.example', title: 'Unknown type' },
      { id: '4', type: 'tutorial', url: 'https://a.example' },
      null,
    ]);
    expect(links.map((l) => l.id)).toEqual(['1']);
  });
  it('returns an empty list for anything that is not a list', () => {
    expect(sanitizeDemoLinks('nope')).toEqual([]);
  });
});
