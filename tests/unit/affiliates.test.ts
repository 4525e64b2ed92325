/** Affiliates (docs/decisions/081): the commission split in cents, its rounding and bounds, the ref and its cookie. */
import { describe, expect, it } from 'vitest';
import {
  AffiliatePercentSchema,
  commissionSplit,
  isAffiliatePercent,
  newAffiliateCode,
  normaliseRef,
  refCookie,
  refFromCookieHeader,
} from '@/src/shared/affiliates';
import { feeCents } from '@/src/shared/payments';
import { summarize } from '@/src/shared/ledger';

describe('commissionSplit', () => {
  it('takes the percent of the net (amount less the fee), the creator keeps the rest', () => {
    expect(commissionSplit(4900, 490, 30)).toEqual({ amountCents: 4900, feeCents: 490, netCents: 4410, commissionCents: 1323, creatorCents: 3087 });
  });

  it('rounds the commission down to the cent: the creator never loses a rounded cent', () => {
    // 999 - 100 = 899 net; 899 × 33% = 296.67 -> 296.
    const split = commissionSplit(999, 100, 33);
    expect(split.commissionCents).toBe(296);
    expect(split.creatorCents).toBe(603);
    expect(split.commissionCents + split.creatorCents + split.feeCents).toBe(999);
    expect(commissionSplit(1, 0, 75).commissionCents).toBe(0);
  });

  it('adds up for every amount and percent, with the platform fee of a real checkout', () => {
    for (const amount of [0, 1, 99, 100, 1234, 4999, 100_000])
      for (const percent of [1, 10, 33, 50, 75]) {
        const fee = feeCents(amount, 1000);
        const s = commissionSplit(amount, fee, percent);
        expect(s.feeCents + s.commissionCents + s.creatorCents).toBe(amount);
        expect(Number.isInteger(s.commissionCents)).toBe(true);
        expect(s.commissionCents).toBeLessThanOrEqual((s.netCents * percent) / 100);
        expect(s.commissionCents).toBeGreaterThan((s.netCents * percent) / 100 - 1);
      }
  });

  it('is nothing without an affiliate, and refuses a percent out of bounds or amounts that are not cents', () => {
    expect(commissionSplit(4900, 490, null).commissionCents).toBe(0);
    expect(() => commissionSplit(4900, 490, 0)).toThrow(RangeError);
    expect(() => commissionSplit(4900, 490, 76)).toThrow(RangeError);
    expect(() => commissionSplit(4900, 490, 12.5)).toThrow(RangeError);
    expect(() => commissionSplit(49.5, 0, 10)).toThrow(RangeError);
    expect(() => commissionSplit(100, 200, 10)).toThrow(RangeError);
  });
});

describe('the percent setting', () => {
  it('is a whole percent from 1 to 75, or null', () => {
    expect(isAffiliatePercent(1)).toBe(true);
    expect(isAffiliatePercent(75)).toBe(true);
    expect(isAffiliatePercent(0)).toBe(false);
    expect(isAffiliatePercent(76)).toBe(false);
    expect(AffiliatePercentSchema.safeParse(null).success).toBe(true);
    expect(AffiliatePercentSchema.safeParse(30).success).toBe(true);
    expect(AffiliatePercentSchema.safeParse(80).error?.issues[0]?.message).toBe('The commission is at most 75%');
    expect(AffiliatePercentSchema.safeParse(0).error?.issues[0]?.message).toBe('The commission is at least 1%');
    expect(AffiliatePercentSchema.safeParse(2.5).success).toBe(false);
  });
});

describe('codes, refs and the cookie', () => {
  it('makes 8-character codes a ref accepts', () => {
    const code = newAffiliateCode();
    expect(code).toMatch(/^[a-z0-9]{8}$/);
    expect(normaliseRef(code)).toBe(code);
    expect(newAffiliateCode(() => new Uint8Array(8))).toBe('aaaaaaaa');
  });

  it('accepts a ref only when it can be a code', () => {
    expect(normaliseRef(' AbC12345 ')).toBe('abc12345');
    expect(normaliseRef('x')).toBeNull();
    expect(normaliseRef("abc'; drop")).toBeNull();
    expect(normaliseRef(null)).toBeNull();
  });

  it('reads the ref cookie back, checked again, and writes it HttpOnly for 30 days', () => {
    expect(refFromCookieHeader('a=1; toolmint_ref=abcd2345; b=2')).toBe('abcd2345');
    expect(refFromCookieHeader('toolmint_ref=%3Cscript%3E')).toBeNull();
    expect(refFromCookieHeader(null)).toBeNull();
    expect(refCookie('abcd2345', true)).toBe('toolmint_ref=abcd2345; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure');
  });
});

describe('the ledger with commissions', () => {
  it('counts commissions in what was earned, on both sides', () => {
    const at = new Date('2026-01-01');
    const now = new Date('2026-02-01');
    const creator = summarize(
      [
        { kind: 'sale', amountCents: 4410, availableAt: at },
        { kind: 'affiliate_commission', amountCents: -1323, availableAt: at },
      ],
      now,
    );
    expect(creator).toMatchObject({ balanceCents: 3087, earnedCents: 3087, availableCents: 3087 });
    const affiliate = summarize(
      [
        { kind: 'affiliate_earning', amountCents: 1323, availableAt: at },
        { kind: 'affiliate_earning_reversal', amountCents: -1323, availableAt: at },
      ],
      now,
    );
    expect(affiliate).toMatchObject({ balanceCents: 0, earnedCents: 0 });
  });
});
