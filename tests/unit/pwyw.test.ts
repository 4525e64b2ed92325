/**
 * Pay what you want, the amount rules in integer cents (src/shared/pwyw.ts, docs/decisions/077):
 * the named amount read from dollars text or a number, every refusal with its message, the
 * minimum (with the minimum in the message), the suggestion never below it, the product rules,
 * the fee and net on the amount paid, and the honest price of a card ('$0+', 'From $5.00').
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CheckoutBodySchema } from '@/src/shared/api/schemas/payments';
import { formatPrice } from '@/src/shared/format';
import { feeCents, purchaseKind } from '@/src/shared/payments';
import { NAMED_AMOUNT_MESSAGES, namedAmountRefusal, parseNamedAmount, PWYW_MAX_CENTS, pwywFieldErrors, pwywTerms } from '@/src/shared/pwyw';

const PRODUCT = '11111111-1111-4111-8111-111111111111';

describe('parseNamedAmount', () => {
  it('reads dollars as exact cents, from text or a number', () => {
    expect(parseNamedAmount('12.50')).toEqual({ cents: 1250 });
    expect(parseNamedAmount('12.5')).toEqual({ cents: 1250 });
    expect(parseNamedAmount(' $7 ')).toEqual({ cents: 700 });
    expect(parseNamedAmount('0.29')).toEqual({ cents: 29 });
    expect(parseNamedAmount('.99')).toEqual({ cents: 99 });
    expect(parseNamedAmount('3.')).toEqual({ cents: 300 });
    expect(parseNamedAmount(19.99)).toEqual({ cents: 1999 });
    expect(parseNamedAmount(0)).toEqual({ cents: 0 });
    expect(parseNamedAmount('0')).toEqual({ cents: 0 });
  });

  it('refuses what is not an amount, with a message for each reason', () => {
    for (const bad of ['', 'abc', '12,50', '1e3', '12.5.0', '$', '.', 'NaN', 'Infinity', Number.NaN, Number.POSITIVE_INFINITY, null, true, {}]) {
      expect(parseNamedAmount(bad)).toEqual({ error: NAMED_AMOUNT_MESSAGES.notANumber });
    }
    expect(parseNamedAmount('-1')).toEqual({ error: NAMED_AMOUNT_MESSAGES.negative });
    expect(parseNamedAmount(-0.5)).toEqual({ error: NAMED_AMOUNT_MESSAGES.negative });
    expect(parseNamedAmount('1.999')).toEqual({ error: NAMED_AMOUNT_MESSAGES.tooPrecise });
    expect(parseNamedAmount(0.1 + 0.2)).toEqual({ error: NAMED_AMOUNT_MESSAGES.tooPrecise });
  });

  it('takes at most $10,000: the maximum itself is fine, a cent more is refused', () => {
    expect(PWYW_MAX_CENTS).toBe(1_000_000);
    expect(parseNamedAmount('10000')).toEqual({ cents: 1_000_000 });
    expect(parseNamedAmount('10000.01')).toEqual({ error: 'The amount can be at most $10,000.00' });
    expect(parseNamedAmount('99999999999999999999')).toEqual({ error: NAMED_AMOUNT_MESSAGES.notANumber });
  });
});

describe('the minimum', () => {
  it('refuses an amount below the minimum, naming the minimum; the minimum itself and more are fine', () => {
    expect(namedAmountRefusal(499, 500)).toBe('The minimum price is $5.00. Enter $5.00 or more.');
    expect(namedAmountRefusal(500, 500)).toBeNull();
    expect(namedAmountRefusal(501, 500)).toBeNull();
    expect(namedAmountRefusal(0, 0)).toBeNull();
  });

  it('reads the minimum from the price and keeps the suggestion at least the minimum', () => {
    expect(pwywTerms({ price: '5.00', suggested_price: '12.00' })).toEqual({ minCents: 500, suggestedCents: 1200 });
    expect(pwywTerms({ price: '5.00', suggested_price: null })).toEqual({ minCents: 500, suggestedCents: 500 });
    expect(pwywTerms({ price: 0, suggestedPrice: 3 })).toEqual({ minCents: 0, suggestedCents: 300 });
  });
});

describe('the checkout body', () => {
  it('parses `amount` to cents, and refuses a bad one under the field with its message', () => {
    expect(z.parse(CheckoutBodySchema, { productId: PRODUCT, amount: '12.50' })).toEqual({ productId: PRODUCT, amount: 1250 });
    expect(z.parse(CheckoutBodySchema, { productId: PRODUCT, amount: 0 })).toEqual({ productId: PRODUCT, amount: 0 });
    expect(z.parse(CheckoutBodySchema, { productId: PRODUCT })).toEqual({ productId: PRODUCT });
    const messageOf = (amount: unknown) => {
      const result = z.safeParse(CheckoutBodySchema, { productId: PRODUCT, amount });
      expect(result.success).toBe(false);
      return result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(messageOf('ten')).toEqual([`amount: ${NAMED_AMOUNT_MESSAGES.notANumber}`]);
    expect(messageOf('-3')).toEqual([`amount: ${NAMED_AMOUNT_MESSAGES.negative}`]);
    expect(messageOf('20000')).toEqual([`amount: ${NAMED_AMOUNT_MESSAGES.tooLarge}`]);
    expect(messageOf([1])).toEqual([`amount: ${NAMED_AMOUNT_MESSAGES.notANumber}`]);
  });
});

describe('a PWYW product', () => {
  it('is sold even at a $0 minimum (the $0 is an order), one-time only', () => {
    expect(purchaseKind({ price: '0.00', pricing_model: 'one_time', pay_what_you_want: true })).toBe('one_time');
    expect(purchaseKind({ price: '0.00', pricing_model: 'one_time', pay_what_you_want: false })).toBeNull();
    expect(purchaseKind({ price: '5.00', pricing_model: 'subscription', pay_what_you_want: true })).toBe('subscription');
    expect(purchaseKind({ price: '0.00', pricing_model: 'free', pay_what_you_want: true })).toBeNull();
  });

  it('must be one-time and suggest at least its minimum', () => {
    const base = { pricing_model: 'one_time', price: 5, pay_what_you_want: true, suggested_price: 10 };
    expect(pwywFieldErrors(base)).toEqual({});
    expect(pwywFieldErrors({ ...base, suggested_price: null })).toEqual({});
    expect(pwywFieldErrors({ ...base, suggested_price: 4.99 })).toEqual({ suggested_price: 'The suggested price must be at least the minimum price' });
    expect(pwywFieldErrors({ ...base, pricing_model: 'subscription' })).toEqual({
      pay_what_you_want: 'Pay what you want is for one-time purchases: choose the one-time pricing model',
    });
    expect(pwywFieldErrors({ ...base, pay_what_you_want: false, suggested_price: 1 })).toEqual({});
  });

  it('shows its minimum honestly on cards: $0+ or From $5.00', () => {
    expect(formatPrice(0, 'one_time', true)).toBe('$0+');
    expect(formatPrice('5.00', 'one_time', true)).toBe('From $5.00');
    expect(formatPrice('5.00', 'one_time', false)).toBe('$5.00');
    expect(formatPrice(0, 'one_time')).toBe('Free');
  });

  it('takes the fee on the amount paid, and none on $0', () => {
    expect(feeCents(1250, 1000)).toBe(125);
    expect(1250 - feeCents(1250, 1000)).toBe(1125);
    expect(feeCents(0, 1000)).toBe(0);
  });
});
