/**
 * The escalation of unanswered refund requests (docs/decisions/049), a scheduled job
 * (docs/decisions/040): every hour, requests still open 7 days after they were made go to the
 * administrators (/admin/refunds). Idempotent: an escalated request is no longer open, so a
 * second run, or two at once, change nothing twice. `now` (an ISO time) may be given in the
 * job's data so a test can move the clock; the schedule sends none and the real time is used.
 */
import { defineJob, schedule } from '@/functions/jobs';
import { escalateOverdueRefundRequests } from './refunds.service';

export const REFUND_ESCALATION_JOB = 'refunds.escalate';

export interface RefundEscalationJob {
  now?: string;
}

defineJob<RefundEscalationJob>(
  REFUND_ESCALATION_JOB,
  async (data, { db }) => {
    const escalated = await escalateOverdueRefundRequests(db, data.now ? new Date(data.now) : new Date());
    if (escalated) console.log(`[refunds] ${escalated} refund request(s) went to the administrators`);
  },
  { retryLimit: 3, retryDelay: 60, policy: 'short' },
);
schedule(REFUND_ESCALATION_JOB, '20 * * * *');
