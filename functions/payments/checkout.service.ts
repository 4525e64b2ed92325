/**
 * Starting a checkout and the local provider's hosted-like page.
 * Inputs arrive parsed by the routes' schemas (src/shared/api/routes/payments.ts).
 * - startCheckout: POST /api/checkout { productId, code?, amount? } -> { url }. The amount is
 *   computed here from the product row (integer cents), or for a pay-what-you-want product is
 *   the amount the buyer named, checked against the minimum (docs/decisions/077), and locked into the provider's session and the
 *   pending order; a later price change never changes what that checkout charges. The order
 *   is written only once the provider answered, so Stripe being unreachable leaves no order.
 * - getLocalCheckout / payLocalCheckout: /checkout/{sessionId} of the local provider. Only the
 *   buyer who started a checkout can see or pay it (anyone else: 404). Stripe's test cards
 *   decide; a success emits checkout.session.completed, signed like Stripe, into
 *   handleWebhook: the same fulfilment as real payments. A checkout whose product is no longer
 *   for sale is refused before the card is read (PRODUCT_NO_LONGER_FOR_SALE); a provider's
 *   completion of one is refunded at once by handleWebhook.
 * - Tax (docs/decisions/050): the local page asks the buyer's country (and a business's company
 *   and VAT ID) and shows the server's quote (quoteLocalCheckout: price, 'VAT 19% (Germany)',
 *   total) before paying; paying charges that quote, written into the completion event the way
 *   Stripe writes its own tax (total_details.amount_tax, customer_details), which the webhook
 *   stores on the order. With Stripe, its Checkout collects the address and tax ID and Stripe Tax
 *   computes the tax (stripe-provider.ts). amount_cents stays the price without tax.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@/db/database';
import type { SessionUser } from '@/src/shared/session';
import type { BuyerTax, CheckoutBody, PayCheckoutBody } from '@/src/shared/api/schemas/payments';
import { NO_SOURCE, type TrafficSource } from '@/src/shared/traffic';
import { feeCents, purchaseKind, refundPolicyText, testCardOutcome, toCents } from '@/src/shared/payments';
import { assertNotSuspended } from '../_shared/suspension';
import { AppError } from '../_shared/errors';
import type { PaymentsDeps } from './deps';
import { LocalPaymentProvider, localId } from './local-provider';
import {
  findOrdersBySession,
  findPayoutAccount,
  findProductForCheckout,
  findPublishedProductForSale,
  findUserEmail,
  hasEntitlement,
  insertOrder,
} from './payments.repository';
import { quoteFor } from './tax.service';
import type { TaxQuote } from '@/src/shared/tax';
import { fulfilWithoutPayment, handleWebhook } from './webhook.service';
import { priceWithCode } from './discounts.service';
import { takeDiscountUse } from './discounts.repository';
import { isStillForSale } from './for-sale';
import { attributionFor, orderAffiliate } from './affiliates.service';
import { bundleCheckoutPrice, bundleCreditLine, bundleTermsFor } from './bundle-checkout';
import { bundleCreditText } from '@/src/shared/bundles';
import { namedAmountRefusal, pwywTerms } from '@/src/shared/pwyw';
import { ERRORS } from '@/src/shared/error-codes';
import { cartReturnUrls } from './cart.service';
import { normalizeVatId } from '@/src/shared/tax';
import { soldByText } from '@/src/shared/invoices';
import { DEFAULT_REFUND_POLICY, type OrderStatus, type PurchaseKind, type RefundPolicy } from '@/src/shared/domain';
import type { ProductAccess } from '@/src/shared/api/schemas/products';

/** Where a checkout returns: the product page, which shows the outcome. */
function returnUrls(siteUrl: string, productId: string, orderId: string) {
  const page = new URL(`/product/${productId}`, siteUrl);
  return {
    successUrl: `${page.toString()}?checkout=success&order=${orderId}`,
    cancelUrl: `${page.toString()}?checkout=cancelled`,
  };
}

