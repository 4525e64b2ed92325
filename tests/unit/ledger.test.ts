/**
 * A creator's ledger arithmetic (src/shared/ledger.ts, docs/decisions/048): a sale's and a
 * refund's entries, the hold, balances with held sales and debts, the $10.00 minimum, and what a
 * refund takes out of an open payout. Issue 27's numbers: a $12.00 sale with the 15% fee nets
 * $10.20.
 */
import { describe, expect, it } from 'vitest';
import { availableAt, canPayOut, MIN_PAYOUT_CENTS, refundEntryCents, saleEntryCents, summarize, takeOutOfPayout, type LedgerLine } from '@/src/shared/ledger';
import { feeCents } from '@/src/shared/payments';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-30T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const sale = (cents: number, paidDaysAgo: number, hold = 7): LedgerLine => ({
  kind: 'sale',
  amountCents: cents,
  availableAt: availableAt(ago(paidDaysAgo), hold),
});
const now = (kind: LedgerLine['kind'], cents: number): LedgerLine => ({ kind, amountCents: cents, availableAt: ago(0) });

describe('entries of a sale and its refund', () => {
  it('a $12.00 sale nets $10.20 (15% fee) and its refund takes $10.20 back', () => {
    const order = { amount_cents: 1200, fee_cents: feeCents(1200, 1500) };
    expect(order.fee_cents).toBe(180);
    expect(saleEntryCents(order)).toBe(1020);
    expect(refundEntryCents(order)).toBe(-1020);
  });

  it('a sale is available exactly PAYOUT_HOLD_DAYS after it was paid', () => {
    expect(availableAt(new Date('2026-11-30T12:00:00Z'), 7).toISOString()).toBe('2026-12-07T12:00:00.000Z');
    expect(availableAt(new Date('2026-11-30T12:00:00Z'), 0).toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });
});

describe('summarize', () => {
  it('holds a sale for 7 days, then makes it available', () => {
    const lines = [sale(1020, 6)];
    expect(summarize(lines, NOW)).toEqual({ balanceCents: 1020, availableCents: 0, heldCents: 1020, earnedCents: 1020 });
    expect(summarize(lines, new Date(NOW.getTime() + DAY))).toEqual({ balanceCents: 1020, availableCents: 1020, heldCents: 0, earnedCents: 1020 });
  });

  it("a refund is due when its sale is: a held sale's refund holds nothing back, an available sale's counts at once", () => {
    const heldRefund: LedgerLine = { kind: 'refund', amountCents: -1700, availableAt: availableAt(ago(1), 7) };
    expect(summarize([sale(1020, 10), sale(1700, 1), heldRefund], NOW)).toEqual({ balanceCents: 1020, availableCents: 1020, heldCents: 0, earnedCents: 1020 });
    const dueRefund: LedgerLine = { kind: 'refund', amountCents: -1020, availableAt: availableAt(ago(10), 7) };
    expect(summarize([sale(1020, 10), sale(1700, 1), dueRefund], NOW)).toEqual({ balanceCents: 1700, availableCents: 0, heldCents: 1700, earnedCents: 1700 });
  });

  it('a requested payout takes what was available; a failed one gives it back', () => {
    const lines = [sale(1020, 10), sale(850, 8), now('payout', -1870)];
    expect(summarize(lines, NOW)).toMatchObject({ balanceCents: 0, availableCents: 0 });
    expect(summarize([...lines, now('payout_reversal', 1870)], NOW)).toMatchObject({ balanceCents: 1870, availableCents: 1870 });
  });

  it('a refund after a paid payout leaves the balance negative; the next sales make it good first', () => {
    const paid = [sale(1020, 20), now('payout', -1020), now('refund', -1020)];
    expect(summarize(paid, NOW)).toEqual({ balanceCents: -1020, availableCents: 0, heldCents: 0, earnedCents: 0 });
    const later = [...paid, sale(1700, 9)];
    expect(summarize(later, NOW)).toMatchObject({ balanceCents: 680, availableCents: 680, earnedCents: 1700 });
  });

  it('available is never more than the balance, and an adjustment counts at once', () => {
    // A debt paid back by a held sale: the balance is 0, so nothing is available.
    expect(summarize([sale(1000, 30), now('payout', -1000), now('refund', -1000), sale(1000, 1)], NOW)).toMatchObject({
      balanceCents: 0,
      availableCents: 0,
    });
    expect(summarize([now('adjustment', 2500)], NOW)).toMatchObject({ balanceCents: 2500, availableCents: 2500, earnedCents: 0 });
  });
});

describe('payouts', () => {
  it('start at $10.00 available', () => {
    expect(MIN_PAYOUT_CENTS).toBe(1000);
    expect(canPayOut(999)).toBe(false);
    expect(canPayOut(1000)).toBe(true);
    expect(canPayOut(0, 0)).toBe(false);
  });

  it('a refunded sale leaves an open payout; a payout left at 0 is cancelled', () => {
    expect(takeOutOfPayout(2720, 1020)).toEqual({ payoutCents: 1700, reversalCents: 1020, cancelled: false });
    expect(takeOutOfPayout(1020, 1020)).toEqual({ payoutCents: 0, reversalCents: 1020, cancelled: true });
    // The payout was smaller than the sale (it paid a debt first): it goes to 0, the rest stays a debt.
    expect(takeOutOfPayout(500, 1020)).toEqual({ payoutCents: 0, reversalCents: 500, cancelled: true });
  });
});
