/**
 * The emails an order's payment and refund send, as reactions to 'order.paid' and
 * 'order.refunded' (docs/decisions/055), after the transaction that recorded the change:
 *
 * - the buyer's receipt (order number, product, amount, the licence key when the product issues
 *   one, the refund policy, the invoice, a link to /library) and refund notice: transactional
 *   (always sent, no unsubscribe; the answer to a refund request is refund-notices.job.ts's,
 *   docs/decisions/051). The reaction renders it and writes it to the outbox once per order
 *   (reference `receipt:<order>` / `refund:<order>`), with its 'email.deliver' job
 *   (docs/decisions/059), so a reaction run twice writes one email; a mail transport that is down
 *   delays the delivery, which pg-boss retries with backoff, and does not lose it;
 * - the creator's new-sale and refund notices: notification emails of kind 'sale'
 *   (docs/decisions/041), queued once per order (a unique reference) as the creator's
 *   preferences say, delivered by the same job when set to 'Email at once'. Their notice in the
 *   bell is written with the order's transition (webhook.service.ts, docs/decisions/014).
 *
 * A mail failure never undoes the payment: the order is the record, the email a courtesy.
 */
import { discountLine } from '@/src/shared/discounts';
import type { Db } from '@/db/database';
import type { Order } from '@/db/schema';
import { DEFAULT_REFUND_POLICY } from '@/src/shared/domain';
import { formatCents, formatOrderNumber, refundPolicyText } from '@/src/shared/payments';
import { cardText, soldByText, taxLineLabel } from '@/src/shared/invoices';
import { defineReaction } from '@/functions/jobs';
import { getEnv } from '@/env';
import { queueNotificationEmail } from '../email/email.service';
import { queueTransactionalEmail } from '../email/outbox';
import { renderEmail } from '../email/render';
import { findOrderLicenseKey } from '../licenses/licenses.repository';
import { findOrder, findProductForCheckout, findUserEmail } from './payments.repository';

/** A transactional email to the buyer, in the emails' layout (functions/email/templates), written to the outbox once per reference. */
async function tellBuyer(
  db: Db,
  buyer: { id: string; email: string },
  reference: string,
  subject: string,
  lines: string[],
  action?: { label: string; url: string },
): Promise<void> {
  const rendered = await renderEmail(
    { subject, preview: lines[0] ?? subject, heading: subject, paragraphs: lines, action: action ?? null },
    { kind: 'transactional', reason: 'You get this email because you bought on toolmint.' },
  );
  await queueTransactionalEmail(db, { userId: buyer.id, reference, mail: { to: buyer.email, ...rendered } });
}

/** The creator's notice of an order, as their preferences for 'sale' say; queued once per reference. */
async function notifyCreator(db: Db, creatorId: string, reference: string): Promise<void> {
  await queueNotificationEmail(db, { userId: creatorId, kind: 'sale', reference });
}

/** The receipt's money lines: the discount line when a code was applied (docs/decisions/075), the price, the tax line when there is one, the total. */
function receiptAmountLines(order: Order): string[] {
  const period = order.kind === 'subscription' ? ' (monthly subscription)' : '';
  const label = taxLineLabel({ ...order, reverse_charge: order.tax_reverse_charge });
  const discount = order.discount_code
    ? [discountLine({ code: order.discount_code, listCents: order.amount_cents + order.discount_cents, discountCents: order.discount_cents })]
    : [];
  if (!label) return [...discount, `Amount: ${formatCents(order.amount_cents)}${period}`];
  return [
    ...discount,
    `Price: ${formatCents(order.amount_cents)}${period}`,
    `${label}: ${formatCents(order.tax_cents)}`,
    `Total: ${formatCents(order.amount_cents + order.tax_cents)}${period}`,
  ];
}

/** The buyer's receipt of a paid order (nothing when the order or the buyer is gone). */
async function writeReceipt(db: Db, orderId: string, siteUrl = getEnv().SITE_URL): Promise<void> {
  const order = await findOrder(db, orderId);
  if (!order) return;
  const [buyer, creator, product, licenseKey] = await Promise.all([
    findUserEmail(db, order.buyer_id),
    findUserEmail(db, order.creator_id),
    findProductForCheckout(db, order.product_id),
    findOrderLicenseKey(db, order.id, order.product_id),
  ]);
  if (!buyer) return;
  const title = product?.title ?? 'your product';
  const number = formatOrderNumber(order.number);
  const library = new URL('/library', siteUrl).toString();
  await tellBuyer(
    db,
    { id: order.buyer_id, email: buyer.email },
    `receipt:${order.id}`,
    `Your receipt for ${title} (${number})`,
    [
      `Thank you for your purchase.`,
      // The creator sells; toolmint is the marketplace (the Terms, docs/decisions/050).
      `${soldByText(creator?.name?.trim() || 'the creator')}.`,
      `Order number: ${number}`,
      `Product: ${title}`,
      ...receiptAmountLines(order),
      ...(order.payment_card_brand && order.payment_card_last4 ? [`Paid with: ${cardText(order.payment_card_brand, order.payment_card_last4)}`] : []),
      `Date: ${new Date(order.paid_at ?? Date.now()).toISOString().slice(0, 10)}`,
      ...(licenseKey ? [`License key: ${licenseKey}`] : []),
      `Refund policy: ${refundPolicyText(product?.refund_policy ?? DEFAULT_REFUND_POLICY)}.`,
      `Your invoice: ${new URL(`/orders/${order.id}/invoice`, siteUrl).toString()}`,
      `Your library, to download it again or ask for a refund: ${library}`,
    ],
    { label: 'Open your library', url: library },
  );
}

/** The buyer's notice of a refunded order; `reason` opens it. */
async function writeRefundNotice(db: Db, orderId: string, reason?: string, siteUrl = getEnv().SITE_URL): Promise<void> {
  const order = await findOrder(db, orderId);
  if (!order) return;
  const [buyer, product] = await Promise.all([findUserEmail(db, order.buyer_id), findProductForCheckout(db, order.product_id)]);
  if (!buyer) return;
  const title = product?.title ?? 'a product';
  const number = formatOrderNumber(order.number);
  await tellBuyer(db, { id: order.buyer_id, email: buyer.email }, `refund:${order.id}`, `Your refund for ${title} (${number})`, [
    ...(reason ? [reason] : []),
    `We refunded ${formatCents(order.amount_cents + order.tax_cents)} for ${title} (order ${number}).`,
    `Your credit note: ${new URL(`/orders/${order.id}/invoice`, siteUrl).toString()}`,
    `Access to the product has ended.`,
  ]);
}

async function notifyCreatorOf(db: Db, orderId: string, what: 'sale' | 'refund'): Promise<void> {
  const order = await findOrder(db, orderId);
  if (order) await notifyCreator(db, order.creator_id, `${what}:${order.id}`);
}

defineReaction('order.paid', 'email.receipt', ({ orderId }, { db }) => writeReceipt(db, orderId), { retryLimit: 8 });
defineReaction('order.paid', 'email.sale-notice', ({ orderId }, { db }) => notifyCreatorOf(db, orderId, 'sale'));
defineReaction(
  'order.refunded',
  'email.refund-notice',
  async ({ orderId, reason, buyerEmail }, { db }) => {
    if (buyerEmail) await writeRefundNotice(db, orderId, reason);
  },
  { retryLimit: 8 },
);
defineReaction('order.refunded', 'email.refund-sale-notice', ({ orderId }, { db }) => notifyCreatorOf(db, orderId, 'refund'));
