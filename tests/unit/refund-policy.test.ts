import { describe, expect, it } from 'vitest';
import { isWithinRefundWindow, refundPolicyText } from '@/src/shared/payments';
import { refundOption, type RefundFacts } from '@/src/shared/refunds';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-12-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const facts = (over: Partial<RefundFacts> = {}): RefundFacts => ({
  status: 'paid',
  policy: 'days_30',
  paidAt: daysAgo(1),
  opened: false,
  recentRefunds: 0,
  requestStatus: null,
  ...over,
});

describe('refund policy (docs/decisions/049)', () => {
  it('reads as buyers see it before paying', () => {
    expect(refundPolicyText('days_30')).toBe('Refunds: within 30 days');
    expect(refundPolicyText('days_14')).toBe('Refunds: within 14 days');
    expect(refundPolicyText('days_7')).toBe('Refunds: within 7 days');
    expect(refundPolicyText('none')).toBe('No refunds');
  });

  it('a window is its days after payment, to the millisecond; no refunds is never inside one', () => {
    expect(isWithinRefundWindow('days_7', new Date(now.getTime() - 7 * DAY), now)).toBe(true);
    expect(isWithinRefundWindow('days_7', new Date(now.getTime() - 7 * DAY - 1), now)).toBe(false);
    expect(isWithinRefundWindow('days_30', daysAgo(29), now)).toBe(true);
    expect(isWithinRefundWindow('none', daysAgo(0), now)).toBe(false);
    expect(isWithinRefundWindow('days_30', null, now)).toBe(false);
  });

  it('instant before the product was opened; a request after, or from the third refund in 90 days on', () => {
    expect(refundOption(facts(), now)).toEqual({ kind: 'instant' });
    expect(refundOption(facts({ opened: true }), now)).toEqual({ kind: 'request', because: 'opened' });
    expect(refundOption(facts({ recentRefunds: 2 }), now)).toEqual({ kind: 'instant' });
    expect(refundOption(facts({ recentRefunds: 3 }), now)).toEqual({ kind: 'request', because: 'limit' });
  });

  it('nothing outside the policy, for an order not paid, or once it has a refund or a request', () => {
    expect(refundOption(facts({ policy: 'none' }), now)).toEqual({ kind: 'none', code: 'REFUND_NOT_OFFERED' });
    expect(refundOption(facts({ policy: 'days_7', paidAt: daysAgo(8), opened: true }), now)).toEqual({ kind: 'none', code: 'REFUND_WINDOW_CLOSED' });
    expect(refundOption(facts({ status: 'refunded' }), now)).toEqual({ kind: 'none', code: 'REFUND_NOT_ALLOWED' });
    expect(refundOption(facts({ requestStatus: 'declined' }), now)).toEqual({ kind: 'none', code: 'REFUND_ALREADY_REQUESTED' });
  });
});
