/**
 * The outbox (issue 28, docs/decisions/059) on a real database (both drivers: DATABASE_URL for
 * the second): every email is a row of email_messages and one 'email.deliver' job, written by
 * the transaction that decided it.
 * - a mail transport that fails, then recovers, still delivers the receipt: the job retries;
 * - a replayed 'email.deliver' job sends nothing twice;
 * - an email written by a transaction that rolls back is never sent, and has no job;
 * - a sign-up's verification email is a row and a job of the sign-up's transaction, and the
 *   sign-up answers before it is sent;
 * - a suppressed address gets no transactional email either.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { getAuth, handleAuthRequest, resetAuth } from '@/functions/auth/auth';
import { setMailer, type MailMessage, type Mailer } from '@/functions/_shared/mailer';
import { drainJobs, enqueue, jobsReady } from '@/functions/jobs';
import { EMAIL_DELIVER, queueTransactionalEmail } from '@/functions/email/outbox';
import { transactionalEmail } from '@/functions/email/transactional';
import { payLocalCheckout, startCheckout } from '@/functions/payments/checkout.service';
import type { SessionUser } from '@/src/shared/session';
import { SITE } from '../support/api';
import { deliverQueuedEmails, deliveryDueNow, deliveryJobsOf } from '../support/emails';
import { MemoryMailer } from '../support/mailer';
import { createProduct, createUser, ensureCategories } from '../support/factories';
import { CARD_OK, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let deps: ReturnType<typeof testDeps>;
let creatorId: string;

/** A mail transport that refuses its first `failures` messages (a provider outage), then sends. */
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

async function messagesTo(email: string) {
  return t.db.selectFrom('email_messages').selectAll().where('to_email', '=', email).orderBy('created_at').execute();
}

/** A paid order of a fresh buyer whose receipt has been written to the outbox (its reaction ran), not delivered. */
async function paidWithReceiptQueued(title: string) {
  const product = await createProduct(t.db, creatorId, { title, price: 19 });
  const buyer = await createUser(t.db, { userType: 'buyer' });
  const { url, orderId } = await startCheckout(t.db, deps, asUser(buyer), { productId: product.id });
  await payLocalCheckout(t.db, deps, buyer.id, url.split('/checkout/')[1]!, CARD_OK);
  await drainJobs(t.db, { names: ['email.receipt'] });
  const [receipt] = await messagesTo(buyer.email);
  return { buyer, orderId, receipt: receipt! };
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  deps = testDeps();
  await ensureCategories(t.db);
  creatorId = (await createUser(t.db, { userType: 'creator', fullName: 'Olive Outbox' })).id;
  await jobsReady(t.db);
});

