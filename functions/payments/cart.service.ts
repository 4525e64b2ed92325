/**
 * The cart (issue 31, docs/decisions/082): a buyer's products of several creators, paid in one
 * checkout that writes a pending order per product, each with its own creator, amount, fee and
 * net, sharing the provider's session (and, with Stripe, a transfer_group: checkout_group).
 * - What an item costs and whether it can be bought are read from the product rows at each
 *   answer (cartView), never stored: the cart holds product ids only. The checkout reads them
 *   once more and locks the amounts into the session and the orders; a price changed after that
 *   changes nothing that checkout charges. A total different from the one the buyer saw
 *   (expectedTotalCents), or an item that cannot be bought now, is 409 CART_CHANGED.
 * - Only fixed-price one-time products go in a cart: a subscription's and a pay-what-you-want
 *   product's terms are chosen on their own page (NOT_CARTABLE). Discount codes are not taken
 *   by a cart checkout (one code is one creator's, for one product); the source cookie and the
 *   affiliate ref cookie are recorded per order, exactly as startCheckout does.
 * - The paid products leave the cart when the payment completes (webhook.service.ts), not
 *   when the checkout starts: a cancelled or expired checkout keeps the cart.
 * - A visitor's cart is kept in the browser; GET /api/cart?items= shows it from public data
 *   (published products only) and POST /api/cart/merge brings it in after sign-in.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/database';
import type { SessionUser } from '@/src/shared/session';
import type { CartCheckoutBody, CartCheckoutStarted, CartItem, CartMerged, CartView } from '@/src/shared/api/schemas/cart';
import { CART_MAX_ITEMS } from '@/src/shared/api/schemas/cart';
import { NO_SOURCE, type TrafficSource } from '@/src/shared/traffic';
import { feeCents, purchaseKind, refundPolicyText, toCents } from '@/src/shared/payments';
import { bundlePriceFor } from '@/src/shared/bundles';
import { MARKETPLACE_DEFAULTS } from '@/src/shared/products';
import { soldByText } from '@/src/shared/invoices';
import { ERRORS, type ErrorCode } from '@/src/shared/error-codes';
import { AppError } from '../_shared/errors';
import { assertNotSuspended } from '../_shared/suspension';
import type { PaymentsDeps } from './deps';
import { findPayoutAccount, hasEntitlement, insertOrder, listBundleItemsForBuyer } from './payments.repository';
import { countCartItems, insertCartItem, isInCart, deleteCartItems, listCartProducts, listPublishedCartProducts, type CartProductRow } from './cart.repository';
import { attributionFor, orderAffiliate } from './affiliates.service';

/** Why an item of a cart cannot be bought now: the error adding it alone answers, or a product gone from the marketplace. */
type Refusal = ErrorCode | 'GONE';
const GONE_REASON = 'This product is no longer for sale.';

interface Judged {
  row: CartProductRow;
  priceCents: number;
  refusal: Refusal | null;
  /** A partial owner's bundle: what their orders of the owned items paid, taken off (docs/decisions/080). */
  bundleCredit: { creditCents: number; ownedItems: number } | null;
  /** The creator's connected account (Stripe Connect); null locally. */
  destination: string | null;
}

/**
 * Whether `buyerId` (null: a visitor) can buy this product now through a cart, and at what
 * price. The order of the checks is the order of the reasons a buyer is told.
 */
