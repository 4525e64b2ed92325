/**
 * A cart's order, once paid, pays its creator (docs/decisions/082): with Stripe Connect a cart
 * is one charge to the platform (separate charges and transfers), so each order's net (its
 * amount less the platform fee, as a single sale's destination charge transfers) is
 * transferred to its creator's connected account as a reaction to 'order.paid', under the
 * cart's transfer_group, out of the charge (source_transaction). Once per order: Stripe's
 * idempotency key `order-transfer-{orderId}`, and the transfer's id kept on the order, which a
 * refund of that order reverses. A refund that came first leaves nothing to transfer; one that
 * ran while the transfer was being made finds no transfer to reverse, so this reverses it.
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
      amountCents: order.amount_cents - order.fee_cents,
      destinationAccountId: order.destination_account_id,
      transferGroup: order.checkout_group,
      paymentIntentId: order.provider_payment_id,
    });
    await setOrderTransfer(db, order.id, transferId);
    const now = await findOrder(db, orderId);
    if (now && now.status === 'refunded' && now.provider_payment_id)
      await provider.refund({
        paymentId: now.provider_payment_id,
        orderId: now.id,
        subscription: false,
        cartPart: { amountCents: now.amount_cents + now.tax_cents, transferId },
      });
  },
  { retryLimit: 8 },
);
