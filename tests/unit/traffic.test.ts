/**
 * Where buyers come from, the pure parts (src/shared/traffic.ts, docs/decisions/079): the
 * referrer reduced to its host, utm_* parsing, our own host as direct, the source cookie read
 * back untrusted, the funnel's sums and conversion (never 0% of nothing), the CSV lines and
 * their escaping, and the chart's points.
 */
import { describe, expect, it } from 'vitest';
import { toCsv } from '@/src/shared/studio-format';
import {
  chartPoints,
  encodeSourceCookie,
  formatConversion,
  lastDays,
  normaliseSource,
  referrerHostOf,
  sourceFromCookieHeader,
  sourceLabel,
  summariseTraffic,
  trafficCsvLines,
  utmFromSearch,
  utmValue,
} from '@/src/shared/traffic';

describe('referrerHostOf', () => {
  it('keeps only the host, lower-case, without www, port or trailing dot', () => {
    expect(referrerHostOf('https://WWW.Example.com:8443/a/path?q=secret#x')).toBe('example.com');
    expect(referrerHostOf('http://news.ycombinator.com./item?id=1')).toBe('news.ycombinator.com');
    expect(referrerHostOf('t.co')).toBe('t.co');
    expect(referrerHostOf('android-app://com.google.android.gm/')).toBe('com.google.android.gm');
  });
  it('is null for nothing or what is not a host', () => {
    expect(referrerHostOf('')).toBeNull();
    expect(referrerHostOf(null)).toBeNull();
    expect(referrerHostOf('   ')).toBeNull();
    expect(referrerHostOf('not a host at all')).toBeNull();
    expect(referrerHostOf(`${'a'.repeat(250)}.com`)).toBeNull();
  });
});

describe('utm values', () => {
  it('reads utm_source, utm_medium and utm_campaign, lower-cased and trimmed', () => {
    expect(utmFromSearch('?utm_source=Newsletter&utm_medium=email&utm_campaign=Black%20Friday%20%202026&x=1')).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'black friday 2026',
    });
    expect(utmFromSearch('')).toEqual({ utmSource: null, utmMedium: null, utmCampaign: null });
  });
  it('drops control characters and caps the length at 100', () => {
    expect(utmValue('a\u0000b\u0007c')).toBe('abc');
    expect(utmValue('x'.repeat(150))).toHaveLength(100);
    expect(utmValue('   ')).toBeNull();
  });
});

describe('normaliseSource and sourceLabel', () => {
  it('treats our own host as no referrer (direct)', () => {
    const own = normaliseSource({ referrerHost: 'https://www.toolmint.test/marketplace' }, 'toolmint.test');
    expect(own.referrerHost).toBeNull();
    expect(sourceLabel(own)).toBe('direct');
  });
  it('labels by utm_source, else the referrer host', () => {
    expect(sourceLabel(normaliseSource({ referrerHost: 'mail.google.com', utmSource: 'Newsletter' }, 'toolmint.test'))).toBe('newsletter');
    expect(sourceLabel(normaliseSource({ referrerHost: 'news.ycombinator.com' }, 'toolmint.test'))).toBe('news.ycombinator.com');
  });
});

describe('the source cookie', () => {
  it('round-trips a source', () => {
    const source = { referrerHost: 'example.com', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'launch; week=1' };
    const header = `a=1; toolmint_source=${encodeSourceCookie(source)}; b=2`;
    expect(sourceFromCookieHeader(header, 'toolmint.test')).toEqual(source);
  });
  it('normalises what a browser wrote into it, and ignores garbage', () => {
    expect(sourceFromCookieHeader(`toolmint_source=${encodeURIComponent('s=NEWS&r=https://x.org/p?q=1')}`, null)).toEqual({
      referrerHost: 'x.org',
      utmSource: 'news',
      utmMedium: null,
      utmCampaign: null,
    });
    expect(sourceFromCookieHeader('toolmint_source=%E0%A4%A', null).utmSource).toBeNull();
    expect(sourceFromCookieHeader(null, null).referrerHost).toBeNull();
  });
});

