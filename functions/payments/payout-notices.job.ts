/**
 * Telling a creator their payout was paid or failed (docs/decisions/048). The transaction that
 * marks the payout calls tellOfPayout, which writes the creator's notice (kind 'payout', in the
 * bell and /tool-updates) and enqueues the job 'email.payout' with it, so both exist exactly
 * when the change commits (call jobsReady(db) before that transaction:
 * PGlite, decision 040). The job renders a transactional email (it is about the creator's money,
 * so no preference turns it off) and writes it to the outbox with its delivery (docs/decisions/059),
 * once per payout and outcome (its reference), so a retried job does not send it twice.
 */
import type { Db } from '@/db/database';
import { defineJob, enqueue } from '@/functions/jobs';
import { formatCents } from '@/src/shared/payments';
import { getEnv } from '@/env';
import { queueTransactionalEmail } from '../email/outbox';
import { renderEmail } from '../email/render';
import type { EmailContent } from '../email/templates/email';
import { findPayoutWithCreator, insertPayoutNotice } from './ledger.repository';

export const PAYOUT_EMAILS = 'email.payout';

export type PayoutOutcome = 'paid' | 'failed';

export interface PayoutEmailJob {
  payoutId: string;
  outcome: PayoutOutcome;
}

/** In the transaction that marked the payout paid or failed: the creator's bell notice and the job of their email. */
export async function tellOfPayout(trx: Db, values: { creatorId: string; payoutId: string; outcome: PayoutOutcome }): Promise<void> {
  await insertPayoutNotice(trx, { userId: values.creatorId, payoutId: values.payoutId });
  await enqueue(trx, PAYOUT_EMAILS, { payoutId: values.payoutId, outcome: values.outcome } satisfies PayoutEmailJob);
}

/** The email of a paid or failed payout (exported for tests and previews). */
function payoutEmail(
  payout: { amount_cents: number; reference: string | null; failure_reason: string | null },
  outcome: PayoutOutcome,
  siteUrl: string,
): EmailContent {
  const amount = formatCents(payout.amount_cents);
  const action = { label: 'Open your earnings', url: new URL('/earnings', siteUrl).toString() };
  if (outcome === 'paid') {
    const subject = `Your payout of ${amount} was sent`;
    return {
      subject,
      preview: `We sent ${amount} to you.`,
      heading: subject,
      paragraphs: [`We sent your payout of ${amount}.`, ...(payout.reference ? [`Reference: ${payout.reference}`] : [])],
      action,
    };
  }
  const subject = `Your payout of ${amount} failed`;
  return {
    subject,
    preview: `Your payout of ${amount} could not be sent; the amount is back in your balance.`,
    heading: subject,
    paragraphs: [
      `We could not send your payout of ${amount}. The amount is back in your available balance, and you can request a payout again.`,
      ...(payout.failure_reason ? [`Reason: ${payout.failure_reason}`] : []),
    ],
    action,
  };
}

/** Writes the email of one paid or failed payout to the outbox; false when there is nobody to send it to. */
async function writePayoutEmail(db: Db, job: PayoutEmailJob, siteUrl = getEnv().SITE_URL): Promise<boolean> {
  const payout = await findPayoutWithCreator(db, job.payoutId);
  if (!payout) return false;
  const rendered = await renderEmail(payoutEmail(payout, job.outcome, siteUrl), {
    kind: 'transactional',
    reason: 'You get this email because it is about a payout of your toolmint earnings.',
  });
  await queueTransactionalEmail(db, { userId: payout.seller_id, reference: `payout:${payout.id}:${job.outcome}`, mail: { to: payout.email, ...rendered } });
  return true;
}

defineJob<PayoutEmailJob>(
  PAYOUT_EMAILS,
  async (data, { db }) => {
    await writePayoutEmail(db, data);
  },
  { retryLimit: 8 },
);
