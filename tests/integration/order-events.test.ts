/**
 * An order's events and their reactions on the job engine (issue 28, docs/decisions/055), on a
 * real database (both drivers: DATABASE_URL for the second):
 * - the payment's request answers before the receipt is sent: the receipt is a job recorded
 *   with the order;
 * - a mail transport that fails, then recovers, still delivers the receipt (pg-boss retries its
 *   delivery, a job of the outbox: docs/decisions/059);
 * - on Vercel, where no worker stays up, they run after the response (waitUntil);
 * - the engine stopped between the commit and the reaction (a worker killed) loses nothing:
 *   the receipt goes when an engine runs the jobs again;
 * - a replayed event has one effect: a second 'order.paid' for the same order sends no second
 *   receipt, a replayed webhook records no second event;
 * - a refund tells the buyer once; a second payment for a product the buyer owns is refunded by
 *   its reaction, with the buyer told once.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { setMailer, type MailMessage, type Mailer } from '@/functions/_shared/mailer';
import { drainJobs, emit, jobsReady, stopJobs } from '@/functions/jobs';
import { payLocalCheckout, startCheckout } from '@/functions/payments/checkout.service';
import { refundOrder } from '@/functions/payments/orders.service';
import { handleWebhook } from '@/functions/payments/webhook.service';
import type { SessionUser } from '@/src/shared/session';
import { deliverQueuedEmails, deliveryDueNow, deliveryJobsOf } from '../support/emails';
import { MemoryMailer } from '../support/mailer';
import { createProduct, createUser, ensureCategories } from '../support/factories';
import { CARD_OK, completedSession, settleOrders, signedEvent, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let deps: ReturnType<typeof testDeps>;
let creatorId: string;

/** A mail transport that refuses the first `failures` messages (a provider outage), then sends. */
class RecoveringMailer implements Mailer {
  readonly destination = 'recovering';
  readonly delivered = new MemoryMailer();
  tries = 0;
  constructor(private failures: number) {}
  async send(message: MailMessage): Promise<void> {
    this.tries++;
    if (this.failures > 0) {
      this.failures--;
      throw new Error('Resend refused the email (503): service unavailable');
    }
    await this.delivered.send(message);
  }
}

const asUser = (u: { id: string; email: string }) => ({ id: u.id, email: u.email, userType: 'buyer' }) as unknown as SessionUser;
const receiptsTo = (mailer: MemoryMailer, email: string) => mailer.sent.filter((m) => m.to === email && m.subject.startsWith('Your receipt'));
const refundNoticesTo = (mailer: MemoryMailer, email: string) => mailer.sent.filter((m) => m.to === email && m.subject.startsWith('Your refund for'));

async function jobsOf(name: string, orderId: string) {
  const { rows } = await sql<{ id: string; state: string; retry_count: number }>`
    select id, state, retry_count from pgboss.job where name = ${name} and data->>'orderId' = ${orderId} order by created_on`.execute(t.db);
  return rows;
}

/** A paid order of a fresh buyer, through the local checkout, with nothing run after it. */
async function pay(productId: string, buyer?: { id: string; email: string }) {
  const who = buyer ?? (await createUser(t.db, { userType: 'buyer' }));
  const { url, orderId } = await startCheckout(t.db, deps, asUser(who), { productId });
  await payLocalCheckout(t.db, deps, who.id, url.split('/checkout/')[1]!, CARD_OK);
  return { buyer: who, orderId };
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  deps = testDeps();
  await ensureCategories(t.db);
  creatorId = (await createUser(t.db, { userType: 'creator', fullName: 'Rhea Receipts' })).id;
  await jobsReady(t.db);
});

