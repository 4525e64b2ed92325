/**
 * Payments (docs/decisions/013): checkout, receipts, refunds and subscriptions, creators'
 * payouts and earnings, Stripe's webhook and the admin's order list. Amounts are integer cents
 * computed on the server from the product row: no route takes a price.
 */
import * as z from 'zod/mini';
import { CHECKOUT_SESSION_ID_PATTERN } from '../../ids';
import { safeText } from '../../text';
import { defineRoute, file, json, page, pageQuery, uuid } from '../contract';
import { userId } from './profile';
import {
  AdminOrderSchema,
  PayCheckoutSchema,
  CheckoutBodySchema,
  CheckoutPaidSchema,
  CheckoutStartedSchema,
  AdminPayoutSchema,
  LedgerAdjustmentBodySchema,
  LedgerEntrySchema,
  PayoutFailedBodySchema,
  PayoutPaidBodySchema,
  PayoutSchema,
  PayoutSetupSchema,
  ProviderLinkSchema,
  ReceiptSchema,
  RefundDecisionBodySchema,
  RefundedSchema,
  RefundRequestBodySchema,
  RefundRequestSchema,
  SubscriptionCancelledSchema,
  WebhookReceiptSchema,
} from '../schemas/payments';

const EXAMPLE_PRODUCT = '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a';
const EXAMPLE_ORDER = '5d1c9e2a-7b3f-4e8d-a6c4-1f2e3d4c5b6a';
const orderParams = z.strictObject({ id: uuid() });

export const startCheckout = defineRoute({
  method: 'POST',
  path: '/api/checkout',
  operationId: 'startCheckout',
  tag: 'Checkout',
  summary: 'Start a checkout for a paid product',
  description:
    'Answers the URL of the payment page (Stripe Checkout, or the local test-mode page). The amount is the product’s price when the checkout starts, less the discount of `code` (optional, one per checkout, a code of the product’s creator), locked in integer cents; the order is written pending and becomes paid through the webhook. A code that brings the price to $0 gives a paid $0 order at once, and the URL is the product page’s success address. A code that is unknown, expired, not started, turned off, used up or for another product is a 422 saying so. A pay-what-you-want product (docs/decisions/077) charges `amount`, the price the buyer names in dollars (text such as 12.50, or a number), required there and refused on any other product: not a number, negative, more than two decimals or over $10,000 is a 400 under `amount`; below the product’s minimum a 422 naming the minimum; a discount code does not apply to it (422); $0 gives a paid $0 order at once, like a 100% code. Needs a verified email.',
  auth: 'verified',
  body: json(CheckoutBodySchema),
  status: 201,
  response: json(CheckoutStartedSchema),
  errors: [
    'PRODUCT_NOT_FOUND',
    'NOT_FOR_SALE',
    'ALREADY_OWNED',
    'PAYOUTS_NOT_READY',
    'PAYMENTS_UNAVAILABLE',
    'DISCOUNT_CODE_NOT_FOUND',
    'DISCOUNT_CODE_EXPIRED',
    'DISCOUNT_CODE_NOT_STARTED',
    'DISCOUNT_CODE_INACTIVE',
    'DISCOUNT_CODE_USED_UP',
    'DISCOUNT_CODE_NOT_FOR_PRODUCT',
    'DISCOUNT_CODE_NOT_FOR_SUBSCRIPTIONS',
    'PWYW_AMOUNT_REQUIRED',
    'PWYW_BELOW_MINIMUM',
    'PWYW_AMOUNT_NOT_ACCEPTED',
    'PWYW_NO_DISCOUNT_CODES',
  ],
  example: { body: { productId: EXAMPLE_PRODUCT, code: 'LAUNCH' } },
});

