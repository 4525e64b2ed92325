/**
 * Payments shapes as the API takes and answers them (docs/decisions/013, 024): the checkout
 * and card bodies, receipts, refunds, subscriptions, payouts, the admin's orders and the
 * buyer's library. Money is integer cents computed on the server. The types the services, pages
 * and islands use are derived from these schemas.
 */
import * as z from 'zod/mini';
import {
  DISCOUNT_KINDS,
  LEDGER_ENTRY_KINDS,
  ORDER_STATUSES,
  PAYMENT_EVENT_STATUSES,
  PAYOUT_STATUSES,
  PURCHASE_KINDS,
  REFUND_DECIDERS,
  REFUND_DECISIONS,
  REFUND_OFFERS,
  REFUND_REQUEST_STATUSES,
  SUBSCRIPTION_STATUSES,
} from '../../domain';
import { isValidExpiry, REFUND_TEXT_MAX } from '../../payments';
import { isKnownCountry } from '../../tax';
import { checkoutCodeField, DISCOUNT_STATES } from '../../discounts';
import { checkoutAmountField } from '../../pwyw';
import { safeText } from '../../text';
import { uuid } from '../contract';
import { maxLength, optionalText, strictObject, userText } from './fields';

const cents = () => z.int();
const isoDate = () => z.nullable(z.string());

// --- Requests ---

/** POST /api/checkout: the product to buy and an optional discount code; the price is read on the server, never sent. */
export const CheckoutBodySchema = z.strictObject({
  productId: uuid(),
  /** A discount code of the product's creator (case-insensitive), one per checkout (docs/decisions/075). */
  code: checkoutCodeField(),
  /**
   * Pay what you want (docs/decisions/077): the amount the buyer names, in dollars ('12.50' or
   * 12.5), read as cents; required for a PWYW product (at least its minimum), refused for others.
   */
  amount: checkoutAmountField(),
});
export type CheckoutBody = z.output<typeof CheckoutBodySchema>;

/** The local test-mode checkout's card: Stripe's test cards decide the outcome on the server. */
const CardSchema = z.strictObject({
  cardNumber: z.string().check(z.trim(), z.minLength(1, 'Enter your card number'), z.maxLength(30, 'Your card number is invalid.')),
  expiry: z.string().check(
    z.trim(),
    z.refine((v) => isValidExpiry(v), 'Your card’s expiration date is incomplete or in the past.'),
  ),
  cvc: z.string().check(z.trim(), z.regex(/^\d{3,4}$/, 'Your card’s security code is incomplete.')),
});

/**
 * Who is buying, for the tax (docs/decisions/050): the country (required: the buyer picks it,
 * nothing is guessed), and for a business its company name and EU VAT ID. The VAT ID's format
 * is checked against the country on the server (vatIdProblem), answered under `vatId`.
 */
const BUYER_TAX_FIELDS = {
  country: z.string({ error: 'Choose your country' }).check(z.refine((v) => isKnownCountry(v), 'Choose your country')),
  company: optionalText(maxLength(200, 'At most 200 characters')),
  vatId: optionalText(maxLength(30, 'At most 30 characters')),
};
export const BuyerTaxSchema = z.strictObject(BUYER_TAX_FIELDS);
export type BuyerTax = z.output<typeof BuyerTaxSchema>;

/** POST /api/checkout/{sessionId}/pay: the card and the buyer's tax details. */
export const PayCheckoutSchema = z.strictObject({ ...CardSchema.shape, ...BUYER_TAX_FIELDS });
export type PayCheckoutBody = z.output<typeof PayCheckoutSchema>;

/** POST /api/orders/{id}/refund-request: why the buyer wants their money back (docs/decisions/049). */
const REASON_REQUIRED = 'Tell the creator why you want a refund';
export const RefundRequestBodySchema = strictObject({
  reason: userText((value) => (!value ? REASON_REQUIRED : maxLength(REFUND_TEXT_MAX, `At most ${REFUND_TEXT_MAX} characters`)(value)), {
    required: REASON_REQUIRED,
  }),
});

/** POST /api/refund-requests/{id}/decision: approve (the buyer is refunded) or decline, with an optional message to the buyer. */
export const RefundDecisionBodySchema = strictObject({
  decision: z.enum(REFUND_DECISIONS, { error: 'Approve or decline the request' }),
  message: optionalText(maxLength(REFUND_TEXT_MAX, `At most ${REFUND_TEXT_MAX} characters`)),
});
export type RefundDecisionBody = z.output<typeof RefundDecisionBodySchema>;

// --- Answers ---

export const CheckoutStartedSchema = z.object({ url: z.string() });
export const CheckoutPaidSchema = z.object({ redirectUrl: z.string() });
/** What the buyer pays, before paying: the price, the tax line and the total (docs/decisions/050). */
export const TaxQuoteSchema = z.object({
  priceCents: cents(),
  taxCents: cents(),
  totalCents: cents(),
  rateBps: z.int(),
  country: z.string(),
  reverseCharge: z.boolean(),
  /** 'VAT 19% (Germany)'; null when no tax applies there. */
  label: z.nullable(z.string()),
});
/** A link to open at the payment provider (payout onboarding, the Express dashboard). */
export const ProviderLinkSchema = z.object({ url: z.string() });

