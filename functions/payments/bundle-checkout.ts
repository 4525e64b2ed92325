/**
 * A bundle's price at checkout (docs/decisions/080), called by checkout.service.ts when a
 * checkout is created and by the product page's access answer. Null for a product that is not a
 * bundle. Every item must be for sale today (published, one-time, with a price), else the
 * checkout is refused (BUNDLE_ITEM_UNAVAILABLE; those who bought the bundle keep their items).
 * A buyer who already owns some items pays the bundle's price less what their orders of those
 * items paid, never below $0 (src/shared/bundles.ts); one who owns them all is told so
 * (BUNDLE_ALL_OWNED). The amount is locked into the order like any price.
 */
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { bundleCreditText, bundlePriceFor, type BundlePrice } from '@/src/shared/bundles';
import { toCents } from '@/src/shared/payments';
import { countBundleItems, listBundleItemsForBuyer } from './payments.repository';

/** The bundle's terms for this buyer, or null when the product is not a bundle. */
export async function bundleTermsFor(db: Db, buyerId: string, product: { id: string; price: string | number | null }): Promise<BundlePrice | null> {
  const items = await listBundleItemsForBuyer(db, buyerId, product.id);
  if (!items.length) return null;
  return bundlePriceFor(toCents(product.price), items);
}

/** The checkout's price of a bundle: refused when an item is not for sale or the buyer owns every item. */
export async function bundleCheckoutPrice(
  db: Db,
  buyerId: string,
  product: { id: string; price: string | number | null },
): Promise<{ listCents: number; credit: { creditCents: number; ownedItems: number } | null } | null> {
  const items = await listBundleItemsForBuyer(db, buyerId, product.id);
  if (!items.length) return null;
  if (items.some((i) => i.status !== 'published' || toCents(i.price) <= 0)) throw new AppError('BUNDLE_ITEM_UNAVAILABLE');
  const price = bundlePriceFor(toCents(product.price), items);
  if (price.ownsAll) throw new AppError('BUNDLE_ALL_OWNED');
  return {
    listCents: price.amountCents,
    credit: price.ownedCount > 0 ? { creditCents: price.creditCents, ownedItems: price.ownedCount } : null,
  };
}

/** The checkout page's line for an order that took a partial owner's credit: 'You own 1 of 3: −$19.00'; null otherwise. */
export async function bundleCreditLine(db: Db, order: { product_id: string; bundle_owned_items: number; bundle_credit_cents: number }): Promise<string | null> {
  if (order.bundle_owned_items <= 0) return null;
  return bundleCreditText(order.bundle_owned_items, await countBundleItems(db, order.product_id), order.bundle_credit_cents);
}