describe('summariseTraffic', () => {
  const days = lastDays(3, new Date('2026-11-29T12:00:00Z'));
  it('lists the last days, oldest first', () => {
    expect(days).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
  });
  it('sums visitors and orders per day, source, referrer and campaign; a code is its own source', () => {
    const summary = summariseTraffic(
      [
        { day: '2026-11-28', referrerHost: null, utmSource: 'newsletter', utmCampaign: 'launch', visitors: 3 },
        { day: '2026-11-29', referrerHost: 'example.com', utmSource: null, utmCampaign: null, visitors: 2 },
        { day: '2026-11-29', referrerHost: null, utmSource: null, utmCampaign: null, visitors: 5 },
        { day: '2026-10-01', referrerHost: null, utmSource: 'old', utmCampaign: null, visitors: 9 },
      ],
      [
        {
          day: '2026-11-28',
          source: 'newsletter',
          referrerHost: null,
          campaign: 'launch',
          discountCode: null,
          affiliateName: null,
          checkouts: 2,
          paidOrders: 1,
          revenueCents: 1900,
        },
        {
          day: '2026-11-29',
          source: 'direct',
          referrerHost: null,
          campaign: null,
          discountCode: 'LAUNCH',
          affiliateName: null,
          checkouts: 1,
          paidOrders: 1,
          revenueCents: 0,
        },
        // Credited to an affiliate and with a code: the affiliate is the channel.
        {
          day: '2026-11-29',
          source: 'direct',
          referrerHost: null,
          campaign: null,
          discountCode: 'LAUNCH',
          affiliateName: 'Ada Lovelace',
          checkouts: 1,
          paidOrders: 1,
          revenueCents: 800,
        },
      ],
      days,
    );
    expect(summary.totals).toEqual({ visitors: 10, checkouts: 4, paidOrders: 3, revenueCents: 2700 });
    expect(summary.daily.map((d) => d.visitors)).toEqual([0, 3, 7]);
    expect(summary.bySource.map((s) => [s.source, s.visitors, s.checkouts, s.paidOrders])).toEqual([
      ['direct', 5, 0, 0],
      ['newsletter', 3, 2, 1],
      ['example.com', 2, 0, 0],
      ['affiliate: Ada Lovelace', 0, 1, 1],
      ['code: LAUNCH', 0, 1, 1],
    ]);
    expect(summary.referrers).toEqual([{ host: 'example.com', visitors: 2, checkouts: 0, paidOrders: 0, revenueCents: 0 }]);
    expect(summary.campaigns).toEqual([{ campaign: 'launch', visitors: 3, checkouts: 2, paidOrders: 1, revenueCents: 1900 }]);
  });
  it('writes one CSV line per day and source, with each step’s conversion', () => {
    const summary = summariseTraffic(
      [{ day: '2026-11-29', referrerHost: null, utmSource: '=cmd|calc', utmCampaign: null, visitors: 4 }],
      [
        {
          day: '2026-11-29',
          source: '=cmd|calc',
          referrerHost: null,
          campaign: null,
          discountCode: null,
          affiliateName: null,
          checkouts: 1,
          paidOrders: 1,
          revenueCents: 1999,
        },
      ],
      days,
    );
    const lines = trafficCsvLines(summary);
    expect(lines[1]).toEqual(['2026-11-29', '=cmd|calc', 4, 1, 1, '19.99', '25%', '100%']);
    // A source that looks like a formula is neutralised in the file.
    expect(toCsv(lines).split('\r\n')[1]).toBe("2026-11-29,'=cmd|calc,4,1,1,19.99,25%,100%");
  });
});

describe('conversion', () => {
  it('is a percentage with one decimal, and a dash when there is nothing to convert', () => {
    expect(formatConversion(1, 8)).toBe('12.5%');
    expect(formatConversion(2, 3)).toBe('66.7%');
    expect(formatConversion(0, 5)).toBe('0%');
    expect(formatConversion(0, 0)).toBe('—');
  });
});

describe('chartPoints', () => {
  it('spreads the values across the width, the highest at the top', () => {
    expect(chartPoints([0, 5, 10], 100, 50, 10)).toBe('0.0,50.0 50.0,25.0 100.0,0.0');
    expect(chartPoints([0, 0], 100, 50, 0)).toBe('0.0,50.0 100.0,50.0');
  });
});
