/**
 * The cart (docs/decisions/082): a signed-in buyer's products of several creators, kept on the
 * server and paid in one checkout that writes an order per product (each creator their own
 * sale, fee and net). A visitor's cart lives in the browser: GET /api/cart?items= shows it and
 * POST /api/cart/merge brings it into the account after sign-in.
 */
import * as z from 'zod/mini';
import { defineRoute, json, uuid } from '../contract';
import {
  CartCheckoutBodySchema,
  CartCheckoutStartedSchema,
  CartItemBodySchema,
  CartMergeBodySchema,
  CartMergedSchema,
  CartQuerySchema,
  CartViewSchema,
} from '../schemas/cart';

const EXAMPLE_PRODUCT = '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a';
const EXAMPLE_PRODUCT_2 = '3c9d2e1f-5a4b-4c6d-8e7f-9a0b1c2d3e4f';

export const getCart = defineRoute({
  method: 'GET',
  path: '/api/cart',
  operationId: 'getCart',
  tag: 'Cart',
  summary: 'The cart: its products as they stand now and the total of those that can be bought',
  description:
    'Signed in: the caller’s cart (`items` is refused). A visitor: the products named by `items` (up to 50 ids, separated by commas; unknown ids are left out), from public data only, saved nowhere: the browser keeps a visitor’s cart. Each item says whether it can be bought now and, when not, why (no longer for sale, already owned, your own product, its creator has not set up payouts); `totalCents` sums the available ones.',
  auth: 'public',
  query: CartQuerySchema,
  response: json(CartViewSchema),
  example: { query: { items: `${EXAMPLE_PRODUCT},${EXAMPLE_PRODUCT_2}` } },
});

export const addCartItem = defineRoute({
  method: 'POST',
  path: '/api/cart/items',
  operationId: 'addCartItem',
  tag: 'Cart',
  summary: 'Add a product to the cart (adding it again keeps one)',
  description:
    'A published product sold at a fixed one-time price. Refused: an unknown product (404), a free one, your own product, one you already own, a subscription or a pay-what-you-want product (bought on its own page), and a cart already holding 50 products.',
  auth: 'user',
  body: json(CartItemBodySchema),
  response: json(CartViewSchema),
  errors: ['PRODUCT_NOT_FOUND', 'NOT_FOR_SALE', 'CANNOT_BUY_OWN_PRODUCT', 'ALREADY_OWNED', 'BUNDLE_ALL_OWNED', 'NOT_CARTABLE', 'CART_FULL'],
  example: { body: { productId: EXAMPLE_PRODUCT } },
});

export const removeCartItem = defineRoute({
  method: 'DELETE',
  path: '/api/cart/items/{productId}',
  operationId: 'removeCartItem',
  tag: 'Cart',
  summary: 'Remove a product from the cart (one not in it is fine)',
  auth: 'user',
  params: z.strictObject({ productId: uuid() }),
  response: json(CartViewSchema),
  example: { params: { productId: EXAMPLE_PRODUCT } },
});

export const mergeCart = defineRoute({
  method: 'POST',
  path: '/api/cart/merge',
  operationId: 'mergeCart',
  tag: 'Cart',
  summary: 'Bring a visitor’s browser cart into the account, right after sign-in',
  description:
    'Adds each product it can, as `POST /api/cart/items` would, and answers the cart with the products it skipped and why (the message adding it alone would answer). Products already in the cart stay once.',
  auth: 'user',
  body: json(CartMergeBodySchema),
  response: json(CartMergedSchema),
  example: { body: { productIds: [EXAMPLE_PRODUCT, EXAMPLE_PRODUCT_2] } },
});

export const startCartCheckout = defineRoute({
  method: 'POST',
  path: '/api/checkout/cart',
  operationId: 'startCartCheckout',
  tag: 'Checkout',
  summary: 'Pay for the whole cart in one checkout',
  description:
    'The amounts are the products’ prices now, computed on the server and locked into one payment page with a line per product and a pending order per product (each with its creator, amount, platform fee and net); a price changed later does not change what this checkout charges. `expectedTotalCents` is the total the buyer saw: a different total, or an item that can no longer be bought, is 409 CART_CHANGED (read `GET /api/cart` again). An empty cart is 409 CART_EMPTY. The cart is emptied of the paid products once the payment completes; a cancelled checkout keeps it. Needs a verified email.',
  auth: 'verified',
  body: json(CartCheckoutBodySchema),
  status: 201,
  response: json(CartCheckoutStartedSchema),
  errors: ['CART_EMPTY', 'CART_CHANGED', 'PAYMENTS_UNAVAILABLE'],
  example: { body: { expectedTotalCents: 4800 } },
});

export const cartRoutes = [getCart, addCartItem, removeCartItem, mergeCart, startCartCheckout] as const;
