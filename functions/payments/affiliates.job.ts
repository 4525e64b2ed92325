/**
 * Affiliates after the sale (issue 31, docs/decisions/083), as reactions to an order's events
 * (docs/decisions/055), after the transaction that recorded it:
 *
 * - 'affiliates.sale-email' (order.paid): the affiliate's 'You earned $X.XX: a sale of {product}
 *   through your link', a notification email of kind 'affiliate_sale' queued once per order as
 *   their preferences say.
 * - 'affiliates.transfer' (order.paid), with Stripe Connect: a subscription's payment
 *   transferred the creator its whole net, so the commission is first taken back from that
 *   transfer; then, when the affiliate has a ready connected account, the commission is
 *   transferred to it (source_transaction: the order's charge; once per order: Stripe's
 *   idempotency key and the transfer group) and mirrored as their 'affiliate_transfer' entry.
 *   Without a ready account it stays in their ledger balance, held like a sale, and
 *   'affiliates.transfer-held' sends it when their account becomes ready or at the payout run.
 * - 'affiliates.transfer-reversal' (order.refunded): a commission already transferred is taken
 *   back from the affiliate's connected account by its amount and mirrored as
 *   'affiliate_transfer_reversal'; one not transferred was taken back by the ledger with the
 *   refund (ledger.service.ts). A transfer that completes after a refund committed sees the
 *   refund under the order's row lock and enqueues the reversal itself.
 *
 * The local provider transfers nothing: an affiliate's balance is paid by payout requests like a
 * creator's. Call jobsReady(db) before a transaction that enqueues (PGlite, decision 040).
 */
import type { Db } from '@/db/database';
import { defineJob, defineReaction, enqueue, jobsReady } from '@/functions/jobs';
import { queueNotificationEmail } from '../email/email.service';
import { findAffiliateEntry, insertAffiliateTransferEntry, listHeldCommissions, lockOrderStatus } from './affiliates.repository';
import { findOrder, findPayoutAccount } from './payments.repository';
import { getPaymentProvider } from './provider';

const AFFILIATE_SALE_EMAIL = 'affiliates.sale-email';
const AFFILIATE_TRANSFER = 'affiliates.transfer';
const AFFILIATE_TRANSFER_REVERSAL = 'affiliates.transfer-reversal';
export const AFFILIATE_TRANSFER_HELD = 'affiliates.transfer-held';

/** How many held commissions one run of 'affiliates.transfer-held' sends. */
const HELD_BATCH = 100;

/** The commission of a paid order to the affiliate's connected account (see above). */
async function transferCommission(db: Db, orderId: string): Promise<void> {
  const provider = getPaymentProvider();
  if (!provider.transferToAffiliate) return;
  const order = await findOrder(db, orderId);
  if (!order || order.status !== 'paid' || order.provider !== 'stripe' || !order.provider_payment_id) return;
  if (!order.affiliate_user_id || order.affiliate_commission_cents <= 0) return;
  const cents = order.affiliate_commission_cents;
  if (order.kind === 'subscription' && provider.takeCommissionFromCreator) {
    await provider.takeCommissionFromCreator({ orderId: order.id, paymentId: order.provider_payment_id, amountCents: cents });
  }
  if (await findAffiliateEntry(db, order.id, 'affiliate_transfer')) return;
  const account = await findPayoutAccount(db, order.affiliate_user_id);
  if (!account?.is_ready) return;
  const { transferId } = await provider.transferToAffiliate({
    orderId: order.id,
    paymentId: order.provider_payment_id,
    accountId: account.stripe_account_id,
    amountCents: cents,
  });
  await jobsReady(db);
  await db.transaction().execute(async (trx) => {
    // Under the order's row lock: a refund committing meanwhile either is seen here or sees this entry.
    const status = await lockOrderStatus(trx, order.id);
    const earning = await findAffiliateEntry(trx, order.id, 'affiliate_earning');
    const due = earning ? new Date(earning.available_at) : new Date();
    await insertAffiliateTransferEntry(trx, {
      userId: order.affiliate_user_id!,
      orderId: order.id,
      kind: 'affiliate_transfer',
      amountCents: -cents,
      providerRef: transferId,
      availableAt: due,
    });
    if (status === 'refunded') await enqueue(trx, AFFILIATE_TRANSFER_REVERSAL, { orderId: order.id, buyerEmail: false }, { singletonKey: order.id });
  });
}

/** After a refund: the commission transferred to the affiliate, taken back from their connected account. */
async function reverseCommissionTransfer(db: Db, orderId: string): Promise<void> {
  const provider = getPaymentProvider();
  if (!provider.reverseAffiliateTransfer) return;
  const transfer = await findAffiliateEntry(db, orderId, 'affiliate_transfer');
  if (!transfer?.provider_ref || (await findAffiliateEntry(db, orderId, 'affiliate_transfer_reversal'))) return;
  const { reversalId } = await provider.reverseAffiliateTransfer({ orderId, transferId: transfer.provider_ref, amountCents: -transfer.amount_cents });
  await insertAffiliateTransferEntry(db, {
    userId: transfer.creator_id,
    orderId,
    kind: 'affiliate_transfer_reversal',
    amountCents: -transfer.amount_cents,
    providerRef: reversalId,
    availableAt: new Date(transfer.available_at),
  });
}

/** Commissions held for affiliates whose account is ready (all of them, or one account's): sent now. */
export async function transferHeldCommissions(db: Db, accountId?: string): Promise<number> {
  const orders = await listHeldCommissions(db, { ...(accountId ? { accountId } : {}), limit: HELD_BATCH });
  for (const orderId of orders) await transferCommission(db, orderId);
  return orders.length;
}

/** In the transaction that marks a connected account ready: its held commissions are sent after the commit. */
export async function enqueueHeldCommissions(trx: Db, accountId: string): Promise<void> {
  await enqueue(trx, AFFILIATE_TRANSFER_HELD, { accountId }, { singletonKey: accountId });
}

defineReaction(
  'order.paid',
  AFFILIATE_SALE_EMAIL,
  async ({ orderId }, { db }) => {
    const order = await findOrder(db, orderId);
    if (!order?.affiliate_user_id || order.affiliate_commission_cents <= 0) return;
    await queueNotificationEmail(db, { userId: order.affiliate_user_id, kind: 'affiliate_sale', reference: `affiliate_sale:${order.id}` });
  },
  { retryLimit: 5 },
);

// Stripe down: retried with backoff for about a day before it is kept as failed (/admin/jobs).
defineReaction('order.paid', AFFILIATE_TRANSFER, async ({ orderId }, { db }) => transferCommission(db, orderId), {
  policy: 'short',
  retryLimit: 10,
  retryDelay: 60,
});
defineReaction('order.refunded', AFFILIATE_TRANSFER_REVERSAL, async ({ orderId }, { db }) => reverseCommissionTransfer(db, orderId), {
  policy: 'short',
  retryLimit: 10,
  retryDelay: 60,
});
defineJob<{ accountId?: string }>(
  AFFILIATE_TRANSFER_HELD,
  async ({ accountId }, { db }) => {
    await transferHeldCommissions(db, accountId);
  },
  { policy: 'short', retryLimit: 10, retryDelay: 60 },
);
