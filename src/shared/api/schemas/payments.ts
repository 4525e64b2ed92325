/**
 * Payments shapes as the API takes and answers them (docs/decisions/013, 024): the checkout
 * and card bodies, receipts, refunds, subscriptions, payouts, the admin's orders and the
 * buyer's library. Money is integer cents computed on the server (a payout request's `amount`
 * is the one figure in dollars: the payouts table keeps it so). The types the services, pages
 * and islands use are derived from these schemas.
 */
import * as z from 'zod/mini';
import { ORDER_STATUSES, PAYMENT_EVENT_STATUSES, PAYOUT_STATUSES, PURCHASE_KINDS, SUBSCRIPTION_STATUSES } from '../../domain';
import { isValidExpiry } from '../../payments';
import { uuid } from '../contract';

const cents = () => z.int();
const isoDate = () => z.nullable(z.string());

// --- Requests ---

/** POST /api/checkout: the product to buy; its price is read on the server, never sent. */
export const CheckoutBodySchema = z.strictObject({ productId: uuid() });
export type CheckoutBody = z.output<typeof CheckoutBodySchema>;

/** The local test-mode checkout's card: Stripe's test cards decide the outcome on the server. */
export const CardSchema = z.strictObject({
  cardNumber: z.string().check(z.trim(), z.minLength(1, 'Enter your card number'), z.maxLength(30, 'Your card number is invalid.')),
  expiry: z.string().check(
    z.trim(),
    z.refine((v) => isValidExpiry(v), 'Your card’s expiration date is incomplete or in the past.'),
  ),
  cvc: z.string().check(z.trim(), z.regex(/^\d{3,4}$/, 'Your card’s security code is incomplete.')),
});
export type Card = z.output<typeof CardSchema>;

// --- Answers ---

export const CheckoutStartedSchema = z.object({ url: z.string() });
export const CheckoutPaidSchema = z.object({ redirectUrl: z.string() });
/** A link to open at the payment provider (payout onboarding, the Express dashboard). */
export const ProviderLinkSchema = z.object({ url: z.string() });

export const ReceiptSchema = z.object({
  id: z.string(),
  /** TM-000042 */
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  kind: z.enum(PURCHASE_KINDS),
  amountCents: cents(),
  currency: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  paidAt: isoDate(),
  refundedAt: isoDate(),
});
export type Receipt = z.output<typeof ReceiptSchema>;

export const RefundedSchema = z.object({ id: z.string(), status: z.literal('refunded') });

export const SubscriptionCancelledSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: isoDate(),
});

/** Whether the creator's payouts are set up (Stripe Connect); with the local provider `stripe` is false. */
export const PayoutSetupSchema = z.object({ stripe: z.boolean(), connected: z.boolean(), ready: z.boolean() });

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

/** A creator's payout request ('Request Payout' on /earnings); `amount` in dollars as stored. */
export const PayoutRequestSchema = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  requestedAt: z.string(),
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
      amountCents: cents(),
      paidAt: isoDate(),
      refundedAt: isoDate(),
      canRefund: z.boolean(),
    }),
  ),
  subscription: z.nullable(z.object({ status: z.string(), currentPeriodEnd: isoDate(), cancelAtPeriodEnd: z.boolean() })),
  lastDownloadedAt: isoDate(),
  /** The licence key the order (or a free product's download) issued; disabled after a refund or by the creator (docs/decisions/026). */
  license: z.nullable(z.object({ key: z.string(), disabled: z.boolean() })),
});
export type LibraryItem = z.output<typeof LibraryItemSchema>;
