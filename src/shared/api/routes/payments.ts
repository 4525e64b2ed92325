/**
 * Payments (docs/decisions/013): checkout, receipts, refunds and subscriptions, creators'
 * payouts and earnings, Stripe's webhook and the admin's order list. Amounts are integer cents
 * computed on the server from the product row: no route takes a price.
 */
import * as z from 'zod/mini';
import { CHECKOUT_SESSION_ID_PATTERN } from '../../ids';
import { safeText } from '../../text';
import { defineRoute, file, json, page, pageQuery, uuid } from '../contract';
import {
  AdminOrderSchema,
  CardSchema,
  CheckoutBodySchema,
  CheckoutPaidSchema,
  CheckoutStartedSchema,
  PayoutRequestSchema,
  PayoutSetupSchema,
  ProviderLinkSchema,
  ReceiptSchema,
  RefundedSchema,
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
    'Answers the URL of the payment page (Stripe Checkout, or the local test-mode page). The amount is the product’s price when the checkout starts, locked in integer cents; the order is written pending and becomes paid through the webhook. Needs a verified email.',
  auth: 'verified',
  body: json(CheckoutBodySchema),
  status: 201,
  response: json(CheckoutStartedSchema),
  errors: ['PRODUCT_NOT_FOUND', 'NOT_FOR_SALE', 'ALREADY_OWNED', 'PAYOUTS_NOT_READY', 'PAYMENTS_UNAVAILABLE'],
  example: { body: { productId: EXAMPLE_PRODUCT } },
});

export const payCheckout = defineRoute({
  method: 'POST',
  path: '/api/checkout/{sessionId}/pay',
  operationId: 'payCheckout',
  tag: 'Checkout',
  summary: 'Pay a local test-mode checkout with a Stripe test card',
  description:
    'Only with the local payment provider (no Stripe keys): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds. A second submit after success answers the same redirect. Only the buyer who started the checkout may pay it.',
  auth: 'verified',
  params: z.strictObject({ sessionId: z.string().check(z.regex(CHECKOUT_SESSION_ID_PATTERN, 'Not a valid id')) }),
  body: json(CardSchema),
  response: json(CheckoutPaidSchema),
  errors: ['CHECKOUT_NOT_FOUND', 'CHECKOUT_CLOSED', 'CARD_DECLINED'],
  example: { params: { sessionId: 'cs_test_a1B2c3D4e5F6g7H8' }, body: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } },
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
    'The buyer’s own paid order within 30 days of payment, or a sale refunded by its creator or an administrator at any time. The refund goes through the payment provider first; access ends with it. Anyone else: 404.',
  auth: 'user',
  params: orderParams,
  response: json(RefundedSchema),
  errors: ['ORDER_NOT_FOUND', 'REFUND_NOT_ALLOWED', 'PAYMENTS_UNAVAILABLE'],
  example: { params: { id: EXAMPLE_ORDER } },
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
  description: 'Records a payout request for every sale not yet in one; its sales then show as processing.',
  auth: 'user',
  status: 201,
  response: json(PayoutRequestSchema),
  errors: ['NO_PAYOUT_BALANCE'],
});

export const paymentRoutes = [
  startCheckout,
  payCheckout,
  getOrder,
  refundOrder,
  cancelSubscription,
  getPayoutSetup,
  startPayoutOnboarding,
  openPayoutDashboard,
  receivePaymentEvent,
  listAdminOrders,
  exportEarnings,
  requestPayout,
] as const;