afterEach(() => {
  // Back to the test mailer after a test that put another transport in its place.
  setMailer(deps.mailer);
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('a receipt through the outbox', () => {
  it('reaches the buyer when the mail transport fails on the first try and then recovers: the job retries', async () => {
    const { buyer, orderId, receipt } = await paidWithReceiptQueued('Retry-proof prompt pack');
    expect(receipt).toMatchObject({ kind: 'transactional', reference: `receipt:${orderId}`, status: 'queued', attempts: 0 });
    const mailer = new RecoveringMailer(1);
    setMailer(mailer);

    await deliverQueuedEmails(t.db);
    expect(mailer.tries).toBe(1);
    expect(mailer.delivered.sent).toHaveLength(0);
    expect((await messagesTo(buyer.email))[0]).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringMatching(/503/) });
    expect(await deliveryJobsOf(t.db, receipt.id)).toEqual([{ id: expect.any(String), state: 'retry', singleton_key: receipt.id }]);

    await deliveryDueNow(t.db, receipt.id);
    await deliverQueuedEmails(t.db);
    expect(mailer.tries).toBe(2);
    const [sent, ...more] = mailer.delivered.sent;
    expect(more).toHaveLength(0);
    expect(sent).toMatchObject({ to: buyer.email, idempotencyKey: receipt.id });
    expect(sent!.subject).toMatch(/^Your receipt for Retry-proof prompt pack \(TM-\d{6}\)$/);
    // The log keeps what happened; the rendered body goes once it is sent.
    expect((await messagesTo(buyer.email))[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null, content: null, sent_at: expect.any(Date) });
    expect(await deliveryJobsOf(t.db, receipt.id)).toEqual([{ id: expect.any(String), state: 'completed', singleton_key: receipt.id }]);
  });

  it('sends once when its delivery job is replayed, or enqueued twice before it runs', async () => {
    const { buyer, receipt } = await paidWithReceiptQueued('Replay-proof agent kit');
    // A second job while the first waits: the queue keeps one waiting job per message.
    expect(await enqueue(t.db, EMAIL_DELIVER, { messageId: receipt.id }, { singletonKey: receipt.id })).toBeNull();
    await deliverQueuedEmails(t.db);
    expect(deps.mailer.sent.filter((m) => m.to === buyer.email)).toHaveLength(1);

    // Replayed after it was sent (a worker that died before reporting, a job retried by hand): it runs, and sends nothing.
    expect(await enqueue(t.db, EMAIL_DELIVER, { messageId: receipt.id }, { singletonKey: receipt.id })).toEqual(expect.any(String));
    await deliverQueuedEmails(t.db);
    expect((await deliveryJobsOf(t.db, receipt.id)).map((j) => j.state)).toEqual(['completed', 'completed']);
    expect(deps.mailer.sent.filter((m) => m.to === buyer.email)).toHaveLength(1);
    expect((await messagesTo(buyer.email))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    // The receipt's reaction run again writes no second email either (its reference is the order's).
    await drainJobs(t.db, { names: ['email.receipt'] });
    expect(await messagesTo(buyer.email)).toHaveLength(1);
  });
});

describe('the transaction that writes an email', () => {
  it('sends nothing, and records no job, when it rolls back', async () => {
    const user = await createUser(t.db, { userType: 'buyer' });
    const mail = await transactionalEmail({
      to: user.email,
      subject: 'Never sent',
      greeting: 'Hi,',
      intro: ['This change was rolled back.'],
      action: null,
      outro: [],
    });
    let written: string | null = null;
    await expect(
      t.db.transaction().execute(async (trx) => {
        written = await queueTransactionalEmail(trx, { userId: user.id, reference: 'rolled-back:1', mail });
        throw new Error('the change failed after writing its email');
      }),
    ).rejects.toThrow('the change failed');
    expect(written).toEqual(expect.any(String));
    expect(await messagesTo(user.email)).toEqual([]);
    expect(await deliveryJobsOf(t.db, written!)).toEqual([]);
    await deliverQueuedEmails(t.db);
    expect(deps.mailer.sent.filter((m) => m.to === user.email)).toEqual([]);
  });

  it('does not send a transactional email to a suppressed address (a hard bounce or a complaint)', async () => {
    const user = await createUser(t.db, { userType: 'buyer' });
    await t.db.insertInto('email_suppressions').values({ email: user.email, reason: 'complaint', detail: null }).execute();
    const mail = await transactionalEmail({
      to: user.email,
      subject: 'Held back',
      greeting: 'Hi,',
      intro: ['You marked us as spam.'],
      action: null,
      outro: [],
    });
    await queueTransactionalEmail(t.db, { userId: user.id, reference: 'suppressed:1', mail });
    await deliverQueuedEmails(t.db);
    expect(deps.mailer.sent.filter((m) => m.to === user.email)).toEqual([]);
    expect((await messagesTo(user.email))[0]).toMatchObject({ status: 'cancelled', cancel_reason: 'the address is suppressed (complaint)', content: null });
  });
});

describe('a sign-up', () => {
  it('writes its verification email and its job in its transaction, and answers before the email is sent', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    const response = await handleAuthRequest(
      await getAuth(),
      new Request(`${SITE}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Vera Verify', full_name: 'Vera Verify', email, password: 'Str0ng!pass', user_type: 'buyer' }),
      }),
      '10.9.8.7',
    );
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { id: string } };

    // Answered: the email is a row and a waiting job, not yet a message.
    expect(deps.mailer.sent.filter((m) => m.to === email)).toEqual([]);
    const [row, ...more] = await messagesTo(email);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ user_id: user.id, kind: 'transactional', status: 'queued', attempts: 0 });
    expect(row!.reference).toMatch(/^verify-email:/);
    expect(row!.content?.subject).toBe('Verify your toolmint email address');
    expect(await deliveryJobsOf(t.db, row!.id)).toEqual([{ id: expect.any(String), state: 'created', singleton_key: row!.id }]);

    await deliverQueuedEmails(t.db);
    const [sent] = deps.mailer.sent.filter((m) => m.to === email);
    expect(sent!.subject).toBe('Verify your toolmint email address');
    expect(sent!.text).toContain('/api/auth/verify-email?token=');
    // Once sent, the link is no longer kept in the table.
    expect((await messagesTo(email))[0]).toMatchObject({ status: 'sent', content: null });
  });
});
