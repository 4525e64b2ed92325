/**
 * The emails a payment sends, after its transaction has committed: the buyer's receipt (order
 * number, product, amount, the licence key when the product issues one, a link to /library),
 * the creator's new-sale notice, and the creator's refund notice. A mail failure is logged
 * and never undoes the payment: the order is the record, the email a courtesy. The creator's
 * notice in the bell is not sent from here: it is a row written with the order's transition
 * (webhook.service.ts, docs/decisions/014).
 */
import type { Db } from '@/db/database';
import type { Order } from '@/db/schema';
import { formatCents, formatOrderNumber, netCents } from '@/src/shared/payments';
import type { PaymentsDeps } from './deps';
import { findProductForCheckout, findUserEmail } from './payments.repository';
import { findOrderLicenseKey } from '../licenses/licenses.repository';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function send(deps: PaymentsDeps, to: string, subject: string, lines: string[]): Promise<void> {
  try {
    await deps.mailer.send({ to, subject, text: lines.join('\n'), html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n') });
  } catch (error) {
    console.error(`[payments] could not send '${subject}' to ${to}:`, error);
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
      await send(deps, buyer.email, `Your receipt for ${title} (${number})`, [
        `Thank you for your purchase.`,
        `Order number: ${number}`,
        `Product: ${title}`,
        `Amount: ${amount}${order.kind === 'subscription' ? ' (monthly subscription)' : ''}`,
        `Date: ${new Date(order.paid_at ?? Date.now()).toISOString().slice(0, 10)}`,
        ...(licenseKey ? [`License key: ${licenseKey}`] : []),
        `Your library, to download it again or request a refund within 30 days: ${library}`,
      ]);
    }
    if (creator) {
      await send(deps, creator.email, `New sale: ${title}`, [
        `You made a sale of ${title}.`,
        `Order number: ${number}`,
        `Amount: ${amount}, platform fee ${formatCents(order.fee_cents)}, your earnings ${formatCents(netCents(order.amount_cents, order.fee_cents))}.`,
        `See your sales: ${new URL('/sales', deps.siteUrl).toString()}`,
      ]);
    }
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
    if (creator) {
      await send(deps, creator.email, `Refund: ${title} (${number})`, [
        `Order ${number} of ${title} was refunded (${formatCents(order.amount_cents)}).`,
        `The sale no longer counts towards your earnings.`,
      ]);
    }
    if (buyer) {
      await send(deps, buyer.email, `Your refund for ${title} (${number})`, [
        `We refunded ${formatCents(order.amount_cents)} for ${title} (order ${number}).`,
        `Access to the product has ended.`,
      ]);
    }
  }
}
