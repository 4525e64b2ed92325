/**
 * The cart's shapes as the API takes and answers them (docs/decisions/082): a buyer's products
 * of several creators, paid in one checkout that writes an order per product. Prices are the
 * products' rows read on the server at each answer; nothing here carries a price the server
 * trusts: expectedTotalCents is only compared with the server's own total.
 */
import * as z from 'zod/mini';
import { uuid } from '../contract';

/** The most products one cart holds (and one visitor's GET or merge names). */
export const CART_MAX_ITEMS = 50;

/** One product in a cart, as it stands now. */
export const CartItemSchema = z.object({
  productId: z.string(),
  title: z.string(),
  /** '/product/{id}' */
  url: z.string(),
  creatorId: z.string(),
  creatorName: z.string(),
  thumbnailUrl: z.nullable(z.string()),
  /** What this product costs this buyer now, in cents (a partial owner's bundle price is theirs). */
  priceCents: z.int(),
  /** Whether it can be paid for now; when not, `reason` says why and it is left out of the total. */
  available: z.boolean(),
  /** 'This product is no longer for sale', 'You already own this product', 'You cannot buy your own product.', ... */
  reason: z.nullable(z.string()),
});
export type CartItem = z.output<typeof CartItemSchema>;

/** The cart: its items in the order they were added, the total of the available ones and the count of all. */
export const CartViewSchema = z.object({
  items: z.array(CartItemSchema),
  totalCents: z.int(),
  count: z.int(),
});
export type CartView = z.output<typeof CartViewSchema>;

/** GET /api/cart?items=<uuid>,<uuid>: a visitor's browser cart, shown without being saved. */
const UUID_TEXT = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const ITEMS_PATTERN = new RegExp(`^${UUID_TEXT}(,${UUID_TEXT}){0,${CART_MAX_ITEMS - 1}}$`);
export const CartQuerySchema = z.strictObject({
  items: z.optional(z.string().check(z.regex(ITEMS_PATTERN, `Up to ${CART_MAX_ITEMS} product ids, separated by commas`))),
});

/** POST /api/cart/items */
export const CartItemBodySchema = z.strictObject({ productId: uuid() });

/** POST /api/cart/merge: the visitor's browser cart, right after sign-in. */
export const CartMergeBodySchema = z.strictObject({
  productIds: z.array(uuid()).check(z.maxLength(CART_MAX_ITEMS, `At most ${CART_MAX_ITEMS} products`)),
});

/** A product the merge did not add, and why (the message of the error adding it alone would answer). */
const CartSkippedSchema = z.object({ productId: z.string(), reason: z.string() });
export const CartMergedSchema = z.object({ cart: CartViewSchema, skipped: z.array(CartSkippedSchema) });
export type CartMerged = z.output<typeof CartMergedSchema>;

/** POST /api/checkout/cart: the total the buyer saw; a different server total is 409 CART_CHANGED. */
export const CartCheckoutBodySchema = z.strictObject({
  expectedTotalCents: z.int().check(z.minimum(0, 'Not a valid amount'), z.maximum(100_000_000, 'Not a valid amount')),
});
export type CartCheckoutBody = z.output<typeof CartCheckoutBodySchema>;

/** The payment page's URL and the pending orders it pays, one per product. */
export const CartCheckoutStartedSchema = z.object({ url: z.string(), orderIds: z.array(z.string()) });
export type CartCheckoutStarted = z.output<typeof CartCheckoutStartedSchema>;
