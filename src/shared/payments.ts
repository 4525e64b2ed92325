/**
 * Money and purchase rules shared by the server (functions/payments, functions/studio) and
 * the islands: integer cents from a product's price, the platform fee in basis points, what
 * needs paying, the labels of the buy button and the local checkout's test cards.
 * Pure and isomorphic; every amount is an integer number of cents.
 */
import { PRODUCT_DEFAULTS, REFUND_POLICY_DAYS, type PurchaseKind, type RefundPolicy } from './domain';

/** The platform keeps 15% (the spec's 0.85 creator share), as basis points. */
export const DEFAULT_PLATFORM_FEE_BPS = 1500;
/** A refund request the creator has not answered in this many days goes to the administrators (docs/decisions/049). */
export const REFUND_REQUEST_ESCALATION_DAYS = 7;
/** A buyer with this many refunds in REFUND_LIMIT_DAYS gets no instant refund: each one is a request to the creator. */
export const REFUND_LIMIT = 3;
export const REFUND_LIMIT_DAYS = 90;
/** The longest a buyer may give as the reason of a refund request, and a creator as the message of a decision. */
export const REFUND_TEXT_MAX = 2000;

/** What the product page and checkout say before paying: 'Refunds: within 30 days' or 'No refunds'. */
export function refundPolicyText(policy: RefundPolicy): string {
  const days = REFUND_POLICY_DAYS[policy];
  return days > 0 ? `Refunds: within ${days} days` : 'No refunds';
}

/**
 * Whether a paid order is still inside its product's refund window: `days` days after payment,
 * to the millisecond. 'No refunds' (0 days) never is.
 */
export function isWithinRefundWindow(policy: RefundPolicy, paidAt: Date | string | null, now: Date = new Date()): boolean {
  const days = REFUND_POLICY_DAYS[policy];
  if (days <= 0 || !paidAt) return false;
  return now.getTime() - new Date(paidAt).getTime() <= days * 24 * 60 * 60 * 1000;
}
/** A subscription period, for the local provider (Stripe bills monthly on its own clock). */
export const SUBSCRIPTION_PERIOD_DAYS = 30;

/**
 * The period a price is billed for, as people read it after the amount: '/month' for a
 * subscription, '' otherwise. Monthly is the only period there is: orders and subscriptions
 * store no interval, Stripe's prices are created with `interval: 'month'` and the local
 * provider renews every SUBSCRIPTION_PERIOD_DAYS (docs/decisions/013, 047). Pages show prices
 * with formatPrice (format.ts), which appends it.
 */
export function pricePeriod(pricingModel: string | null | undefined): '' | '/month' {
  return pricingModel === 'subscription' ? '/month' : '';
}

/**
 * Cents of a numeric(…, 2) price as Postgres returns it ('79.00') or a number. Parsed from the
 * decimal text, so 0.29 is 29 cents, never 28.999… Invalid or negative: 0.
 */
export function toCents(price: number | string | null | undefined): number {
  if (price === null || price === undefined) return 0;
  const text = typeof price === 'number' ? (Number.isFinite(price) ? price.toFixed(6) : '') : price.trim();
  const match = /^(\d+)(?:\.(\d{1,}))?$/.exec(text);
  if (!match) return 0;
  const whole = Number(match[1]);
  const fraction = (match[2] ?? '').padEnd(3, '0');
  // Round half up on the third decimal (numeric(12, 2) never has one; a number might).
  return whole * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
}

/** The platform's fee of an amount: bps/10000 of it, rounded half up to a whole cent. */
export function feeCents(amountCents: number, feeBps: number = DEFAULT_PLATFORM_FEE_BPS): number {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return 0;
  return Math.floor((amountCents * feeBps + 5000) / 10000);
}

/**
 * A subscription's fee as Stripe takes it, `application_fee_percent` (at most two decimals), in
 * basis points: the platform fee of the price over the price, rounded to the basis point.
 */
export function applicationFeeBps(amountCents: number, fee: number): number {
  return amountCents > 0 ? Math.round((fee * 10000) / amountCents) : 0;
}