export const payCheckout = defineRoute({
  method: 'POST',
  path: '/api/checkout/{sessionId}/pay',
  operationId: 'payCheckout',
  tag: 'Checkout',
  summary: 'Pay a local test-mode checkout with a Stripe test card',
  description:
    'Only with the local payment provider (no Stripe keys): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds. A second submit after success answers the same redirect. Only the buyer who started the checkout may pay it. A product archived, unpublished or made free since the checkout started is refused before the card is read.',
  auth: 'verified',
  params: z.strictObject({ sessionId: z.string().check(z.regex(CHECKOUT_SESSION_ID_PATTERN, 'Not a valid id')) }),
  body: json(PayCheckoutSchema),
  response: json(CheckoutPaidSchema),
  errors: ['CHECKOUT_NOT_FOUND', 'CHECKOUT_CLOSED', 'PRODUCT_NO_LONGER_FOR_SALE', 'CARD_DECLINED'],
  example: {
    params: { sessionId: 'cs_test_a1B2c3D4e5F6g7H8' },
    body: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', country: 'DE', company: null, vatId: null },
  },
});

export const getOrder = defineRoute({
  method: 'GET',
  path: '/api/orders/{id}',
  operationId: 'getOrder',
  tag: 'Orders',
  summary: 'The receipt of one of the caller’s orders',
  description: 'Another user’s order answers 404, exactly like one that does not exist.',
  auth: 'user',
  params: orderParams,
  response: json(ReceiptSchema),
  errors: ['ORDER_NOT_FOUND'],
  example: { params: { id: EXAMPLE_ORDER } },
});

export const refundOrder = defineRoute({
  method: 'POST',
  path: '/api/orders/{id}/refund',
  operationId: 'refundOrder',
  tag: 'Orders',
  summary: 'Refund an order',
  description:
    'The buyer’s own paid order, refunded at once inside its product’s refund window (none, 7, 14 or 30 days) when the buyer has not downloaded or opened it and has had fewer than 3 refunds in 90 days; otherwise 409 REFUND_REQUEST_REQUIRED (ask with `POST /api/orders/{id}/refund-request`), REFUND_NOT_OFFERED or REFUND_WINDOW_CLOSED. Or a sale refunded by its creator or an administrator at any time. The refund goes through the payment provider first; access ends with it. Anyone else: 404.',
  auth: 'user',
  params: orderParams,
  response: json(RefundedSchema),
  errors: [
    'ORDER_NOT_FOUND',
    'REFUND_NOT_ALLOWED',
    'REFUND_NOT_OFFERED',
    'REFUND_WINDOW_CLOSED',
    'REFUND_REQUEST_REQUIRED',
    'REFUND_ALREADY_REQUESTED',
    'PAYMENTS_UNAVAILABLE',
  ],
  example: { params: { id: EXAMPLE_ORDER } },
});

export const createRefundRequest = defineRoute({
  method: 'POST',
  path: '/api/orders/{id}/refund-request',
  operationId: 'createRefundRequest',
  tag: 'Orders',
  summary: 'Ask the creator for a refund, with a reason',
  description:
    'The buyer’s own paid order, inside its product’s refund window (docs/decisions/049). Needed once the buyer has downloaded or opened the product, or has had 3 or more refunds in 90 days (`POST /api/orders/{id}/refund` answers 409 REFUND_REQUEST_REQUIRED then). The creator is notified (bell and email) and approves or declines it; a request not answered in 7 days goes to administrators. Access stays until it is decided. One request per order: a second is 409.',
  auth: 'verified',
  params: orderParams,
  body: json(RefundRequestBodySchema),
  status: 201,
  response: json(RefundRequestSchema),
  errors: ['ORDER_NOT_FOUND', 'REFUND_NOT_ALLOWED', 'REFUND_NOT_OFFERED', 'REFUND_WINDOW_CLOSED', 'REFUND_ALREADY_REQUESTED'],
  example: { params: { id: EXAMPLE_ORDER }, body: { reason: 'The workflow needs a paid plan of the tool that the page did not mention.' } },
});

