/**
 * What changed in a cart between the view the buyer checked out from and the one read again
 * after the server answered CART_CHANGED (docs/decisions/082): one sentence per product whose
 * price moved, that can no longer be bought (with the server's reason), that can be bought again,
 * or that left the cart. Pure; the /cart island (CartPage.tsx) shows the sentences.
 */
import type { CartView } from '@/src/shared/api/schemas/cart';
import { formatCents } from '@/src/shared/payments';

/** A reason as the end of a sentence: its first letter lower-cased, a full stop after it. */
function sentence(reason: string): string {
  const text = reason.trim();
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

export function describeCartChanges(before: CartView, after: CartView): string[] {
  const now = new Map(after.items.map((item) => [item.productId, item]));
  const lines: string[] = [];
  for (const was of before.items) {
    const is = now.get(was.productId);
    if (!is) {
      lines.push(`${was.title} is no longer in your cart.`);
      continue;
    }
    if (was.available && !is.available) {
      lines.push(`${is.title} can no longer be bought${is.reason ? `: ${sentence(is.reason)}` : '.'}`);
      continue;
    }
    if (!was.available && is.available) lines.push(`${is.title} can be bought again, for ${formatCents(is.priceCents)}.`);
    else if (is.available && is.priceCents !== was.priceCents) {
      lines.push(`${is.title} now costs ${formatCents(is.priceCents)} (it was ${formatCents(was.priceCents)}).`);
    }
  }
  const had = new Set(before.items.map((item) => item.productId));
  for (const item of after.items) if (!had.has(item.productId)) lines.push(`${item.title} was added to your cart.`);
  return lines;
}
