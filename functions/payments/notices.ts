/**
 * The emails a payment sends, after its transaction has committed: the buyer's receipt (order
 * number, product, amount, the licence key when the product issues one, a link to /library)
 * and refund notice, transactional (always sent, no unsubscribe); and the creator's new-sale
 * and refund notices, notification emails of kind 'sale' (docs/decisions/041): queued once per
 * order as the creator's preferences say, sent at once when set to 'Email at once' (a failure
 * leaves them queued for the 'email.send' job to retry). A mail failure is logged and never
 * undoes the payment: the order is the record, the email a courtesy. The creator's notice in
 * the bell is not sent from here: it is a row written with the order's transition
 * (webhook.service.ts, docs/decisions/014).
 */
import type { Db } from '@/db/database';
import type { Order } from '@/db/schema';
import { formatCents, formatOrderNumber } from '@/src/shared/payments';
import { queueNotificationEmail, sendDueEmails } from '../email/email.service';
import { renderEmail } from '../email/render';
import type { PaymentsDeps } from './deps';
import { findProductForCheckout, findUserEmail } from './payments.repository';
import { findOrderLicenseKey } from '../licenses/licenses.repository';

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

/** The creator's notice of an order, as their preferences for 'sale' say. */
async function notifyCreator(db: Db, deps: PaymentsDeps, creatorId: string, reference: string): Promise<void> {
  try {
    const id = await queueNotificationEmail(db, { userId: creatorId, kind: 'sale', reference });
    if (id) await sendDueEmails(db, { mailer: deps.mailer, siteUrl: deps.siteUrl, ids: [id] });
  } catch (error) {
    console.error(`[payments] could not queue the creator's email ${reference}:`, error);
  }
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
    const amount = formatCents(order.amount_cents);
    const library = new URL('/library', deps.siteUrl).toString();
    if (buyer) {
      await send(
        deps,
        buyer.email,
        `Your receipt for ${title} (${number})`,
        [
          `Thank you for your purchase.`,
          `Order number: ${number}`,
          `Product: ${title}`,
          `Amount: ${amount}${order.kind === 'subscription' ? ' (monthly subscription)' : ''}`,
          `Date: ${new Date(order.paid_at ?? Date.now()).toISOString().slice(0, 10)}`,
          ...(licenseKey ? [`License key: ${licenseKey}`] : []),
          `Your library, to download it again or request a refund within 30 days: ${library}`,
        ],
        { label: 'Open your library', url: library },
      );
    }
    if (creator) await notifyCreator(db, deps, order.creator_id, `sale:${order.id}`);
  }
}

export async function sendRefundNotices(db: Db, deps: PaymentsDeps, orders: Order[]): Promise<void> {
  for (const order of orders) {
    const [buyer, creator, product] = await Promise.all([
      findUserEmail(db, order.buyer_id),
      findUserEmail(db, order.creator_id),
      findProductForCheckout(db, order.product_id),
    ]);
    const title = product?.title ?? 'a product';
    const number = formatOrderNumber(order.number);
    if (creator) await notifyCreator(db, deps, order.creator_id, `refund:${order.id}`);
    if (buyer) {
      await send(deps, buyer.email, `Your refund for ${title} (${number})`, [
        `We refunded ${formatCents(order.amount_cents)} for ${title} (order ${number}).`,
        `Access to the product has ended.`,
      ]);
    }
  }
}