/** Whether a user may download a product: its creator, a free product, or a paid entitlement. */
export async function canAccessProduct(
  db: Db,
  userId: string,
  product: { id: string; creator_id: string; price: string | number | null; pricing_model: string | null; pay_what_you_want: boolean },
) {
  if (product.creator_id === userId) return true;
  if (!purchaseKind(product)) return true;
  return hasEntitlement(db, userId, product.id);
}

/** A paid order or an active subscription, whatever the product costs today. */
export async function hasPaidAccess(db: Db, userId: string, productId: string): Promise<boolean> {
  return hasEntitlement(db, userId, productId);
}

export type { ProductAccess };

/** What the product page's button offers: Download, Buy/Subscribe, or why it cannot be bought. */
export async function getProductAccess(db: Db, deps: PaymentsDeps, userId: string | null, productId: string): Promise<ProductAccess> {
  const parsed = z.uuid().safeParse(productId);
  const product = parsed.success ? await findPublishedProductForSale(db, productId) : undefined;
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const purchase = purchaseKind(product);
  const owned = userId ? await canAccessProduct(db, userId, product) : !purchase;
  let purchasable = Boolean(purchase);
  let reason: string | null = null;
  // A bundle the buyer owns part of: their price, or nothing to buy when they own it all (docs/decisions/080).
  const bundle = userId && purchase && !owned ? await bundleTermsFor(db, userId, product) : null;
  if (bundle?.ownsAll) {
    purchasable = false;
    reason = ERRORS.BUNDLE_ALL_OWNED.message;
  }
  if (purchase && !owned && deps.provider.requiresPayoutAccount) {
    const account = await findPayoutAccount(db, product.creator_id);
    if (!account?.is_ready) {
      purchasable = false;
      reason = 'This creator has not set up payouts yet, so this product cannot be bought right now.';
    }
  }
  if (bundle && !bundle.ownsAll && bundle.ownedCount > 0)
    return {
      owned,
      purchase,
      purchasable,
      reason,
      bundlePrice: { amountCents: bundle.amountCents, line: bundleCreditText(bundle.ownedCount, bundle.itemCount, bundle.creditCents) },
    };
  return { owned, purchase, purchasable, reason };
}

export async function startCheckout(
  db: Db,
  deps: PaymentsDeps,
  user: SessionUser,
  { productId, code, amount }: CheckoutBody,
  /** Where the buyer came from (the source cookie, docs/decisions/079): kept on the order. */
  source: TrafficSource = NO_SOURCE,
  /** The affiliate ref cookie (docs/decisions/081): checked again here, credited on the order. */
  ref: string | null = null,
): Promise<{ url: string; orderId: string }> {
  // A suspended account buys nothing until its suspension ends (docs/decisions/037).
  await assertNotSuspended(db, user.id, 'buy products');
  const product = await findPublishedProductForSale(db, productId);
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const kind = purchaseKind(product);
  if (!kind) throw new AppError('NOT_FOR_SALE');
  if (await canAccessProduct(db, user.id, product)) throw new AppError('ALREADY_OWNED');
  // A bundle: its price less what a partial owner paid for their items (docs/decisions/080).
  const bundle = await bundleCheckoutPrice(db, user.id, product);
  // The price from the product row and the code, or the amount the buyer named, as they are now,
  // locked into this checkout (docs/decisions/075, 077).
  const priced = product.pay_what_you_want
    ? pricedByBuyer(product, code, amount)
    : await priceWithCode(
        db,
        { id: product.id, creatorId: product.creator_id, listCents: bundle?.listCents ?? toCents(product.price), subscription: kind === 'subscription' },
        refuseNamedAmount(code, amount),
      );
  const discount = priced.code ? { codeId: priced.code.id, code: priced.code.code, discountCents: priced.discountCents } : null;
  const amountCents = priced.amountCents;
  const fee = feeCents(amountCents, deps.feeBps);
  const affiliate = orderAffiliate(await attributionFor(db, user.id, product.id, ref), amountCents, fee);
  const orderId = randomUUID();
  const order = {
    id: orderId,
    buyerId: user.id,
    productId: product.id,
    creatorId: product.creator_id,
    kind,
    amountCents,
    feeCents: fee,
    provider: deps.provider.name,
    discount,
    source,
    bundleCredit: bundle?.credit ?? null,
    affiliate,
  };
  // A 100% code or a PWYW $0: nothing to pay, so no provider and no payout account; a $0 order, paid at once.
  if (amountCents === 0) {
    await fulfilWithoutPayment(db, deps, async (trx) => {
      if (discount) await takeCodeUse(trx, discount.codeId);
      return insertOrder(trx, { ...order, sessionId: null, destinationAccountId: null });
    });
    return { url: returnUrls(deps.siteUrl, product.id, orderId).successUrl, orderId };
  }
  let destination: string | null = null;
  if (deps.provider.requiresPayoutAccount) {
    const account = await findPayoutAccount(db, product.creator_id);
    if (!account?.is_ready) throw new AppError('PAYOUTS_NOT_READY');
    destination = account.stripe_account_id;
  }
  const seller = await sellerName(db, product.creator_id);
  const session = await deps.provider.createCheckout({
    orderId,
    mode: kind === 'subscription' ? 'subscription' : 'payment',
    amountCents,
    feeCents: fee,
    currency: 'usd',
    product: { id: product.id, title: product.title },
    buyer: { id: user.id, email: user.email },
    destinationAccountId: destination,
    refundText: refundPolicyText(product.refund_policy),
    sellerText: soldByText(seller),
    discount: discount ? { code: discount.code, listCents: priced.listCents, discountCents: discount.discountCents } : null,
    ...returnUrls(deps.siteUrl, product.id, orderId),
  });
  // The code's use is taken with the order, in one transaction: a checkout that cannot take it
  // writes no order (its provider session is never shown and expires by itself).
  await db.transaction().execute(async (trx) => {
    if (discount) await takeCodeUse(trx, discount.codeId);
    await insertOrder(trx, { ...order, sessionId: session.sessionId, destinationAccountId: destination });
  });
  return { url: session.url, orderId };
}