export const decideRefundRequest = defineRoute({
  method: 'POST',
  path: '/api/refund-requests/{id}/decision',
  operationId: 'decideRefundRequest',
  tag: 'Orders',
  summary: 'Approve or decline a refund request',
  description:
    'The sale’s creator decides an open request; after 7 days without an answer it is escalated and only administrators decide it (they may decide open ones too). Approving refunds the order through the payment provider and ends the buyer’s access; declining keeps it. The buyer is told by email and in the bell, with the optional message. Decided once: a second decision is 409. Anyone else: 404.',
  auth: 'verified',
  params: z.strictObject({ id: uuid() }),
  body: json(RefundDecisionBodySchema),
  response: json(RefundRequestSchema),
  errors: ['REFUND_REQUEST_NOT_FOUND', 'REFUND_REQUEST_DECIDED', 'REFUND_REQUEST_ESCALATED', 'REFUND_NOT_ALLOWED', 'PAYMENTS_UNAVAILABLE'],
  example: { params: { id: '7a2e4c1b-3d5f-4e6a-8b9c-0d1e2f3a4b5c' }, body: { decision: 'approve', message: 'Sorry it did not fit your setup.' } },
});

export const cancelSubscription = defineRoute({
  method: 'POST',
  path: '/api/orders/{id}/cancel-subscription',
  operationId: 'cancelSubscription',
  tag: 'Orders',
  summary: 'Stop a subscription from renewing',
  description: 'Access lasts until the end of the paid period. Cancelling twice answers the same.',
  auth: 'user',
  params: orderParams,
  response: json(SubscriptionCancelledSchema),
  errors: ['ORDER_NOT_FOUND', 'SUBSCRIPTION_NOT_FOUND', 'PAYMENTS_UNAVAILABLE'],
  example: { params: { id: EXAMPLE_ORDER } },
});

export const getPayoutSetup = defineRoute({
  method: 'GET',
  path: '/api/payments/payouts',
  operationId: 'getPayoutSetup',
  tag: 'Payouts',
  summary: 'Whether the caller’s payouts are set up',
  description: 'With Stripe, a paid product cannot be bought until its creator’s connected account is ready.',
  auth: 'user',
  response: json(PayoutSetupSchema),
});

export const startPayoutOnboarding = defineRoute({
  method: 'POST',
  path: '/api/payments/payouts/onboarding',
  operationId: 'startPayoutOnboarding',
  tag: 'Payouts',
  summary: 'Open Stripe Connect onboarding for payouts',
  description: 'Creates the connected (Express) account once and answers an onboarding link. With the local provider payouts are payout requests: 404.',
  auth: 'user',
  response: json(ProviderLinkSchema),
  errors: ['NOT_FOUND', 'PAYMENTS_UNAVAILABLE'],
});

export const openPayoutDashboard = defineRoute({
  method: 'POST',
  path: '/api/payments/payouts/dashboard',
  operationId: 'openPayoutDashboard',
  tag: 'Payouts',
  summary: 'A link to the caller’s Stripe Express dashboard',
  auth: 'user',
  response: json(ProviderLinkSchema),
  errors: ['NOT_FOUND', 'PAYMENTS_UNAVAILABLE'],
});