/**
 * What Stripe Connect sent a creator of a paid subscription invoice beyond their net on the
 * price (docs/decisions/050): Stripe takes application_fee_percent of the invoice's total, tax
 * included, and transfers the rest, so part of the tax reaches the connected account. The
 * excess is (total - Stripe's fee) - (price - the platform fee on the price). Stripe's fee is the
 * invoice's application fee when the event says it, else the percent toolmint sent applied to
 * the total, rounded half up like feeCents. 0 when there is no tax (nothing to take back).
 */
export function subscriptionTaxExcessCents(
  invoice: { amountPaidCents: number; taxCents: number; applicationFeeCents?: number | null },
  feeBps: number = DEFAULT_PLATFORM_FEE_BPS,
): number {
  const { amountPaidCents: total, taxCents: tax } = invoice;
  const price = total - tax;
  if (!Number.isInteger(total) || !Number.isInteger(tax) || tax <= 0 || price <= 0) return 0;
  const platformFee = feeCents(price, feeBps);
  const stripeFee = invoice.applicationFeeCents ?? feeCents(total, applicationFeeBps(price, platformFee));
  return Math.max(0, total - stripeFee - (price - platformFee));
}

/** What the creator keeps of a sale. */
export function netCents(amountCents: number, fee: number): number {
  return amountCents - fee;
}

/** $79.00 from cents (exact: no floating-point sums). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** 79.00 from cents, for CSV cells. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface PriceSource {
  price: number | string | null;
  pricing_model?: string | null;
  pricingModel?: string | null;
  /** Pay what you want (docs/decisions/077): sold even at a $0 minimum, the buyer's $0 being an order. */
  pay_what_you_want?: boolean | null;
  payWhatYouWant?: boolean | null;
}

/**
 * Whether obtaining a product takes a payment: a positive price on a one-time or subscription
 * product. free and freemium products stay free downloads (docs/decisions/013).
 */
export function purchaseKind(p: PriceSource): PurchaseKind | null {
  const model = p.pricing_model ?? p.pricingModel ?? PRODUCT_DEFAULTS.pricingModel;
  if (model === 'one_time' && (p.pay_what_you_want ?? p.payWhatYouWant)) return 'one_time';
  if (toCents(p.price) <= 0) return null;
  if (model === 'subscription') return 'subscription';
  if (model === 'one_time') return 'one_time';
  return null;
}

/** The product page's button before the buyer owns the product. */
export function buyLabel(p: PriceSource): string {
  const kind = purchaseKind(p);
  const price = formatCents(toCents(p.price));
  return kind === 'subscription' ? `Subscribe for ${price}${pricePeriod(kind)}` : `Buy for ${price}`;
}

/** The local checkout's pay button. */
export function payLabel(kind: PurchaseKind, amountCents: number): string {
  return kind === 'subscription' ? `Subscribe ${formatCents(amountCents)}${pricePeriod(kind)}` : `Pay ${formatCents(amountCents)}`;
}

/** Order numbers as people read them: TM-000042. */
export function formatOrderNumber(n: number | string): string {
  return `TM-${String(n).padStart(6, '0')}`;
}

/** The number inside 'TM-000042' (or '42'), for admin search; null when it is not one. */
export function parseOrderNumber(text: string): number | null {
  const match = /^(?:tm-?)?0*(\d{1,15})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/**
 * Stripe's documented test cards and what the local checkout does with them
 * (https://docs.stripe.com/testing). Any other number is declined like an unknown card.
 */
const TEST_CARDS = {
  '4242424242424242': { outcome: 'success' },
  '4000000000000002': { outcome: 'declined', message: 'Your card was declined.' },
  '4000000000009995': { outcome: 'insufficient_funds', message: 'Your card has insufficient funds.' },
} as const;

export type CardOutcome = { outcome: 'success' } | { outcome: 'declined' | 'insufficient_funds' | 'invalid'; message: string };

export function testCardOutcome(cardNumber: string): CardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return { outcome: 'invalid', message: 'Your card number is invalid.' };
  const known = (TEST_CARDS as Record<string, CardOutcome>)[digits];
  return known ?? { outcome: 'declined', message: 'Your card was declined.' };
}

/** 'MM / YY' in the future (end of that month). */
export function isValidExpiry(text: string, now: Date = new Date()): boolean {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return Date.UTC(year, month, 1) > now.getTime();
}
