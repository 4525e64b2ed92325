/**
 * A payment that must go back as soon as it completed, as the reaction to 'order.refund-due'
 * (docs/decisions/055): the buyer paid twice for the same one-time product (two checkouts in two
 * tabs), or paid for a product no longer for sale (a checkout started before it was archived,
 * unpublished or made free; a subscription's renewals are stopped too).
 *
 * The provider first, then paid -> refunded in one transaction that emits 'order.refunded' (the
 * buyer's email, opened with the reason). A provider that refuses or is down fails the job, and
 * pg-boss retries it with backoff; after the last retry it stays failed on /admin/jobs for a
 * person to see. Run twice, it refunds once: the provider's refund is idempotent per order
 * (Stripe's idempotency key per order; the local provider keeps no money) and the transition only moves
 * a paid order.
 */
import { defineReaction, jobsReady } from '@/functions/jobs';
import type { RefundDueReason } from '@/functions/jobs';
import { getPaymentProvider, refundRequestOf } from './provider';
import { findOrder } from './payments.repository';
import { refundOrderInTrx } from './webhook.service';

/** What the buyer's refund email says first. */
const REFUND_REASONS: Record<RefundDueReason, string | undefined> = {
  duplicate: undefined,
  unavailable: 'This product was taken off sale before your payment completed, so we refunded it at once.',
};

defineReaction(
  'order.refund-due',
  'payments.refund-at-once',
  async ({ orderId, why }, { db }) => {
    const order = await findOrder(db, orderId);
    if (!order || order.status !== 'paid' || !order.provider_payment_id) return;
    const provider = getPaymentProvider();
    await provider.refund(refundRequestOf({ ...order, provider_payment_id: order.provider_payment_id }));
    if (why === 'unavailable' && order.provider_subscription_id) await provider.cancelSubscriptionAtPeriodEnd(order.provider_subscription_id);
    await jobsReady(db);
    const reason = REFUND_REASONS[why];
    // Its emails, webhooks and pages are reactions to the 'order.refunded' this emits, run by the same drain or worker.
    await db.transaction().execute((trx) => refundOrderInTrx(trx, order, reason ? { reason } : {}));
  },
  { retryLimit: 8 },
);