export const receivePaymentEvent = defineRoute({
  method: 'POST',
  path: '/api/payments/webhook',
  operationId: 'receivePaymentEvent',
  tag: 'Webhooks',
  summary: 'Stripe’s events (checkout completed, refunds, subscriptions, connected accounts)',
  description:
    'For Stripe only. The raw body is verified against the `Stripe-Signature` header before anything is written; each event id is applied once, so a replay answers `duplicate: true` and changes nothing.',
  auth: 'secret',
  body: { kind: 'raw', contentType: 'application/json' },
  response: json(WebhookReceiptSchema),
  errors: ['WEBHOOK_SIGNATURE_INVALID'],
  example: { body: { id: 'evt_1A2b3C4d5E6f7G8h', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_a1B2c3D4e5F6g7H8' } } } },
});

export const listAdminOrders = defineRoute({
  method: 'GET',
  path: '/api/admin/orders',
  operationId: 'listAdminOrders',
  tag: 'Admin',
  summary: 'Every order, newest first (administrators only)',
  description:
    '`q` searches by buyer email (contains) or order number (TM-000042 or 42). Pending checkouts are left out. Paginated: send `nextCursor` back as `cursor`.',
  auth: 'user',
  // safeText: NUL and control characters are a 400, never a query PostgreSQL refuses (a 500).
  query: z.strictObject({ q: z.optional(safeText().check(z.trim(), z.maxLength(200))), ...pageQuery() }),
  response: json(page(AdminOrderSchema)),
  errors: ['FORBIDDEN'],
  example: { query: { q: 'buyer@example.com', limit: '50' } },
});

export const exportEarnings = defineRoute({
  method: 'GET',
  path: '/api/studio/earnings.csv',
  operationId: 'exportEarnings',
  tag: 'Earnings',
  summary: 'The caller’s earnings ledger as CSV',
  description:
    'One line per paid or refunded sale (date, product, type, gross, platform fee, net, status), amounts exact to the cent; a refund adds a line of the opposite amounts, so each column sums to the totals.',
  auth: 'user',
  scope: 'sales:read',
  response: file('text/csv'),
});

export const requestPayout = defineRoute({
  method: 'POST',
  path: '/api/studio/payouts',
  operationId: 'requestPayout',
  tag: 'Earnings',
  summary: 'Request a payout of the available balance',
  description:
    'Requests a payout of the whole available balance: the ledger’s sales past their hold (`PAYOUT_HOLD_DAYS`, 7 days by default) less refunds, earlier payouts and adjustments; never more. At least $10.00; one open (requested or processing) payout at a time. A refund of a sale inside it before it is paid lowers its amount. With Stripe Connect, Stripe pays the connected account: 404.',
  auth: 'user',
  status: 201,
  response: json(PayoutSchema),
  errors: ['NO_PAYOUT_BALANCE', 'PAYOUT_BELOW_MINIMUM', 'PAYOUT_ALREADY_OPEN', 'NOT_FOUND'],
});

export const listAdminPayouts = defineRoute({
  method: 'GET',
  path: '/api/admin/payouts',
  operationId: 'listAdminPayouts',
  tag: 'Admin',
  summary: 'Creators’ payouts, open ones first (administrators only)',
  description:
    'Open (requested or processing) payouts oldest first, then the latest 100 finished ones. With the local payment provider an administrator completes them.',
  auth: 'user',
  response: json(z.object({ items: z.array(AdminPayoutSchema) })),
  errors: ['FORBIDDEN'],
});

const payoutParams = z.strictObject({ id: uuid() });
const EXAMPLE_PAYOUT = '7a3e2c1d-4b5f-4e6a-9c8d-0f1e2d3c4b5a';

export const markPayoutProcessing = defineRoute({
  method: 'POST',
  path: '/api/admin/payouts/{id}/processing',
  operationId: 'markPayoutProcessing',
  tag: 'Admin',
  summary: 'Mark a requested payout processing: its transfer is on its way (administrators only)',
  description:
    'requested -> processing, once: a payout already processing, paid, failed or cancelled answers 409 PAYOUT_NOT_OPEN. A refund of a sale inside it still lowers it until it is paid.',
  auth: 'user',
  params: payoutParams,
  response: json(PayoutSchema),
  errors: ['FORBIDDEN', 'PAYOUT_NOT_FOUND', 'PAYOUT_NOT_OPEN'],
  example: { params: { id: EXAMPLE_PAYOUT } },
});

export const markPayoutPaid = defineRoute({
  method: 'POST',
  path: '/api/admin/payouts/{id}/paid',
  operationId: 'markPayoutPaid',
  tag: 'Admin',
  summary: 'Mark an open payout paid, with the transfer’s reference (administrators only)',
  description:
    'Once: of two administrators marking the same payout, one succeeds and the other gets 409 PAYOUT_NOT_OPEN. The creator is told by email and in the bell.',
  auth: 'user',
  params: payoutParams,
  body: json(PayoutPaidBodySchema),
  response: json(PayoutSchema),
  errors: ['FORBIDDEN', 'PAYOUT_NOT_FOUND', 'PAYOUT_NOT_OPEN'],
  example: { params: { id: EXAMPLE_PAYOUT }, body: { reference: 'BANK-2026-11-30-0042' } },
});

export const markPayoutFailed = defineRoute({
  method: 'POST',
  path: '/api/admin/payouts/{id}/failed',
  operationId: 'markPayoutFailed',
  tag: 'Admin',
  summary: 'Mark an open payout failed, with a reason (administrators only)',
  description:
    'Its amount comes back to the creator’s available balance. Once: a second mark answers 409 PAYOUT_NOT_OPEN. The creator is told by email and in the bell.',
  auth: 'user',
  params: payoutParams,
  body: json(PayoutFailedBodySchema),
  response: json(PayoutSchema),
  errors: ['FORBIDDEN', 'PAYOUT_NOT_FOUND', 'PAYOUT_NOT_OPEN'],
  example: { params: { id: EXAMPLE_PAYOUT }, body: { reason: 'The bank account number was refused.' } },
});

export const cancelPayout = defineRoute({
  method: 'POST',
  path: '/api/studio/payouts/{id}/cancel',
  operationId: 'cancelPayout',
  tag: 'Earnings',
  summary: 'Cancel your own requested payout',
  description:
    'Only while it is requested: once an administrator marks it processing (the transfer is on its way) it answers 409 PAYOUT_NOT_CANCELLABLE. Its amount comes back to the available balance as a `payout_reversal` entry, once: of a cancel and an administrator’s mark at the same moment, exactly one takes effect. Someone else’s payout, like one that does not exist: 404.',
  auth: 'user',
  params: payoutParams,
  response: json(PayoutSchema),
  errors: ['PAYOUT_NOT_FOUND', 'PAYOUT_NOT_CANCELLABLE'],
  example: { params: { id: EXAMPLE_PAYOUT } },
});

export const adjustCreatorBalance = defineRoute({
  method: 'POST',
  path: '/api/admin/creators/{userId}/ledger-adjustments',
  operationId: 'adjustCreatorBalance',
  tag: 'Admin',
  summary: 'Adjust a creator’s balance, with a reason (administrators only)',
  description:
    'Appends an `adjustment` entry to the creator’s ledger: `amountCents` positive (owed to them) or negative (owed by them), never 0, counted at once; `reason` is kept with it and shown on their /earnings. Entries are never changed: a mistake is corrected by another adjustment. `idempotencyKey` is chosen by the caller once per adjustment: the same key again (a double submit, a retry) answers the entry already made; the same key with another creator, amount or reason is 409 IDEMPOTENCY_KEY_REUSED.',
  auth: 'user',
  params: z.strictObject({ userId: userId() }),
  body: json(LedgerAdjustmentBodySchema),
  status: 201,
  response: json(LedgerEntrySchema),
  errors: ['FORBIDDEN', 'PROFILE_NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'],
  example: {
    params: { userId: 'demo-maya-chen' },
    body: { amountCents: -500, reason: 'Chargeback fee of order TM-000042.', idempotencyKey: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
  },
});

export const paymentRoutes = [
  startCheckout,
  payCheckout,
  getOrder,
  refundOrder,
  createRefundRequest,
  decideRefundRequest,
  cancelSubscription,
  getPayoutSetup,
  startPayoutOnboarding,
  openPayoutDashboard,
  receivePaymentEvent,
  listAdminOrders,
  exportEarnings,
  requestPayout,
  cancelPayout,
  listAdminPayouts,
  markPayoutProcessing,
  markPayoutPaid,
  markPayoutFailed,
  adjustCreatorBalance,
] as const;