/**
 * A pay-what-you-want price (docs/decisions/077): the amount the buyer named, in cents (already
 * read by the route's schema: a number of dollars, not negative, at most the maximum), at least
 * the product's minimum. A discount code does not apply: the buyer names their price instead.
 */
function pricedByBuyer(
  product: { price: string | number | null },
  code: string | null | undefined,
  amountCents: number | null | undefined,
): { listCents: number; amountCents: number; discountCents: number; code: null } {
  if (code?.trim()) throw new AppError('PWYW_NO_DISCOUNT_CODES', undefined, { code: ERRORS.PWYW_NO_DISCOUNT_CODES.message });
  if (amountCents === null || amountCents === undefined) throw new AppError('PWYW_AMOUNT_REQUIRED', undefined, { amount: 'Enter the amount you want to pay' });
  const { minCents } = pwywTerms(product);
  const refusal = namedAmountRefusal(amountCents, minCents);
  if (refusal) throw new AppError('PWYW_BELOW_MINIMUM', refusal, { amount: refusal });
  return { listCents: amountCents, amountCents, discountCents: 0, code: null };
}

/** A fixed-price product charges its price: a named amount is refused rather than ignored. */
function refuseNamedAmount(code: string | null | undefined, amountCents: number | null | undefined) {
  if (amountCents !== null && amountCents !== undefined)
    throw new AppError('PWYW_AMOUNT_NOT_ACCEPTED', undefined, { amount: ERRORS.PWYW_AMOUNT_NOT_ACCEPTED.message });
  return code;
}

/** One use of the code for this checkout, or 'This code has been used up.' (or ended or turned off since it was read). */
async function takeCodeUse(trx: Parameters<typeof takeDiscountUse>[0], codeId: string): Promise<void> {
  if (!(await takeDiscountUse(trx, codeId))) throw new AppError('DISCOUNT_CODE_USED_UP');
}

/** The seller as checkout, receipts and invoices name them: the creator's name. */
async function sellerName(db: Db, creatorId: string): Promise<string> {
  const creator = await findUserEmail(db, creatorId);
  return creator?.name?.trim() || 'the creator';
}

