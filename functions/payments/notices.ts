/**
 * Sending the creator emails a refund request queued in its transaction, at once when the
 * creator's preferences say 'Email at once'; a failure leaves them queued for the 'email.send'
 * job to retry. The emails of an order's payment and refund are order-notices.job.ts's.
 */
import type { Db } from '@/db/database';
import { sendDueEmails } from '../email/email.service';
import type { PaymentsDeps } from './deps';

export async function sendCreatorEmails(db: Db, deps: PaymentsDeps, ids: string[]): Promise<void> {
  if (!ids.length) return;
  try {
    await sendDueEmails(db, { mailer: deps.mailer, siteUrl: deps.siteUrl, ids });
  } catch (error) {
    console.error('[payments] could not send the creator emails', ids, error);
  }
}
