/**
 * The emails a payment sends, after its transaction has committed: the buyer's receipt (order
 * number, product, amount, the licence key when the product issues one, the refund policy, a
 * link to /library) and refund notice, transactional (always sent, no unsubscribe; the answer
 * to a refund request is refund-notices.job.ts's, docs/decisions/051); and the creator's new-sale
 * and refund notices, notification emails of kind 'sale' (docs/decisions/041): queued once per
 * order as the creator's preferences say, sent at once when set to 'Email at once' (a failure
 * leaves them queued for the 'email.send' job to retry). A mail failure is logged and never
 * undoes the payment: the order is the record, the email a courtesy. The creator's notice in
 * the bell is not sent from here: it is a row written with the order's transition
 * (webhook.service.ts, docs/decisions/014).
 */
import type { Db } from '@/db/database';
import type { Order } from '@/db/schema';
import { DEFAULT_REFUND_POLICY } from '@/src/shared/domain';
import { formatCents, formatOrderNumber, refundPolicyText } from '@/src/shared/payments';
import { queueNotificationEmail, sendDueEmails } from '../email/email.service';
import { renderEmail } from '../email/render';
import type { PaymentsDeps } from './deps';
import { findProductForCheckout, findUserEmail } from './payments.repository';
import { findOrderLicenseKey } from '../licenses/licenses.repository';
import { cardText, soldByText, taxLineLabel } from '@/src/shared/invoices';

/** A transactional email to the buyer, in the emails' layout (functions/email/templates). */
async function send(deps: PaymentsDeps, to: string, subject: string, lines: string[], action?: { label: string; url: string }): Promise<void> {
  try {
    const rendered = await renderEmail(
      { subject, preview: lines[0] ?? subject, heading: subject, paragraphs: lines, action: action ?? null },
      { kind: 'transactional', reason: 'You get this email because you bought on toolmint.' },
    );
    await deps.mailer.send({ to, ...rendered });
  } catch (error) {
    console.error(`[payments] could not send '${subject}' to ${to}:`, error);
  }
}

/** Sends the creator emails already queued (a refund request's, written in its transaction) when set to 'Email at once'; the 'email.send' job retries a failure. */
export async function sendCreatorEmails(db: Db, deps: PaymentsDeps, ids: string[]): Promise<void> {
  if (!ids.length) return;
  try {
    await sendDueEmails(db, { mailer: deps.mailer, siteUrl: deps.siteUrl, ids });
  } catch (error) {
    console.error('[payments] could not send the creator emails', ids, error);
  }
}

/** The creator's notice of an order, as their preferences for 'sale' say. */
async function notifyCreator(db: Db, deps: PaymentsDeps, creatorId: string, reference: string): Promise<void> {
  try {
    const id = await queueNotificationEmail(db, { userId: creatorId, kind: 'sale', reference });
    if (id) await sendDueEmails(db, { mailer: deps.mailer, siteUrl: deps.siteUrl, ids: [id] });
  } catch (error) {
    console.error(`[payments] could not queue the creator's email ${reference}:`, error);
  }
}

/** The receipt's money lines: the price, the tax line when there is one, the total. */
function receiptAmountLines(order: Order): string[] {
  const period = order.kind === 'subscription' ? ' (monthly subscription)' : '';
  const label = taxLineLabel({ ...order, reverse_charge: order.tax_reverse_charge });
  if (!label) return [`Amount: ${formatCents(order.amount_cents)}${period}`];
  return [
    `Price: ${formatCents(order.amount_cents)}${period}`,
    `${label}: ${formatCents(order.tax_cents)}`,
    `Total: ${formatCents(order.amount_cents + order.tax_cents)}${period}`,
  ];
}

export async function sendSaleNotices(db: Db, deps: PaymentsDeps, orders: Order[]): Promise<void> {
  for (const order of orders) {
    const [buyer, creator, product, licenseKey] = await Promise.all([
      findUserEmail(db, order.buyer_id),
      findUserEmail(db, order.creator_id),
      findProductForCheckout(db, order.product_id),
      findOrderLicenseKey(db, order.id),
    ]);
    const title = product?.title ?? 'your product';
    const number = formatOrderNumber(order.number);
    const library = new URL('/library', deps.siteUrl).toString();
    const invoiceUrl = new URL(`/orders/${order.id}/invoice`, deps.siteUrl).toString();
    if (buyer) {
      await send(
        deps,
        buyer.email,
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
          `Your invoice: ${invoiceUrl}`,
          `Your library, to download it again or ask for a refund: ${library}`,
        ],
        { label: 'Open your library', url: library },
      );
    }
    if (creator) await notifyCreator(db, deps, order.creator_id, `sale:${order.id}`);
  }
}

/** `reason`: the buyer email's first line, when the refund was ours (a product no longer for sale). */
export async function sendRefundNotices(db: Db, deps: PaymentsDeps, orders: Order[], reason?: string, options: { buyer?: boolean } = {}): Promise<void> {
  for (const order of orders) {
    const [buyer, creator, product] = await Promise.all([
      findUserEmail(db, order.buyer_id),
      findUserEmail(db, order.creator_id),
      findProductForCheckout(db, order.product_id),
    ]);
    const title = product?.title ?? 'a product';
    const number = formatOrderNumber(order.number);
    if (creator) await notifyCreator(db, deps, order.creator_id, `refund:${order.id}`);
    if (buyer && options.buyer !== false) {
      await send(deps, buyer.email, `Your refund for ${title} (${number})`, [
        ...(reason ? [reason] : []),
        `We refunded ${formatCents(order.amount_cents + order.tax_cents)} for ${title} (order ${number}).`,
        `Your credit note: ${new URL(`/orders/${order.id}/invoice`, deps.siteUrl).toString()}`,
        `Access to the product has ended.`,
      ]);
    }
  }
}