afterEach(() => {
  // Back to the test mailer after a test that put a failing transport in its place.
  setMailer(deps.mailer);
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('the receipt is a reaction to order.paid', () => {
  it('is recorded with the order and sent after the payment has answered', async () => {
    const product = await createProduct(t.db, creatorId, { title: 'Prompt pack for support teams', price: 19 });
    const { buyer, orderId } = await pay(product.id);
    // The payment answered; the receipt is a job waiting to run, not an email already sent.
    expect(receiptsTo(deps.mailer, buyer.email)).toHaveLength(0);
    expect(await jobsOf('email.receipt', orderId)).toEqual([expect.objectContaining({ state: 'created' })]);
    expect(await jobsOf('email.sale-notice', orderId)).toHaveLength(1);

    await settleOrders(t.db);
    const [receipt, ...more] = receiptsTo(deps.mailer, buyer.email);
    expect(more).toHaveLength(0);
    expect(receipt!.subject).toMatch(/^Your receipt for Prompt pack for support teams \(TM-\d{6}\)$/);
    expect(receipt!.text).toContain('Amount: $19.00');
    expect(await jobsOf('email.receipt', orderId)).toEqual([expect.objectContaining({ state: 'completed' })]);
  });

  it('reaches the buyer when the mail transport fails and then recovers', async () => {
    const product = await createProduct(t.db, creatorId, { title: 'n8n invoice router', price: 29 });
    const { buyer, orderId } = await pay(product.id);
    const mailer = new RecoveringMailer(2);
    setMailer(mailer);
    // The reaction writes the receipt to the outbox (docs/decisions/059); its delivery is a job of its own.
    await drainJobs(t.db, { names: ['email.receipt'] });
    expect(await jobsOf('email.receipt', orderId)).toEqual([expect.objectContaining({ state: 'completed' })]);
    const receipt = await t.db.selectFrom('email_messages').select('id').where('reference', '=', `receipt:${orderId}`).executeTakeFirstOrThrow();

    // Two attempts meet the outage: each fails, and the delivery waits for its retry.
    for (let attempt = 1; attempt <= 2; attempt++) {
      await deliverQueuedEmails(t.db);
      expect(mailer.tries).toBe(attempt);
      expect(await deliveryJobsOf(t.db, receipt.id)).toEqual([expect.objectContaining({ state: 'retry' })]);
      expect(receiptsTo(mailer.delivered, buyer.email)).toHaveLength(0);
      await deliveryDueNow(t.db, receipt.id);
    }
    // The transport is back: the third attempt delivers the receipt, once.
    await deliverQueuedEmails(t.db);
    expect(mailer.tries).toBe(3);
    expect(receiptsTo(mailer.delivered, buyer.email)).toHaveLength(1);
    expect(await deliveryJobsOf(t.db, receipt.id)).toEqual([expect.objectContaining({ state: 'completed' })]);
  });

  it('is sent after a restart when the engine stopped between the commit and the reaction', async () => {
    const product = await createProduct(t.db, creatorId, { title: 'Cursor rules for Rails', price: 12 });
    const { buyer, orderId } = await pay(product.id);
    // The worker goes away with the receipt's job not yet run (a crash after the commit).
    await stopJobs(t.db);
    expect(receiptsTo(deps.mailer, buyer.email)).toHaveLength(0);
    // A new engine on the same database finds the job and sends the receipt.
    await jobsReady(t.db);
    await settleOrders(t.db);
    expect(receiptsTo(deps.mailer, buyer.email)).toHaveLength(1);
    expect(await jobsOf('email.receipt', orderId)).toEqual([expect.objectContaining({ state: 'completed' })]);
  });

  it('runs after the response on Vercel, through its waitUntil, instead of waiting for the cron drain', async () => {
    const product = await createProduct(t.db, creatorId, { title: 'LangChain agent starter', price: 49 });
    // Vercel's request context (what @vercel/functions' waitUntil hands the promise to).
    const afterResponse: Promise<unknown>[] = [];
    const context = globalThis as unknown as Record<symbol, unknown>;
    const key = Symbol.for('@vercel/request-context');
    context[key] = { get: () => ({ waitUntil: (promise: Promise<unknown>) => afterResponse.push(promise) }) };
    process.env['VERCEL'] = '1';
    try {
      const { buyer, orderId } = await pay(product.id);
      expect(afterResponse).toHaveLength(1);
      await Promise.all(afterResponse);
      expect(receiptsTo(deps.mailer, buyer.email)).toHaveLength(1);
      expect(await jobsOf('email.receipt', orderId)).toEqual([expect.objectContaining({ state: 'completed' })]);
    } finally {
      delete process.env['VERCEL'];
      delete context[key];
    }
  });

  it('has one effect when the event comes again', async () => {
    const product = await createProduct(t.db, creatorId, { title: 'Claude prompt library', price: 9 });
    const { buyer, orderId } = await pay(product.id);
    await settleOrders(t.db);
    // The same event recorded again (a job run twice, a replay): its reactions run, and send nothing new.
    await t.db.transaction().execute((trx) => emit(trx, 'order.paid', { orderId }));
    await settleOrders(t.db);
    expect(await jobsOf('email.receipt', orderId)).toHaveLength(2);
    expect(receiptsTo(deps.mailer, buyer.email)).toHaveLength(1);
    const saleNotices = await t.db.selectFrom('email_messages').select('id').where('reference', '=', `sale:${orderId}`).execute();
    expect(saleNotices).toHaveLength(1);
  });

  it('is not recorded twice for a webhook event delivered twice', async () => {
    const product = await createProduct(t.db, creatorId, { title: 'Zapier CRM sync', price: 15 });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
    const sessionId = url.split('/checkout/')[1]!;
    const event = signedEvent('checkout.session.completed', completedSession(sessionId, `pi_twice_${orderId.slice(0, 8)}`));
    expect(await handleWebhook(t.db, deps, event.payload, event.signature)).toMatchObject({ duplicate: false });
    expect(await handleWebhook(t.db, deps, event.payload, event.signature)).toMatchObject({ duplicate: true });
    expect(await jobsOf('email.receipt', orderId)).toHaveLength(1);
    await settleOrders(t.db);
    expect(receiptsTo(deps.mailer, buyer.email)).toHaveLength(1);
  });
});

describe('refunds are reactions too', () => {
  it('tells the buyer of a refund once', async () => {
    const product = await createProduct(t.db, creatorId, { title: 'Notion AI templates', price: 24 });
    const { buyer, orderId } = await pay(product.id);
    await settleOrders(t.db);
    await refundOrder(t.db, deps, buyer.id, orderId);
    expect(refundNoticesTo(deps.mailer, buyer.email)).toHaveLength(0);
    expect(await jobsOf('email.refund-notice', orderId)).toHaveLength(1);
    await settleOrders(t.db);
    expect(refundNoticesTo(deps.mailer, buyer.email)).toHaveLength(1);
    expect(refundNoticesTo(deps.mailer, buyer.email)[0]!.text).toContain('We refunded $24.00');
  });

  it('refunds a second payment for a product the buyer already owns, and tells them once', async () => {
    const product = await createProduct(t.db, creatorId, { title: 'Make.com lead router', price: 39 });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    // Two checkouts in two tabs, both paid.
    const first = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
    const second = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
    await payLocalCheckout(t.db, deps, buyer.id, first.url.split('/checkout/')[1]!, CARD_OK);
    await payLocalCheckout(t.db, deps, buyer.id, second.url.split('/checkout/')[1]!, CARD_OK);
    const status = async (id: string) => (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    // Paid until the reaction runs: the refund is not made inside the payment's request.
    expect(await status(second.orderId)).toBe('paid');
    expect(await jobsOf('payments.refund-at-once', second.orderId)).toHaveLength(1);
    await settleOrders(t.db);
    expect(await status(first.orderId)).toBe('paid');
    expect(await status(second.orderId)).toBe('refunded');
    expect(receiptsTo(deps.mailer, buyer.email)).toHaveLength(1);
    expect(refundNoticesTo(deps.mailer, buyer.email)).toHaveLength(1);
  });
});
