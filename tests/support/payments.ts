/**
 * Payments in tests: the local provider with a test webhook secret, a mailer that keeps what
 * it would have sent, and Stripe-format events signed the way Stripe signs them. The provider
 * and the mailer are also the process's, which the jobs use: the reactions to an order's events
 * (receipts, refunds of payments that must go back) run on them when a test settles its orders.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '@/db/database';
import { MemoryMailer } from './mailer';
import { testMailer } from './api';
import { drainJobs, jobsReady } from '@/functions/jobs';
import { payLocalCheckout, startCheckout } from '@/functions/payments/checkout.service';
import type { SessionUser } from '@/src/shared/session';
import type { PaymentsDeps } from '@/functions/payments/deps';
import { LocalPaymentProvider } from '@/functions/payments/local-provider';
import { setPaymentProvider, type PaymentProvider } from '@/functions/payments/provider';
import { SITE } from './api';

export { MemoryMailer };

export const TEST_WEBHOOK_SECRET = `whsec_test_${randomBytes(16).toString('hex')}`;

export function testDeps(provider?: PaymentProvider): PaymentsDeps & { mailer: MemoryMailer; provider: PaymentProvider } {
  // A provider of the test's own (a stand-in of Stripe) is the jobs' too; the local one refunds
  // nothing anywhere, so the process's own (the routes') serves the jobs as well.
  if (provider) setPaymentProvider(provider);
  return {
    provider: provider ?? new LocalPaymentProvider({ webhookSecret: TEST_WEBHOOK_SECRET, siteUrl: SITE }),
    mailer: testMailer(),
    feeBps: 1500,
    siteUrl: SITE,
  };
}

/**
 * Runs the reactions to the orders' events that are due (receipts, refund notices, refunds of
 * payments that must go back), and the jobs they enqueue: the deliveries of the emails they write.
 */
export async function settleOrders(db: Db): Promise<void> {
  await jobsReady(db);
  const { ALL_JOBS } = await import('@/functions/all-jobs');
  const names = [...new Set((['order.paid', 'order.refunded', 'order.refund-due'] as const).flatMap((event) => ALL_JOBS.reactionsTo(event)))];
  // A refund of a payment that must go back emits 'order.refunded': the drain runs until none is due.
  await drainJobs(db, { names, followUps: true });
}

let counter = 0;

/** A Stripe-format event with a fresh id (or the one given), its JSON and its signature. */
export function signedEvent(type: string, object: Record<string, unknown>, options: { id?: string; secret?: string } = {}) {
  const event = {
    id: options.id ?? `evt_test_${Date.now()}_${counter++}_${randomBytes(4).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  };
  const payload = JSON.stringify(event);
  return { event, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? TEST_WEBHOOK_SECRET }) };
}

export function completedSession(sessionId: string, paymentIntent: string, extra: Record<string, unknown> = {}) {
  return {
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
    status: 'complete',
    mode: 'payment',
    payment_intent: paymentIntent,
    subscription: null,
    ...extra,
  };
}

/** The test card that succeeds, paid from a country outside the tax table (no tax: the price is the total). */
export const CARD_OK = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', country: 'US' };

/** Buys a product through the local test checkout with 4242 4242 4242 4242: the order id. */
export async function buyLocally(db: Db, deps: PaymentsDeps, user: { id: string; email: string }, productId: string): Promise<string> {
  const { url, orderId } = await startCheckout(db, deps, { id: user.id, email: user.email } as SessionUser, { productId });
  await payLocalCheckout(db, deps, user.id, url.split('/checkout/')[1]!, CARD_OK);
  await settleOrders(db);
  return orderId;
}