async function judge(db: Db, deps: PaymentsDeps, buyerId: string | null, row: CartProductRow): Promise<Judged> {
  const base = { row, priceCents: toCents(row.price), bundleCredit: null, destination: null };
  if (row.status !== 'published') return { ...base, refusal: 'GONE' };
  const kind = purchaseKind(row);
  if (!kind) return { ...base, refusal: 'NOT_FOR_SALE' };
  if (kind === 'subscription' || row.pay_what_you_want) return { ...base, refusal: 'NOT_CARTABLE' };
  if (buyerId && row.creator_id === buyerId) return { ...base, refusal: 'CANNOT_BUY_OWN_PRODUCT' };
  if (buyerId && (await hasEntitlement(db, buyerId, row.id))) return { ...base, refusal: 'ALREADY_OWNED' };
  let priced: Judged = { ...base, refusal: null };
  // A visitor has no orders: the bundle's full price ('' matches no buyer).
  const items = await listBundleItemsForBuyer(db, buyerId ?? '', row.id);
  if (items.length) {
    if (items.some((i) => i.status !== 'published' || toCents(i.price) <= 0)) return { ...base, refusal: 'BUNDLE_ITEM_UNAVAILABLE' };
    const bundle = bundlePriceFor(toCents(row.price), items);
    if (bundle.ownsAll) return { ...base, refusal: 'BUNDLE_ALL_OWNED' };
    priced = {
      ...priced,
      priceCents: bundle.amountCents,
      bundleCredit: bundle.ownedCount > 0 ? { creditCents: bundle.creditCents, ownedItems: bundle.ownedCount } : null,
    };
  }
  if (deps.provider.requiresPayoutAccount) {
    const account = await findPayoutAccount(db, row.creator_id);
    if (!account?.is_ready) return { ...priced, refusal: 'PAYOUTS_NOT_READY' };
    priced = { ...priced, destination: account.stripe_account_id };
  }
  // Nothing to pay (a bundle whose owned items paid its whole price) is not a line of a payment.
  if (priced.priceCents <= 0) return { ...priced, refusal: 'BUNDLE_ALL_OWNED' };
  return priced;
}

function reasonOf(refusal: Refusal): string {
  return refusal === 'GONE' ? GONE_REASON : ERRORS[refusal].message;
}

function toItem(j: Judged): CartItem {
  return {
    productId: j.row.id,
    title: j.row.title?.trim() || MARKETPLACE_DEFAULTS.title,
    url: `/product/${j.row.id}`,
    creatorId: j.row.creator_id,
    creatorName: j.row.creator_full_name?.trim() || MARKETPLACE_DEFAULTS.creatorName,
    thumbnailUrl: j.row.image_url,
    priceCents: j.priceCents,
    available: j.refusal === null,
    reason: j.refusal === null ? null : reasonOf(j.refusal),
  };
}

/** The view of judged items: the total of the available ones, the count of all. */
function viewOf(judged: readonly Judged[]): CartView {
  const items = judged.map(toItem);
  return { items, totalCents: items.reduce((sum, i) => (i.available ? sum + i.priceCents : sum), 0), count: items.length };
}

async function judgeCart(db: Db, deps: PaymentsDeps, userId: string): Promise<Judged[]> {
  const rows = await listCartProducts(db, userId);
  const judged: Judged[] = [];
  for (const row of rows) judged.push(await judge(db, deps, userId, row));
  return judged;
}