export const ReceiptSchema = z.object({
  id: z.string(),
  /** TM-000042 */
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  kind: z.enum(PURCHASE_KINDS),
  /** The price without tax, after the discount. */
  amountCents: cents(),
  /** The discount code applied, upper-case, and its discount in cents (docs/decisions/075): the list price was amountCents + discountCents. */
  discountCode: z.nullable(z.string()),
  discountCents: cents(),
  /** Tax on top of the price (docs/decisions/050). */
  taxCents: cents(),
  /** What the buyer paid: amountCents + taxCents. */
  totalCents: cents(),
  currency: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  paidAt: isoDate(),
  refundedAt: isoDate(),
});

export const RefundedSchema = z.object({ id: z.string(), status: z.literal('refunded') });

/** A refund request as its buyer, its creator and administrators see it (docs/decisions/049). */
export const RefundRequestSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
  escalatedAt: isoDate(),
  decidedAt: isoDate(),
  decider: z.nullable(z.enum(REFUND_DECIDERS)),
  decisionMessage: z.nullable(z.string()),
});
export type RefundRequestView = z.output<typeof RefundRequestSchema>;

export const SubscriptionCancelledSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: isoDate(),
});

/** Whether the creator's payouts are set up (Stripe Connect); with the local provider `stripe` is false. */
/** Stripe's payout schedule of the connected account (src/shared/payout-schedule.ts); null locally or before the account is ready. */
const PayoutScheduleSchema = z.object({
  interval: z.enum(['manual', 'daily', 'weekly', 'monthly']),
  delayDays: z.nullable(z.number()),
  weeklyAnchor: z.nullable(z.string()),
  monthlyAnchor: z.nullable(z.number()),
});

export const PayoutSetupSchema = z.object({ stripe: z.boolean(), connected: z.boolean(), ready: z.boolean(), schedule: z.nullable(PayoutScheduleSchema) });

export const WebhookReceiptSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  status: z.optional(z.enum(PAYMENT_EVENT_STATUSES)),
});

export const AdminOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  kind: z.enum(PURCHASE_KINDS),
  amountCents: cents(),
  feeCents: cents(),
  buyerEmail: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  createdAt: isoDate(),
  paidAt: isoDate(),
  refundedAt: isoDate(),
});
export type AdminOrder = z.output<typeof AdminOrderSchema>;

/**
 * A creator's payout (docs/decisions/048): requested -> processing -> paid | failed |
 * cancelled. `amountCents` goes down while it is open when a sale in it is refunded.
 */
export const PayoutSchema = z.object({
  id: z.string(),
  amountCents: cents(),
  status: z.enum(PAYOUT_STATUSES),
  requestedAt: z.string(),
  paidAt: isoDate(),
  /** When it failed or was cancelled. */
  closedAt: isoDate(),
  /** The transfer's reference, once paid. */
  reference: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
});
export type Payout = z.output<typeof PayoutSchema>;

/** A payout as administrators see it at /admin/payouts: with its creator. */
export const AdminPayoutSchema = z.extend(PayoutSchema, { creatorId: z.string(), creatorName: z.string(), creatorEmail: z.string() });
export type AdminPayout = z.output<typeof AdminPayoutSchema>;

/** A creator's notice in /tool-updates that a payout was paid or failed (docs/decisions/048), with the payout as it is now. */
export const PayoutFeedItemSchema = z.object({
  kind: z.literal('payout'),
  /** The notification's id. */
  id: z.string(),
  notificationId: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  payoutId: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amountCents: cents(),
  reference: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
});

/** Marking a payout paid: the transfer's reference (a bank or provider id). */
export const PayoutPaidBodySchema = z.strictObject({
  reference: safeText().check(z.trim(), z.minLength(1, 'Enter the transfer reference'), z.maxLength(200, 'At most 200 characters')),
});
/** Marking a payout failed: why, as the creator will read it. */
export const PayoutFailedBodySchema = z.strictObject({
  reason: safeText().check(z.trim(), z.minLength(1, 'Say why the payout failed'), z.maxLength(500, 'At most 500 characters')),
});