export interface LocalCheckoutView {
  sessionId: string;
  status: OrderStatus;
  kind: PurchaseKind;
  /** What the buyer pays before tax: the list price less the discount. */
  amountCents: number;
  /** A pay-what-you-want product: the amount is the one the buyer named (docs/decisions/077). */
  namedPrice: boolean;
  /** The discount line shown before paying (docs/decisions/075); null without a code. */
  discount: { code: string; listCents: number; discountCents: number } | null;
  /** A partial owner's bundle line, 'You own 1 of 3: −$19.00' (docs/decisions/080); null otherwise. */
  bundleCredit: string | null;
  product: { id: string; title: string; imageUrl: string | null };
  /** The product's refund policy, shown before paying (docs/decisions/049). */
  refundPolicy: RefundPolicy;
  /** The creator's name: 'Sold by {seller} through toolmint'. */
  seller: string;
  successUrl: string;
  cancelUrl: string;
  /**
   * A cart's checkout (docs/decisions/082): each product it pays, an order each; amountCents is
   * their total and `product` the first. Empty for a single product's checkout.
   */
  items: { productId: string; title: string; seller: string; amountCents: number; refundPolicy: RefundPolicy }[];
}

const SESSION_ID = /^cs_test_[A-Za-z0-9]{8,64}$/;

async function findOwnLocalSession(db: Db, deps: PaymentsDeps, userId: string, sessionId: string) {
  if (!(deps.provider instanceof LocalPaymentProvider) || !SESSION_ID.test(sessionId)) throw new AppError('CHECKOUT_NOT_FOUND');
  // One order, or a cart's order per product (docs/decisions/082), all of one buyer.
  const orders = await findOrdersBySession(db, sessionId);
  const order = orders[0];
  // Another user's checkout is answered exactly like one that does not exist.
  if (!order || orders.some((o) => o.buyer_id !== userId) || order.provider !== 'local') throw new AppError('CHECKOUT_NOT_FOUND');
  // A cart's orders move together (paid or closed by one event); pending while any is.
  const status: OrderStatus = orders.some((o) => o.status === 'pending') ? 'pending' : order.status;
  const totalCents = orders.reduce((sum, o) => sum + o.amount_cents, 0);
  const urls = order.checkout_group ? cartReturnUrls(deps.siteUrl) : returnUrls(deps.siteUrl, order.product_id, order.id);
  return { order, orders, status, totalCents, urls, provider: deps.provider };
}

export async function getLocalCheckout(db: Db, deps: PaymentsDeps, userId: string, sessionId: string): Promise<LocalCheckoutView> {
  const { order, orders, status, totalCents, urls } = await findOwnLocalSession(db, deps, userId, sessionId);
  const product = await findProductForCheckout(db, order.product_id);
  const items = order.checkout_group
    ? await Promise.all(
        orders.map(async (o) => {
          const p = o.id === order.id ? product : await findProductForCheckout(db, o.product_id);
          return {
            productId: o.product_id,
            title: p?.title ?? 'Product',
            seller: await sellerName(db, o.creator_id),
            amountCents: o.amount_cents,
            refundPolicy: p?.refund_policy ?? DEFAULT_REFUND_POLICY,
          };
        }),
      )
    : [];
  return {
    sessionId,
    status,
    kind: order.kind,
    amountCents: totalCents,
    namedPrice: !order.checkout_group && product?.pay_what_you_want === true,
    discount: order.discount_code
      ? { code: order.discount_code, listCents: order.amount_cents + order.discount_cents, discountCents: order.discount_cents }
      : null,
    bundleCredit: order.checkout_group ? null : await bundleCreditLine(db, order),
    product: { id: order.product_id, title: product?.title ?? 'Product', imageUrl: product?.image_url ?? null },
    refundPolicy: product?.refund_policy ?? DEFAULT_REFUND_POLICY,
    seller: await sellerName(db, order.creator_id),
    ...urls,
    items,
  };
}

/** What the buyer will pay for this country (and VAT ID), before paying: the server's quote, over a cart's total. */
export async function quoteLocalCheckout(db: Db, deps: PaymentsDeps, userId: string, sessionId: string, buyer: BuyerTax): Promise<TaxQuote> {
  const { totalCents } = await findOwnLocalSession(db, deps, userId, sessionId);
  return quoteFor(totalCents, buyer, deps.taxOriginCountry ?? null);
}

