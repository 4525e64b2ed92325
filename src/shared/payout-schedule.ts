/**
 * Stripe's payout schedule of a creator's connected account, as /earnings states it
 * (docs/decisions/051). With Stripe Connect, Stripe pays creators on this schedule; toolmint only
 * reads it (accounts.retrieve, settings.payouts.schedule). Isomorphic and pure.
 */
export interface PayoutSchedule {
  interval: 'manual' | 'daily' | 'weekly' | 'monthly';
  /** Days a payment waits before it can be paid out; null when Stripe does not say. */
  delayDays: number | null;
  /** 'monday' … 'sunday', for a weekly schedule. */
  weeklyAnchor: string | null;
  /** 1–31, for a monthly schedule. */
  monthlyAnchor: number | null;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

const capitalised = (day: string) => `${day.charAt(0).toUpperCase()}${day.slice(1)}s`;

/** 'Stripe pays out daily, 2 days after each payment.', 'Stripe pays out every week on Mondays, …', 'monthly on the 1st'. */
export function payoutScheduleText(s: PayoutSchedule): string {
  if (s.interval === 'manual') return 'Stripe holds your balance until you pay it out from your Stripe dashboard.';
  const when =
    s.interval === 'daily'
      ? 'daily'
      : s.interval === 'weekly'
        ? `every week${s.weeklyAnchor ? ` on ${capitalised(s.weeklyAnchor)}` : ''}`
        : `every month${s.monthlyAnchor ? ` on the ${ordinal(s.monthlyAnchor)}` : ''}`;
  const delay = s.delayDays === null ? '' : `, ${s.delayDays} ${s.delayDays === 1 ? 'day' : 'days'} after each payment`;
  return `Stripe pays out ${when}${delay}.`;
}

/** Stripe's `settings.payouts.schedule` (untyped JSON from the API) as a PayoutSchedule; null when absent or unknown. */
export function toPayoutSchedule(raw: unknown): PayoutSchedule | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const interval = r['interval'];
  if (interval !== 'manual' && interval !== 'daily' && interval !== 'weekly' && interval !== 'monthly') return null;
  return {
    interval,
    delayDays: typeof r['delay_days'] === 'number' ? r['delay_days'] : null,
    weeklyAnchor: typeof r['weekly_anchor'] === 'string' ? r['weekly_anchor'] : null,
    monthlyAnchor: typeof r['monthly_anchor'] === 'number' ? r['monthly_anchor'] : null,
  };
}
