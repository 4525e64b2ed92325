/**
 * Money arithmetic of payments (src/shared/payments.ts): cents from prices, the platform fee
 * rounded to a whole cent, labels, order numbers, and the local checkout's test cards.
 */
import { describe, expect, it } from 'vitest';
import {
  buyLabel,
  centsToDecimal,
  feeCents,
  formatCents,
  formatOrderNumber,
  isValidExpiry,
  netCents,
  parseOrderNumber,
  payLabel,
  purchaseKind,
  testCardOutcome,
  toCents,
} from '@/src/shared/payments';

describe('toCents', () => {
  it.each([
    ['79.00', 7900],
    ['0.29', 29],
    ['19.99', 1999],
    ['0.1', 10],
    ['1000000.01', 100000001],
    [79, 7900],
    [0.29, 29],
    [19.995, 2000],
    [1.005, 101],
    ['0', 0],
    [0, 0],
    [null, 0],
    [undefined, 0],
    ['-5', 0],
    ['abc', 0],
    [Number.NaN, 0],
  ])('%s -> %i cents', (price, cents) => {
    expect(toCents(price as never)).toBe(cents);
  });
});

describe('feeCents (15% = 1500 bps, half up to a cent)', () => {
  it.each([
    [7900, 1185],
    [100, 15],
    [1, 0],
    [3, 0],
    [4, 1],
    [10, 2],
    [999, 150],
    [1999, 300],
    [33, 5],
    [0, 0],
  ])('%i cents -> fee %i', (amount, fee) => {
    expect(feeCents(amount)).toBe(fee);
    expect(netCents(amount, fee) + fee).toBe(amount);
  });

  it('honours another rate and never exceeds the amount', () => {
    expect(feeCents(7900, 1000)).toBe(790);
    expect(feeCents(7900, 0)).toBe(0);
    expect(feeCents(7900, 10000)).toBe(7900);
    expect(feeCents(-100)).toBe(0);
    expect(feeCents(10.5)).toBe(0);
  });

  it('sums per sale are exact in cents (no floating drift over many sales)', () => {
    const sales = Array.from({ length: 1000 }, (_, i) => 1 + ((i * 37) % 9999));
    const fees = sales.map((a) => feeCents(a));
    const gross = sales.reduce((s, a) => s + a, 0);
    const net = sales.reduce((s, a, i) => s + netCents(a, fees[i]!), 0);
    expect(net + fees.reduce((s, f) => s + f, 0)).toBe(gross);
    expect(Number.isInteger(net)).toBe(true);
  });
});

describe('formatting', () => {
  it('formats cents exactly', () => {
    expect(formatCents(7900)).toBe('$79.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-1185)).toBe('-$11.85');
    expect(centsToDecimal(6715)).toBe('67.15');
    expect(centsToDecimal(-7900)).toBe('-79.00');
    expect(centsToDecimal(7)).toBe('0.07');
  });

  it('labels the buttons', () => {
    expect(buyLabel({ price: '79.00', pricing_model: 'one_time' })).toBe('Buy for $79.00');
    expect(buyLabel({ price: 9, pricingModel: 'subscription' })).toBe('Subscribe for $9.00/month');
    expect(payLabel('one_time', 7900)).toBe('Pay $79.00');
    expect(payLabel('subscription', 900)).toBe('Subscribe $9.00/month');
  });

  it('numbers orders', () => {
    expect(formatOrderNumber(42)).toBe('TM-000042');
    expect(formatOrderNumber('1234567')).toBe('TM-1234567');
    expect(parseOrderNumber('TM-000042')).toBe(42);
    expect(parseOrderNumber('tm42')).toBe(42);
    expect(parseOrderNumber('42')).toBe(42);
    expect(parseOrderNumber('bea@example.com')).toBeNull();
  });
});

describe('purchaseKind', () => {
  it('asks payment only for a positive one-time or subscription price; free and freemium stay free', () => {
    expect(purchaseKind({ price: '79.00', pricing_model: 'one_time' })).toBe('one_time');
    expect(purchaseKind({ price: '9.00', pricing_model: 'subscription' })).toBe('subscription');
    expect(purchaseKind({ price: '9.00', pricing_model: 'freemium' })).toBeNull();
    expect(purchaseKind({ price: '9.00', pricing_model: 'free' })).toBeNull();
    expect(purchaseKind({ price: '0', pricing_model: 'one_time' })).toBeNull();
    expect(purchaseKind({ price: null, pricing_model: 'one_time' })).toBeNull();
  });
});

describe("the local checkout's test cards", () => {
  it("follows Stripe's documented cards", () => {
    expect(testCardOutcome('4242 4242 4242 4242')).toEqual({ outcome: 'success' });
    expect(testCardOutcome('4000 0000 0000 0002')).toEqual({ outcome: 'declined', message: 'Your card was declined.' });
    expect(testCardOutcome('4000-0000-0000-9995')).toEqual({ outcome: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect(testCardOutcome('5555 5555 5555 4444')).toEqual({ outcome: 'declined', message: 'Your card was declined.' });
    expect(testCardOutcome('1234')).toMatchObject({ outcome: 'invalid' });
  });

  it('checks the expiry against today', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(isValidExpiry('12 / 26', now)).toBe(true);
    expect(isValidExpiry('11/26', now)).toBe(true); // valid to the end of its month
    expect(isValidExpiry('10/26', now)).toBe(false);
    expect(isValidExpiry('10 / 2030', now)).toBe(true);
    expect(isValidExpiry('13 / 30', now)).toBe(false);
    expect(isValidExpiry('soon', now)).toBe(false);
  });
});

describe('CSV money cells', () => {
  it('keeps a refund line negative and numeric, and still defuses formulas', async () => {
    const { csvCell } = await import('@/src/shared/studio-format');
    expect(csvCell('-19.99')).toBe('-19.99');
    expect(csvCell('-3')).toBe('-3');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-cmd|calc')).toBe("'-cmd|calc");
  });
});