export async function payLocalCheckout(db: Db, deps: PaymentsDeps, userId: string, sessionId: string, body: PayCheckoutBody): Promise<{ redirectUrl: string }> {
  const { order, orders, status, totalCents, urls, provider } = await findOwnLocalSession(db, deps, userId, sessionId);
  const { successUrl } = urls;
  // A second submit after the payment went through lands on the same success.
  if (status === 'paid') return { redirectUrl: successUrl };
  if (status !== 'pending') throw new AppError('CHECKOUT_CLOSED');
  // A product may have been archived, unpublished or made free since the checkout started:
  // refused before any charge, and the checkout stays open should it be for sale again.
  for (const o of orders) if (!(await isStillForSale(db, o.product_id))) throw new AppError('PRODUCT_NO_LONGER_FOR_SALE');
  // A malformed VAT ID is a field error before the card is read.
  const quote = quoteFor(totalCents, body, deps.taxOriginCountry ?? null);
  const outcome = testCardOutcome(body.cardNumber);
  if (outcome.outcome === 'invalid') throw new AppError('VALIDATION_FAILED', undefined, { cardNumber: outcome.message });
  if (outcome.outcome !== 'success') throw new AppError('CARD_DECLINED', outcome.message);
  const buyer = await findUserEmail(db, userId);
  const payload = JSON.stringify(
    completedEvent(
      sessionId,
      { ...order, amount_cents: totalCents },
      {
        quote,
        email: buyer?.email ?? null,
        name: buyer?.name ?? null,
        company: body.company ?? null,
        vatId: body.vatId ? normalizeVatId(body.vatId) : null,
        last4: body.cardNumber.replace(/\D/g, '').slice(-4),
      },
    ),
  );
  await handleWebhook(db, deps, payload, provider.sign(payload));
  return { redirectUrl: successUrl };
}

interface LocalPayment {
  quote: TaxQuote;
  email: string | null;
  name: string | null;
  company: string | null;
  vatId: string | null;
  last4: string;
}

/**
 * checkout.session.completed as Stripe sends it (the fields toolmint reads, and their
 * neighbours), with the tax where Stripe Tax puts it and the payment intent expanded to its
 * card (the test cards are all Visa).
 */
function completedEvent(
  sessionId: string,
  order: { id: string; product_id: string; buyer_id: string; kind: string; amount_cents: number; checkout_group: string | null },
  paid: LocalPayment,
) {
  const subscription = order.kind === 'subscription' ? localId('sub') : null;
  const paymentIntent = {
    id: localId('pi'),
    object: 'payment_intent',
    amount: paid.quote.totalCents,
    currency: 'usd',
    payment_method: { id: localId('pm'), object: 'payment_method', type: 'card', card: { brand: 'visa', last4: paid.last4 } },
  };
  return {
    id: localId('evt'),
    object: 'event',
    api_version: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: subscription ? 'subscription' : 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_subtotal: order.amount_cents,
        amount_total: paid.quote.totalCents,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: paid.quote.taxCents },
        automatic_tax: { enabled: true, status: 'complete' },
        customer_details: {
          email: paid.email,
          name: paid.name,
          business_name: paid.company,
          address: { country: paid.quote.country },
          tax_exempt: paid.quote.reverseCharge ? 'reverse' : 'none',
          tax_ids: paid.vatId ? [{ type: 'eu_vat', value: paid.vatId }] : [],
        },
        currency: 'usd',
        // A cart's session names its group, as stripe-provider.ts's does (docs/decisions/082).
        client_reference_id: order.checkout_group ?? order.id,
        metadata: order.checkout_group
          ? { checkoutGroup: order.checkout_group, buyerId: order.buyer_id }
          : { orderId: order.id, productId: order.product_id, buyerId: order.buyer_id },
        payment_intent: subscription ? null : paymentIntent,
        invoice: subscription ? { id: localId('in'), object: 'invoice', payment_intent: paymentIntent } : null,
        subscription,
      },
    },
  };
}
