/**
 * Scheduled payouts (docs/decisions/048): 'payouts.schedule' runs on PAYOUT_SCHEDULE (cron,
 * UTC; Mondays 06:00 by default) and requests a payout for every creator whose available
 * balance is at least $10.00 (ledger.service.ts runScheduledPayouts). One queued at a time
 * ('short'); a second run, or a retry after a failure half-way, requests nothing twice: a creator
 * with an open payout is skipped and the one-open-payout index refuses a second. With Stripe
 * Connect Stripe pays the connected accounts; the run sends the commissions held for affiliates
 * whose account is ready (affiliates.job.ts).
 */
import { defineJob, schedule } from '@/functions/jobs';
import { getEnv } from '@/env';
import { runScheduledPayouts } from './ledger.service';
import { getPaymentProvider } from './provider';
import { transferHeldCommissions } from './affiliates.job';

export const SCHEDULED_PAYOUTS = 'payouts.schedule';

defineJob(
  SCHEDULED_PAYOUTS,
  async (_data, { db }) => {
    // With Stripe Connect, Stripe pays creators' connected accounts itself (docs/decisions/013);
    // commissions held for affiliates whose account is ready now are transferred (docs/decisions/083).
    if (getPaymentProvider().requiresPayoutAccount) {
      await transferHeldCommissions(db);
      return;
    }
    await runScheduledPayouts(db);
  },
  { policy: 'short', retryLimit: 3 },
);

schedule(SCHEDULED_PAYOUTS, getEnv().PAYOUT_SCHEDULE);
