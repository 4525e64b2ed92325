/**
 * Telling people what became of a refund request (docs/decisions/049, 051), on the job engine
 * like payouts and suspensions are told (payout-notices.job.ts, decision 042):
 *
 * - the buyer, when the creator or an administrator approves or declines it: the transaction
 *   that decides calls tellBuyerOfRefundDecision, which writes the buyer's bell notice and
 *   enqueues 'email.refund-request' { requestId, outcome };
 * - the administrators, when the escalation job hands an unanswered request to them: the same
 *   transaction writes each administrator's notice (leading to /admin/refunds) and enqueues the
 *   job with outcome 'escalated'.
 *
 * Both exist exactly when the change commits (call jobsReady(db) before that transaction: PGlite,
 * decision 040). The emails are transactional (about the buyer's money, or an administrator's
 * duty): the job renders them and writes them to the outbox with their deliveries
 * (docs/decisions/059), once per request, outcome and recipient (their reference), so a retried
 * job sends nothing twice.
 */
import type { Db } from '@/db/database';
import { defineJob, enqueue } from '@/functions/jobs';
import { formatCents, formatOrderNumber } from '@/src/shared/payments';
import { getEnv } from '@/env';
import { queueTransactionalEmail } from '../email/outbox';
import { renderEmail } from '../email/render';
import type { EmailContent } from '../email/templates/email';
import { notifyAdministratorOfEscalation, notifyBuyerOfRefundDecision } from '../notifications/notifications.service';
import { findRequestForEmail, listAdministrators } from './refunds.repository';

export const REFUND_REQUEST_EMAILS = 'email.refund-request';

export type RefundRequestOutcome = 'approved' | 'declined' | 'escalated';

export interface RefundRequestEmailJob {
  requestId: string;
  outcome: RefundRequestOutcome;
}

/** In the transaction of the decision: the buyer's notice and the job of their email. */
export async function tellBuyerOfRefundDecision(
  trx: Db,
  values: { requestId: string; order: { id: string; buyer_id: string }; outcome: 'approved' | 'declined' },
): Promise<void> {
  await notifyBuyerOfRefundDecision(trx, values.order, `refund_${values.outcome}`);
  await enqueue(trx, REFUND_REQUEST_EMAILS, { requestId: values.requestId, outcome: values.outcome } satisfies RefundRequestEmailJob);
}

/** In the transaction that escalated requests: every administrator's notice of each, and the jobs of their emails. */
export async function tellAdministratorsOfEscalation(trx: Db, requests: readonly { id: string; order_id: string }[]): Promise<void> {
  if (!requests.length) return;
  const admins = await listAdministrators(trx);
  for (const request of requests) {
    for (const admin of admins) await notifyAdministratorOfEscalation(trx, { adminId: admin.id, orderId: request.order_id });
    await enqueue(trx, REFUND_REQUEST_EMAILS, { requestId: request.id, outcome: 'escalated' } satisfies RefundRequestEmailJob);
  }
}

type RequestFacts = NonNullable<Awaited<ReturnType<typeof findRequestForEmail>>>;

/** The email of a decided or escalated request (exported for tests and previews). */
function refundRequestEmail(request: RequestFacts, outcome: RefundRequestOutcome, siteUrl: string): EmailContent {
  const title = request.product_title;
  const number = formatOrderNumber(request.number);
  const amount = formatCents(request.amount_cents);
  if (outcome === 'escalated') {
    const subject = `Refund request to decide: ${title} (${number})`;
    return {
      subject,
      preview: `The creator did not answer a refund request of ${amount} in 7 days.`,
      heading: subject,
      paragraphs: [
        `The creator did not answer this refund request of ${amount} for ${title} (order ${number}) in 7 days, so it is now for the administrators to decide.`,
        ...(request.reason ? [`The buyer’s reason: “${request.reason}”`] : []),
      ],
      action: { label: 'Open refund requests', url: new URL('/admin/refunds', siteUrl).toString() },
    };
  }
  const who = request.decider === 'admin' ? 'toolmint’s team' : 'The creator';
  const message = request.decision_message ? [`Their message: “${request.decision_message}”`] : [];
  const library = { label: 'Open your library', url: new URL('/library', siteUrl).toString() };
  if (outcome === 'approved') {
    const subject = `Your refund request for ${title} (${number}) was approved`;
    return {
      subject,
      preview: `We refunded ${amount} for ${title}.`,
      heading: subject,
      paragraphs: [
        `${who} approved your refund request.`,
        ...message,
        `We refunded ${amount} for ${title} (order ${number}).`,
        'Access to the product has ended.',
      ],
      action: library,
    };
  }
  const subject = `Your refund request for ${title} (${number}) was declined`;
  return {
    subject,
    preview: `${who} declined your refund request.`,
    heading: subject,
    paragraphs: [`${who} declined your refund request for ${title} (order ${number}).`, ...message, 'You keep access to the product.'],
    action: library,
  };
}

/** Writes the email(s) of one job to the outbox; returns how many (0 when the request or its people are gone). */
async function writeRefundRequestEmails(db: Db, job: RefundRequestEmailJob, siteUrl = getEnv().SITE_URL): Promise<number> {
  const request = await findRequestForEmail(db, job.requestId);
  if (!request) return 0;
  const rendered = await renderEmail(refundRequestEmail(request, job.outcome, siteUrl), {
    kind: 'transactional',
    reason:
      job.outcome === 'escalated'
        ? 'You get this email because you are a toolmint administrator and refund requests are yours to decide after 7 days.'
        : 'You get this email because you asked for a refund on toolmint.',
  });
  const to = job.outcome === 'escalated' ? await listAdministrators(db) : [{ id: request.buyer_id, email: request.buyer_email }];
  for (const person of to) {
    await queueTransactionalEmail(db, { userId: person.id, reference: `refund-request:${request.id}:${job.outcome}`, mail: { to: person.email, ...rendered } });
  }
  return to.length;
}

defineJob<RefundRequestEmailJob>(
  REFUND_REQUEST_EMAILS,
  async (data, { db }) => {
    await writeRefundRequestEmails(db, data);
  },
  { retryLimit: 8 },
);