/** One line of /library: an order (paid or refunded), or a free product downloaded without one. */
export const LibraryItemSchema = z.object({
  productId: z.string(),
  title: z.string(),
  imageUrl: z.nullable(z.string()),
  /** Whether Download again works today. */
  hasAccess: z.boolean(),
  order: z.nullable(
    z.object({
      id: z.string(),
      number: z.string(),
      status: z.enum(['paid', 'refunded'] as const satisfies readonly (typeof ORDER_STATUSES)[number][]),
      kind: z.enum(PURCHASE_KINDS),
      /** The price without tax, after any discount. */
      amountCents: cents(),
      /** The discount code applied and its discount in cents (docs/decisions/075). */
      discountCode: z.nullable(z.string()),
      discountCents: cents(),
      /** Tax on top of the price (docs/decisions/050); the buyer paid amountCents + taxCents. */
      taxCents: cents(),
      paidAt: isoDate(),
      refundedAt: isoDate(),
      /** Whether 'Request refund' is offered (refundOffer is not 'none'). */
      canRefund: z.boolean(),
      /**
       * What 'Request refund' does (docs/decisions/049): refund at once, ask the creator with a
       * reason (the deliverable was opened, or the buyer's refund limit was reached), or nothing.
       */
      refundOffer: z.enum(REFUND_OFFERS),
      /** The order's refund request and its answer, if the buyer asked. */
      refundRequest: z.nullable(z.object({ status: z.enum(REFUND_REQUEST_STATUSES), decisionMessage: z.nullable(z.string()) })),
    }),
  ),
  subscription: z.nullable(z.object({ status: z.string(), currentPeriodEnd: isoDate(), cancelAtPeriodEnd: z.boolean() })),
  lastDownloadedAt: isoDate(),
  /** The licence key the order (or a free product's download) issued; disabled after a refund or by the creator (docs/decisions/026). */
  license: z.nullable(z.object({ key: z.string(), disabled: z.boolean() })),
  /** The bundle whose paid order gives this product (docs/decisions/080): 'from the bundle X'; null otherwise. */
  fromBundle: z.nullable(z.object({ id: z.string(), title: z.string() })),
});
export type LibraryItem = z.output<typeof LibraryItemSchema>;

/** The largest adjustment an administrator can make in one entry: $1,000,000.00. */
const ADJUSTMENT_MAX_CENTS = 100_000_000;

/** An administrator's adjustment of a creator's balance: + owed to them, - owed by them; never 0. */
export const LedgerAdjustmentBodySchema = z.strictObject({
  amountCents: z.int('Enter a whole number of cents').check(
    z.gte(-ADJUSTMENT_MAX_CENTS, 'At most $1,000,000.00 either way'),
    z.lte(ADJUSTMENT_MAX_CENTS, 'At most $1,000,000.00 either way'),
    z.refine((v) => v !== 0, 'An adjustment cannot be $0.00'),
  ),
  reason: safeText().check(z.trim(), z.minLength(1, 'Say why'), z.maxLength(500, 'At most 500 characters')),
  /**
   * Chosen by the form once per adjustment it means (docs/decisions/051): a double submit or a
   * retried request with the same key makes one entry.
   */
  idempotencyKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'A key of 8 to 100 letters, digits, - or _')),
});
export type LedgerAdjustmentBody = z.output<typeof LedgerAdjustmentBodySchema>;

/**
 * The administrators' adjustment form (src/components/admin/AdjustmentForm.tsx): the amount in
 * dollars as typed ('-5.00', '12'), converted to cents for the API with adjustmentCents.
 */
export const AdjustmentFormSchema = z.strictObject({
  amount: z.string().check(z.trim(), z.regex(/^[-+]?\d{1,7}(\.\d{1,2})?$/, 'Enter an amount in dollars, like 25.00 or -5.00')),
  reason: safeText().check(z.trim(), z.minLength(1, 'Say why'), z.maxLength(500, 'At most 500 characters')),
});
export type AdjustmentForm = z.output<typeof AdjustmentFormSchema>;

/** '-5.00' -> -500, '12' -> 1200 (the form's amount, already matching AdjustmentFormSchema). */
export function adjustmentCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.trim().replace(/^[-+]/, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return amount.trim().startsWith('-') ? -cents : cents;
}

/** One entry of a creator's ledger (docs/decisions/048); entries are never changed. */
export const LedgerEntrySchema = z.object({
  id: z.string(),
  creatorId: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amountCents: cents(),
  orderId: z.nullable(z.string()),
  payoutId: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  availableAt: z.string(),
  createdAt: z.string(),
});
export type LedgerEntryView = z.output<typeof LedgerEntrySchema>;

// --- Discount codes (docs/decisions/075) ---

/** A creator's discount code with its figures, as /api/studio/discounts answers it. */
export const DiscountCodeViewSchema = z.object({
  id: z.string(),
  /** Upper-case: codes are case-insensitive. */
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percentOff: z.nullable(z.int()),
  amountOffCents: z.nullable(cents()),
  /** Null: every product of the creator. */
  productIds: z.nullable(z.array(z.string())),
  startsAt: isoDate(),
  endsAt: isoDate(),
  maxUses: z.nullable(z.int()),
  minPriceCents: cents(),
  isActive: z.boolean(),
  state: z.enum(DISCOUNT_STATES),
  /** Checkouts holding the code now plus orders paid with it: what 'max uses' counts. */
  uses: z.int(),
  /** Paid orders with the code (refunded ones are not counted). */
  paidOrders: z.int(),
  /** What those orders paid, before tax, in cents. */
  revenueCents: cents(),
  /** The discount they were given, in cents. */
  discountCents: cents(),
  createdAt: z.string(),
});
export type DiscountCodeView = z.output<typeof DiscountCodeViewSchema>;
