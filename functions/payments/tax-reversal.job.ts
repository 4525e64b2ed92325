/**
 * The tax share of a subscription invoice taken back from the creator's connected account
 * (docs/decisions/050). Stripe takes a subscription's application_fee_percent of each invoice's
 * total, tax included, and transfers the rest, so part of the tax, which the platform owes as the
 * marketplace operator, reaches the creator. The webhook's transaction of a paid, taxed invoice
 * (the first one's and a renewal's) enqueues 'payments.tax-reversal' { invoiceId, paymentIntentId,
 * amountCents } with the excess computed there (subscriptionTaxExcessCents); this job makes the
 * outbound call: the transfer of the invoice's charge is reversed by exactly that amount.
 *
 * Once per invoice: one queued job per invoice (singletonKey), the webhook enqueues only with the
 * order's first record of the invoice, and the provider's call is idempotent (Stripe's
 * idempotency key, and a reversal already carrying the invoice's id is the answer). The
 * creator's ledger is net on the price and does not change. Call jobsReady(db) before the
 * transaction that enqueues (PGlite, decision 040).
 */
import type { Db } from '@/db/database';
import { defineJob, enqueue } from '@/functions/jobs';
import { getPaymentProvider } from './provider';

export const TAX_REVERSAL_JOB = 'payments.tax-reversal';

export interface TaxReversalJob {
  invoiceId: string;
  paymentIntentId: string | null;
  amountCents: number;
}

/** In the transaction that records the paid invoice. */
export async function enqueueTaxReversal(trx: Db, job: TaxReversalJob): Promise<void> {
  if (!Number.isInteger(job.amountCents) || job.amountCents <= 0) return;
  await enqueue(trx, TAX_REVERSAL_JOB, job, { singletonKey: `tax-reversal-${job.invoiceId}` });
}

defineJob<TaxReversalJob>(
  TAX_REVERSAL_JOB,
  async (data) => {
    const provider = getPaymentProvider();
    if (!provider.reverseInvoiceTransfer) return;
    const reversal = await provider.reverseInvoiceTransfer(data);
    if (!reversal) console.warn(`[payments] invoice ${data.invoiceId} has no transfer: no tax share to take back`);
  },
  // Stripe down: retried with backoff for about a day before it is kept as failed (/admin/jobs).
  { policy: 'short', retryLimit: 10, retryDelay: 60 },
);
