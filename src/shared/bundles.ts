/**
 * Bundles, isomorphic part (issue 31, docs/decisions/080): the rules a bundle follows, the price a
 * buyer who already owns some of its products pays, the saving line the pages show, and the
 * input schemas the API and /sales/bundles share. Amounts are integer cents.
 *
 * A bundle is a product of its creator's whose items are two or more other products of theirs:
 * published, one-time, fixed price (no subscriptions, no pay what you want), not bundles
 * themselves. Its price must be below the sum of its items' prices (else it is no saving).
 *
 * A partial owner (docs/decisions/080): the bundle's price less what they already paid for the
 * items they own (their paid orders of them), never below $0; an item owned another way (its
 * creator, another bundle) counts as owned with nothing paid. Owning every item: nothing to buy.
 */
import './zod-browser';
import * as z from 'zod/mini';
import { formatCents } from './payments';
import { safeText } from './text';

const BUNDLE_MIN_ITEMS = 2;
const BUNDLE_MAX_ITEMS = 20;
/** The largest bundle price: $100,000 (the products' own maximum is far below). */
const BUNDLE_PRICE_MAX_CENTS = 10_000_000;

/** One candidate item as the service reads it. */
export interface BundleItemCandidate {
  title: string;
  creatorId: string;
  status: string;
  pricingModel: string;
  payWhatYouWant: boolean;
  priceCents: number;
  /** Whether the product is itself a bundle (has items). */
  isBundle: boolean;
}

/** Why a product cannot be an item of this creator's bundle, or null. */
export function bundleItemRefusal(item: BundleItemCandidate, creatorId: string): string | null {
  if (item.creatorId !== creatorId) return 'A bundle can only hold your own products';
  if (item.isBundle) return `'${item.title}' is a bundle itself: bundles cannot hold bundles`;
  if (item.status !== 'published') return `'${item.title}' is not published: publish it first`;
  if (item.pricingModel !== 'one_time' || item.payWhatYouWant || item.priceCents <= 0)
    return `'${item.title}' is not sold at a fixed one-time price: a bundle holds only one-time products with a price`;
  return null;
}

/** Why these items at this price are not a bundle (too few, or no saving), or null. */
export function bundlePriceRefusal(priceCents: number, itemCents: readonly number[]): string | null {
  if (itemCents.length < BUNDLE_MIN_ITEMS) return `Choose at least ${BUNDLE_MIN_ITEMS} products`;
  const total = itemCents.reduce((sum, c) => sum + c, 0);
  if (priceCents >= total) return `The bundle's price must be below the ${formatCents(total)} its products cost on their own, or it saves the buyer nothing`;
  return null;
}

/** '3 packs for $49.00 (save $18.00)'. */
export function bundleSavingText(priceCents: number, itemCents: readonly number[]): string {
  const total = itemCents.reduce((sum, c) => sum + c, 0);
  const saving = Math.max(0, total - priceCents);
  const count = itemCents.length;
  return `${count} ${count === 1 ? 'product' : 'products'} for ${formatCents(priceCents)}${saving > 0 ? ` (save ${formatCents(saving)})` : ''}`;
}

/** One item of the bundle for this buyer: owned or not, and what their own order of it paid (0 when owned otherwise). */
export interface OwnedItem {
  owned: boolean;
  paidCents: number;
}

export interface BundlePrice {
  /** What the buyer pays before any code and tax. */
  amountCents: number;
  /** What their own orders of the owned items paid, taken off (at most the bundle's price). */
  creditCents: number;
  ownedCount: number;
  itemCount: number;
  ownsAll: boolean;
}

/** The bundle's price for this buyer: the price less what they already paid for the items they own, never below $0. */
export function bundlePriceFor(priceCents: number, items: readonly OwnedItem[]): BundlePrice {
  const owned = items.filter((i) => i.owned);
  const paid = owned.reduce((sum, i) => sum + Math.max(0, Math.trunc(i.paidCents)), 0);
  const creditCents = Math.min(paid, Math.max(0, priceCents));
  return {
    amountCents: Math.max(0, priceCents - creditCents),
    creditCents,
    ownedCount: owned.length,
    itemCount: items.length,
    ownsAll: items.length > 0 && owned.length === items.length,
  };
}

/** The checkout's line: 'You own 1 of 3: −$19.00'. */
export function bundleCreditText(ownedCount: number, itemCount: number, creditCents: number): string {
  return `You own ${ownedCount} of ${itemCount}: −${formatCents(creditCents)}`;
}

const productIdsField = z
  .array(z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a valid id')), {
    error: 'Choose the products of the bundle',
  })
  .check(
    z.minLength(BUNDLE_MIN_ITEMS, `Choose at least ${BUNDLE_MIN_ITEMS} products`),
    z.maxLength(BUNDLE_MAX_ITEMS, `At most ${BUNDLE_MAX_ITEMS} products in a bundle`),
    z.refine((ids: string[]) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, 'Each product once'),
  );

/** POST /api/studio/bundles: a new bundle, published (or in review for a new creator, like any product). */
export const BundleInputSchema = z.strictObject({
  title: safeText({ error: 'Enter a title' }).check(z.trim(), z.minLength(3, 'At least 3 characters'), z.maxLength(100, 'At most 100 characters')),
  description: z._default(z.nullable(safeText({ error: 'Enter a description' }).check(z.trim(), z.maxLength(2000, 'At most 2,000 characters'))), null),
  priceCents: z
    .int('Enter the price in whole cents')
    .check(z.gte(1, 'A bundle has a price: at least $0.01'), z.lte(BUNDLE_PRICE_MAX_CENTS, `At most ${formatCents(BUNDLE_PRICE_MAX_CENTS)}`)),
  productIds: productIdsField,
});
export type BundleInput = z.output<typeof BundleInputSchema>;

/** PUT /api/studio/bundles/{id}: the bundle's products, all of them (the price is the product's, changed in the editor). */
export const BundleItemsInputSchema = z.strictObject({ productIds: productIdsField });
export type BundleItemsInput = z.output<typeof BundleItemsInputSchema>;

/** A bundle as its creator and its product page see it. */
export const BundleViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  priceCents: z.int(),
  totalCents: z.int(),
  savingText: z.string(),
  items: z.array(z.object({ id: z.string(), title: z.string(), priceCents: z.int(), status: z.string() })),
});
export type BundleView = z.output<typeof BundleViewSchema>;

/** The creator's form: the price typed in dollars ('49' or '49.00'). */
export const BundleFormSchema = z.strictObject({
  title: z.string().check(z.trim(), z.minLength(3, 'At least 3 characters'), z.maxLength(100, 'At most 100 characters')),
  price: z.string().check(z.trim(), z.regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter a price in dollars, like 49.00')),
  productIds: z.array(z.string()).check(z.minLength(BUNDLE_MIN_ITEMS, `Choose at least ${BUNDLE_MIN_ITEMS} products`)),
});
export type BundleForm = z.output<typeof BundleFormSchema>;

/** '49.5' -> 4950 (the form's price, already matching BundleFormSchema). */
export function dollarsToCents(price: string): number {
  const [whole = '0', fraction = ''] = price.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
