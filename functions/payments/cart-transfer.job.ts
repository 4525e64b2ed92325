/**
 * A cart's order, once paid, pays its creator (docs/decisions/082): with Stripe Connect a cart
 * is one charge to the platform (separate charges and transfers), so each order's net (its
 * amount less the platform fee, as a single sale's destination charge transfers) is
 * transferred to its creator's connected account as a reaction to 'order.paid', under the
 * cart's transfer_group, out of the charge (source_transaction). Once per order: Stripe's
 * idempotency key `order-transfer-{orderId}`, and the transfer's id kept on the order, which a
 * refund of that order reverses. A refund that came first leaves nothing to transfer; one that
 * ran while the transfer was being made finds no transfer to reverse, so this reverses it; a
 * refunded order's transfer is reversed by the reaction to 'order.refunded' below.
 * The local provider transfers nothing: its payouts are toolmint's own (docs/decisions/048).
 */
import { defineReaction } from '@/functions/jobs';
import { getPaymentProvider } from './provider';
import { findOrder, setOrderTransfer } from './payments.repository';

defineReaction(
  'order.paid',
  'payments.cart-transfer',
  async ({ orderId }, { db }) => {
    const order = await findOrder(db, orderId);
    if (!order?.checkout_group || order.provider !== 'stripe' || order.status !== 'paid' || order.provider_transfer_id) return;
    if (!order.destination_account_id || !order.provider_payment_id) return;
    const provider = getPaymentProvider();
    if (!provider.transferOrder) return;
    const { transferId } = await provider.transferOrder({
      orderId: order.id,
      // Its net, less an affiliate's commission, which goes to the affiliate (docs/decisions/083).
      amountCents: order.amount_cents - order.fee_cents - (order.affiliate_user_id ? order.affiliate_commission_cents : 0),
      destinationAccountId: order.destination_account_id,
      transferGroup: order.checkout_group,
      paymentIntentId: order.provider_payment_id,
    });
    await setOrderTransfer(db, order.id, transferId);
    // Refunded while the transfer was being made: the refund found no transfer to reverse.
    if ((await findOrder(db, orderId))?.status === 'refunded') await provider.reverseOrderTransfer?.({ orderId, transferId });
  },
  { retryLimit: 8 },
);

/**
 * A refunded cart order's transfer, reversed (docs/decisions/082): the refund toolmint makes
 * reverses it at once (stripe-provider.ts refundCartPart), so this finds it done; a refund made
 * at Stripe (the whole charge refunded from the dashboard: charge.refunded refunds each order of
 * the payment) reverses nothing by itself, so this does, once per order.
 */
defineReaction(
  'order.refunded',
  'payments.cart-transfer-reversal',
  async ({ orderId }, { db }) => {
    const order = await findOrder(db, orderId);
    if (!order?.checkout_group || order.provider !== 'stripe' || !order.provider_transfer_id) return;
    await getPaymentProvider().reverseOrderTransfer?.({ orderId: order.id, transferId: order.provider_transfer_id });
  },
  { retryLimit: 8 },
);
