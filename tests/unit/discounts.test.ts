/**
 * Discount arithmetic and refusals (src/shared/discounts.ts, docs/decisions/075): percent and
 * fixed amounts in integer cents, rounding (half a cent up, in the buyer's favour), the minimum
 * price, never below 0, one code per checkout; why a code is refused; the input's cross-field
 * checks; and the fee and net computed on the discounted price.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  applyDiscount,
  DiscountCodeInputSchema,
  discountInputProblems,
  discountLabel,
  discountLine,
  discountRefusal,
  discountState,
  normalizeDiscountCode,
  type CodeForCheckout,
  type DiscountTerms,
} from '@/src/shared/discounts';
import { feeCents, netCents } from '@/src/shared/payments';

const percent = (percentOff: number, minPriceCents = 0): DiscountTerms => ({ kind: 'percent', percentOff, amountOffCents: null, minPriceCents });
const fixed = (amountOffCents: number, minPriceCents = 0): DiscountTerms => ({ kind: 'fixed', percentOff: null, amountOffCents, minPriceCents });

describe('applyDiscount', () => {
  it('takes a percentage off: 20% of $79.00 is $15.80, leaving $63.20', () => {
    expect(applyDiscount(7900, percent(20))).toEqual({ amountCents: 6320, discountCents: 1580 });
  });

  it('rounds the discount to the nearest cent, a half cent up (the buyer’s favour)', () => {
    // 15% of $0.99 = 14.85 cents -> 15; 10% of $0.05 = 0.5 cent -> 1; 33% of $9.99 = 329.67 -> 330.
    expect(applyDiscount(99, percent(15))).toEqual({ amountCents: 84, discountCents: 15 });
    expect(applyDiscount(5, percent(10))).toEqual({ amountCents: 4, discountCents: 1 });
    expect(applyDiscount(999, percent(33))).toEqual({ amountCents: 669, discountCents: 330 });
    // 12.4 cents -> 12.
    expect(applyDiscount(124, percent(10))).toEqual({ amountCents: 112, discountCents: 12 });
  });

  it('takes a fixed amount off, never more than the price', () => {
    expect(applyDiscount(7900, fixed(500))).toEqual({ amountCents: 7400, discountCents: 500 });
    expect(applyDiscount(300, fixed(500))).toEqual({ amountCents: 0, discountCents: 300 });
  });

  it('keeps the minimum price after the discount', () => {
    expect(applyDiscount(2000, percent(90, 500))).toEqual({ amountCents: 500, discountCents: 1500 });
    expect(applyDiscount(2000, fixed(1900, 1000))).toEqual({ amountCents: 1000, discountCents: 1000 });
    // A discount that leaves more than the minimum is untouched by it.
    expect(applyDiscount(2000, percent(10, 500))).toEqual({ amountCents: 1800, discountCents: 200 });
  });

  it('never raises a price: a minimum above the list price leaves the list price, no discount', () => {
    expect(applyDiscount(400, percent(50, 1000))).toEqual({ amountCents: 400, discountCents: 0 });
  });

  it('never goes below 0: a 100% code makes the price $0', () => {
    expect(applyDiscount(7900, percent(100))).toEqual({ amountCents: 0, discountCents: 7900 });
    expect(applyDiscount(0, percent(50))).toEqual({ amountCents: 0, discountCents: 0 });
    expect(applyDiscount(100, { ...fixed(50), minPriceCents: -500 })).toEqual({ amountCents: 50, discountCents: 50 });
  });

  it('the fee and the net are computed on the discounted price', () => {
    const { amountCents } = applyDiscount(7900, percent(20));
    expect(feeCents(amountCents, 1500)).toBe(948);
    expect(netCents(amountCents, feeCents(amountCents, 1500))).toBe(5372);
    expect(feeCents(0, 1500)).toBe(0);
  });

  it('labels and lines: "20% off", "$5.00 off", "Discount (LAUNCH): -$15.80 of $79.00"', () => {
    expect(discountLabel(percent(20))).toBe('20% off');
    expect(discountLabel(fixed(500))).toBe('$5.00 off');
    expect(discountLine({ code: 'LAUNCH', listCents: 7900, discountCents: 1580 })).toBe('Discount (LAUNCH): -$15.80 of $79.00');
  });
});

describe('codes', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const code = (over: Partial<CodeForCheckout> = {}): CodeForCheckout => ({
    is_active: true,
    starts_at: null,
    ends_at: null,
    product_ids: null,
    max_uses: null,
    uses: 0,
    ...over,
  });
  const checkout = { productId: 'p1', subscription: false, now };

  it('are case-insensitive: stored and compared upper-case', () => {
    expect(normalizeDiscountCode('  launch ')).toBe('LAUNCH');
    expect(z.parse(DiscountCodeInputSchema, { code: 'launch-2026', kind: 'percent', percentOff: 20 }).code).toBe('launch-2026');
    expect(z.safeParse(DiscountCodeInputSchema, { code: 'no spaces', kind: 'percent', percentOff: 20 }).success).toBe(false);
    expect(z.safeParse(DiscountCodeInputSchema, { code: 'X', kind: 'percent', percentOff: 20 }).success).toBe(false);
  });

  it('are refused with the reason: expired, not started, turned off, used up, another product, a subscription', () => {
    expect(discountRefusal(code(), checkout)).toBeNull();
    expect(discountRefusal(code({ ends_at: '2026-12-01T11:59:59Z' }), checkout)).toBe('DISCOUNT_CODE_EXPIRED');
    expect(discountRefusal(code({ starts_at: '2026-12-02T00:00:00Z' }), checkout)).toBe('DISCOUNT_CODE_NOT_STARTED');
    expect(discountRefusal(code({ is_active: false }), checkout)).toBe('DISCOUNT_CODE_INACTIVE');
    expect(discountRefusal(code({ max_uses: 3, uses: 3 }), checkout)).toBe('DISCOUNT_CODE_USED_UP');
    expect(discountRefusal(code({ max_uses: 3, uses: 2 }), checkout)).toBeNull();
    expect(discountRefusal(code({ product_ids: ['p2'] }), checkout)).toBe('DISCOUNT_CODE_NOT_FOR_PRODUCT');
    expect(discountRefusal(code({ product_ids: ['p2', 'p1'] }), checkout)).toBeNull();
    expect(discountRefusal(code(), { ...checkout, subscription: true })).toBe('DISCOUNT_CODE_NOT_FOR_SUBSCRIPTIONS');
  });

  it('have a state for the creator’s list', () => {
    expect(discountState(code(), now)).toBe('active');
    expect(discountState(code({ ends_at: '2026-11-30T00:00:00Z' }), now)).toBe('expired');
    expect(discountState(code({ max_uses: 1, uses: 1 }), now)).toBe('used_up');
    expect(discountState(code({ starts_at: '2027-01-01T00:00:00Z' }), now)).toBe('scheduled');
    expect(discountState(code({ is_active: false }), now)).toBe('inactive');
  });

  it('input: the amount its kind needs, an end after the start, a maximum not below the uses taken', () => {
    const base = { kind: 'percent' as const, percentOff: 20, amountOffCents: null, startsAt: null, endsAt: null, maxUses: null };
    expect(discountInputProblems(base)).toEqual({});
    expect(discountInputProblems({ ...base, percentOff: null })).toEqual({ percentOff: 'Enter a whole percentage from 1 to 100' });
    expect(discountInputProblems({ ...base, kind: 'fixed' })).toEqual({ amountOffCents: 'Enter an amount from $0.01 to $100,000' });
    expect(discountInputProblems({ ...base, startsAt: '2026-12-10', endsAt: '2026-12-01' })).toEqual({ endsAt: 'The end must be after the start' });
    expect(discountInputProblems({ ...base, maxUses: 2 }, 5).maxUses).toMatch(/used 5 times already/);
    expect(z.safeParse(DiscountCodeInputSchema, { code: 'OK1', kind: 'percent', percentOff: 101 }).success).toBe(false);
    expect(z.safeParse(DiscountCodeInputSchema, { code: 'OK1', kind: 'fixed', amountOffCents: 1.5 }).success).toBe(false);
    expect(z.safeParse(DiscountCodeInputSchema, { code: 'OK1', kind: 'fixed', amountOffCents: 100, minPriceCents: -1 }).success).toBe(false);
  });
});
