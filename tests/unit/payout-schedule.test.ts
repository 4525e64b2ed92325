/** Stripe's payout schedule as /earnings states it (docs/decisions/051). */
import { describe, expect, it } from 'vitest';
import { payoutScheduleText, toPayoutSchedule } from '@/src/shared/payout-schedule';

describe('payoutScheduleText', () => {
  it('says each of Stripe’s intervals with its delay and anchor', () => {
    expect(payoutScheduleText({ interval: 'daily', delayDays: 2, weeklyAnchor: null, monthlyAnchor: null })).toBe(
      'Stripe pays out daily, 2 days after each payment.',
    );
    expect(payoutScheduleText({ interval: 'weekly', delayDays: 7, weeklyAnchor: 'monday', monthlyAnchor: null })).toBe(
      'Stripe pays out every week on Mondays, 7 days after each payment.',
    );
    expect(payoutScheduleText({ interval: 'monthly', delayDays: 1, weeklyAnchor: null, monthlyAnchor: 1 })).toBe(
      'Stripe pays out every month on the 1st, 1 day after each payment.',
    );
    expect(payoutScheduleText({ interval: 'monthly', delayDays: null, weeklyAnchor: null, monthlyAnchor: 22 })).toBe(
      'Stripe pays out every month on the 22nd.',
    );
    expect(payoutScheduleText({ interval: 'monthly', delayDays: null, weeklyAnchor: null, monthlyAnchor: 13 })).toBe(
      'Stripe pays out every month on the 13th.',
    );
    expect(payoutScheduleText({ interval: 'manual', delayDays: 2, weeklyAnchor: null, monthlyAnchor: null })).toBe(
      'Stripe holds your balance until you pay it out from your Stripe dashboard.',
    );
  });
});

describe('toPayoutSchedule', () => {
  it('reads Stripe’s settings.payouts.schedule, and nothing it does not know', () => {
    expect(toPayoutSchedule({ interval: 'weekly', delay_days: 7, weekly_anchor: 'friday' })).toEqual({
      interval: 'weekly',
      delayDays: 7,
      weeklyAnchor: 'friday',
      monthlyAnchor: null,
    });
    expect(toPayoutSchedule({ interval: 'yearly' })).toBeNull();
    expect(toPayoutSchedule(undefined)).toBeNull();
  });
});