/** GET /api/cart: the signed-in buyer's cart, or a visitor's browser cart named by `items` (saved nowhere). */
export async function getCart(db: Db, deps: PaymentsDeps, userId: string | null, items: string | undefined): Promise<CartView> {
  if (userId) return viewOf(await judgeCart(db, deps, userId));
  const ids = [
    ...new Set(
      (items ?? '')
        .split(',')
        .filter(Boolean)
        .map((id) => id.toLowerCase()),
    ),
  ].slice(0, CART_MAX_ITEMS);
  const rows = await listPublishedCartProducts(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const judged: Judged[] = [];
  // In the browser cart's order.
  for (const id of ids) {
    const row = byId.get(id);
    if (row) judged.push(await judge(db, deps, null, row));
  }
  return viewOf(judged);
}

/**
 * Adds one product, or throws the error that says why not. A product the cart holds already is
 * fine (idempotent), even if it can no longer be bought: the cart shows why.
 */
async function addOne(db: Db, deps: PaymentsDeps, userId: string, productId: string): Promise<void> {
  if (await isInCart(db, userId, productId)) return;
  const [row] = await listPublishedCartProducts(db, [productId]);
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  const { refusal } = await judge(db, deps, userId, row);
  // A creator without payouts yet, or a bundle item off sale, may change: kept in the cart, shown unavailable.
  if (refusal === 'GONE') throw new AppError('PRODUCT_NOT_FOUND');
  if (refusal && refusal !== 'PAYOUTS_NOT_READY' && refusal !== 'BUNDLE_ITEM_UNAVAILABLE') throw new AppError(refusal);
  // The cap is read before the insert: two concurrent adds may pass it by one, which holds no money.
  if ((await countCartItems(db, userId)) >= CART_MAX_ITEMS) throw new AppError('CART_FULL');
  await insertCartItem(db, userId, productId);
}

/** POST /api/cart/items */
export async function addToCart(db: Db, deps: PaymentsDeps, userId: string, productId: string): Promise<CartView> {
  await addOne(db, deps, userId, productId.toLowerCase());
  return viewOf(await judgeCart(db, deps, userId));
}

/** DELETE /api/cart/items/{productId}: removing a product not there is fine. */
export async function removeFromCart(db: Db, deps: PaymentsDeps, userId: string, productId: string): Promise<CartView> {
  await deleteCartItems(db, userId, [productId.toLowerCase()]);
  return viewOf(await judgeCart(db, deps, userId));
}

/** POST /api/cart/merge: each product added as POST /api/cart/items would; the others skipped with that error's message. */
export async function mergeCart(db: Db, deps: PaymentsDeps, userId: string, productIds: readonly string[]): Promise<CartMerged> {
  const skipped: CartMerged['skipped'] = [];
  for (const productId of new Set(productIds.map((id) => id.toLowerCase()))) {
    try {
      await addOne(db, deps, userId, productId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push({ productId, reason: error.message });
    }
  }
  return { cart: viewOf(await judgeCart(db, deps, userId)), skipped };
}

/** Where a cart's checkout returns: the cart page, which shows the outcome. */
export function cartReturnUrls(siteUrl: string) {
  const page = new URL('/cart', siteUrl).toString();
  return { successUrl: `${page}?checkout=success`, cancelUrl: `${page}?checkout=cancelled` };
}

/**
 * POST /api/checkout/cart: one provider session for the whole cart, a pending order per
 * product. The orders are written only once the provider answered (as startCheckout does), so
 * a provider that is down leaves none.
 */
export async function startCartCheckout(
  db: Db,
  deps: PaymentsDeps,
  user: SessionUser,
  { expectedTotalCents }: CartCheckoutBody,
  /** Where the buyer came from (the source cookie, docs/decisions/079): kept on each order. */
  source: TrafficSource = NO_SOURCE,
  /** The affiliate ref cookie (docs/decisions/081): credited on the order of the product it is a link to. */
  ref: string | null = null,
): Promise<CartCheckoutStarted> {
  await assertNotSuspended(db, user.id, 'buy products');
  const judged = await judgeCart(db, deps, user.id);
  if (!judged.length) throw new AppError('CART_EMPTY');
  const view = viewOf(judged);
  if (judged.some((j) => j.refusal !== null) || view.totalCents !== expectedTotalCents) throw new AppError('CART_CHANGED');
  const groupId = `cart_${randomUUID().replaceAll('-', '')}`;
  const orders = await Promise.all(
    judged.map(async (j) => {
      const amountCents = j.priceCents;
      const fee = feeCents(amountCents, deps.feeBps);
      return {
        id: randomUUID(),
        buyerId: user.id,
        productId: j.row.id,
        creatorId: j.row.creator_id,
        kind: 'one_time' as const,
        amountCents,
        feeCents: fee,
        provider: deps.provider.name,
        source,
        bundleCredit: j.bundleCredit,
        affiliate: orderAffiliate(await attributionFor(db, user.id, j.row.id, ref), amountCents, fee),
        destinationAccountId: j.destination,
        checkoutGroup: groupId,
        title: j.row.title?.trim() || MARKETPLACE_DEFAULTS.title,
        refundText: refundPolicyText(j.row.refund_policy),
        sellerText: soldByText(j.row.creator_full_name?.trim() || 'the creator'),
      };
    }),
  );
  const session = await deps.provider.createCartCheckout({
    groupId,
    currency: 'usd',
    buyer: { id: user.id, email: user.email },
    lines: orders.map((o) => ({
      orderId: o.id,
      product: { id: o.productId, title: o.title },
      amountCents: o.amountCents,
      feeCents: o.feeCents,
      destinationAccountId: o.destinationAccountId,
      refundText: o.refundText,
      sellerText: o.sellerText,
    })),
    ...cartReturnUrls(deps.siteUrl),
  });
  await db.transaction().execute(async (trx) => {
    for (const o of orders) await insertOrder(trx, { ...o, sessionId: session.sessionId });
  });
  return { url: session.url, orderIds: orders.map((o) => o.id) };
}
