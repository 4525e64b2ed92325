/**
 * Refunds with a policy (issue 27, docs/decisions/049), through the routes and the services on
 * a real database (both drivers: DATABASE_URL for PostgreSQL): an instant refund before the
 * deliverable was opened; a request with a reason after a download (the creator's bell and
 * email, access kept); the creator approving and declining (the buyer's bell and email, access
 * ended or kept, the email through the job engine, sent once however often the job runs), each
 * decision once under concurrency; the escalation after 7 days by the scheduled job with an
 * injected clock, the administrators told in the bell and by email, and an administrator
 * deciding; the refund limit (3 in
 * 90 days); 'no refunds' and an expired window refused, and the library offering nothing.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { downloadProduct } from '@/functions/downloads/downloads.service';
import { drainJobs, enqueue, jobsReady } from '@/functions/jobs';
import { LocalPaymentProvider } from '@/functions/payments/local-provider';
import { getLibrary } from '@/functions/payments/orders.service';
import { REFUND_REQUEST_EMAILS } from '@/functions/payments/refund-notices.job';
import { REFUND_ESCALATION_JOB } from '@/functions/payments/refunds.job';
import {
  createRefundRequest,
  decideRefundRequest,
  escalateOverdueRefundRequests,
  listEscalatedRefundRequests,
  requestRefund,
} from '@/functions/payments/refunds.service';
import { POST as refundRoute } from '@/src/pages/api/orders/[id]/refund';
import { POST as requestRoute } from '@/src/pages/api/orders/[id]/refund-request';
import { POST as decisionRoute } from '@/src/pages/api/refund-requests/[id]/decision';
import type { RefundPolicy } from '@/src/shared/domain';
import { deliverQueuedEmails } from '../support/emails';
import { call, signUp, SITE, testMailer, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { buyLocally, TEST_WEBHOOK_SECRET, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

// Routes send their emails through the default mailer: into this run's own outbox.
const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-refund-requests-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  return dir;
});

/** The local provider, counting its refunds: money moves once per refunded order. */
class CountingProvider extends LocalPaymentProvider {
  refunds: string[] = [];
  override async refund(...args: unknown[]) {
    this.refunds.push((args[0] as { orderId: string }).orderId);
    return super.refund();
  }
}

const DAY = 24 * 60 * 60 * 1000;
/** An email's text on one line (the plain-text part may wrap). */
const flat = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ');
let t: TestDb;
let creator: TestSession;
let provider: CountingProvider;
let deps: ReturnType<typeof testDeps>;

const orderOf = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const requestOf = (orderId: string) => t.db.selectFrom('refund_requests').selectAll().where('order_id', '=', orderId).executeTakeFirst();
const noticesOf = (userId: string, orderId: string) =>
  t.db.selectFrom('user_notifications').select('kind').where('user_id', '=', userId).where('order_id', '=', orderId).orderBy('created_at').execute();
/** Runs the refund-request email jobs waiting (the decision's transaction enqueued them), and the deliveries of the emails they write. */
const sendRequestEmails = () => drainJobs(t.db, { maxMs: 30_000, names: [REFUND_REQUEST_EMAILS], followUps: true });
const libraryOrder = async (userId: string, orderId: string, now?: Date) => (await getLibrary(t.db, userId, now)).find((i) => i.order?.id === orderId);

async function paidProduct(policy?: RefundPolicy) {
  return createProduct(t.db, creator.userId, {
    title: `Lead Enrichment Workflow ${Math.random().toString(36).slice(2, 7)}`,
    price: 49,
    pricing_model: 'one_time',
    content_delivery_type: 'text',
    content_text: 'SECRET WORKFLOW',
    ...(policy ? { refund_policy: policy } : {}),
  });
}

/** A signed-in buyer (a real session, verified) with a paid order of a new product. */
async function buyerWithOrder(policy?: RefundPolicy) {
  const session = await signUp('buyer', 'Ruth Refund');
  const product = await paidProduct(policy);
  const orderId = await buyLocally(t.db, deps, { id: session.userId, email: session.email }, product.id);
  return { session, buyer: { id: session.userId, email: session.email }, product, orderId };
}

const post = (route: typeof refundRoute, path: string, session: TestSession, params: Record<string, string>, json?: unknown) =>
  call(route, path, { method: 'POST', session, params, ...(json === undefined ? {} : { json }) });

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  creator = await signUp('creator', 'Cora Creator');
  provider = new CountingProvider({ webhookSecret: TEST_WEBHOOK_SECRET, siteUrl: SITE });
  deps = testDeps(provider);
  await jobsReady(t.db);
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a buyer who has not opened the product', () => {
  it('is refunded at once from /library, within the window, as before; a second click is refused', async () => {
    const { session, buyer, orderId } = await buyerWithOrder();
    expect((await libraryOrder(buyer.id, orderId))?.order).toMatchObject({ canRefund: true, refundOffer: 'instant', refundRequest: null });

    const [first, second] = await Promise.all([
      post(refundRoute, `/api/orders/${orderId}/refund`, session, { id: orderId }),
      post(refundRoute, `/api/orders/${orderId}/refund`, session, { id: orderId }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)?.body.error.code).toMatch(/^REFUND_(ALREADY_REQUESTED|NOT_ALLOWED)$/);
    expect(await orderOf(orderId)).toMatchObject({ status: 'refunded' });
    expect(await requestOf(orderId)).toMatchObject({ status: 'instant', reason: null });
    expect((await libraryOrder(buyer.id, orderId))?.order).toMatchObject({ status: 'refunded', canRefund: false, refundOffer: 'none' });
  });

  it('two instant refunds at once move the money once', async () => {
    const { buyer, orderId } = await buyerWithOrder();
    const results = await Promise.allSettled([requestRefund(t.db, deps, buyer.id, orderId), requestRefund(t.db, deps, buyer.id, orderId)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(provider.refunds.filter((id) => id === orderId)).toHaveLength(1);
    expect((await orderOf(orderId)).status).toBe('refunded');
  });
});

describe('a buyer who downloaded the product', () => {
  it('asks the creator with a reason: the creator is told (bell and email), access stays, one request per order', async () => {
    const { session, buyer, product, orderId } = await buyerWithOrder();
    await downloadProduct(t.db, buyer.id, product.id);
    expect((await libraryOrder(buyer.id, orderId))?.order).toMatchObject({ canRefund: true, refundOffer: 'request' });

    const instant = await post(refundRoute, `/api/orders/${orderId}/refund`, session, { id: orderId });
    expect(instant.status).toBe(409);
    expect(instant.body.error.code).toBe('REFUND_REQUEST_REQUIRED');
    const noReason = await post(requestRoute, `/api/orders/${orderId}/refund-request`, session, { id: orderId }, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields).toEqual({ reason: 'Tell the creator why you want a refund' });

    const created = await post(
      requestRoute,
      `/api/orders/${orderId}/refund-request`,
      session,
      { id: orderId },
      { reason: 'It needs a paid plan of the tool.' },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ orderId, status: 'open', reason: 'It needs a paid plan of the tool.', decidedAt: null });
    expect(await noticesOf(creator.userId, orderId)).toEqual([{ kind: 'sale' }, { kind: 'refund_request' }]);
    // Written to the outbox with the request; its delivery uses the process-wide mailer (signUp installs the tests' memory mailer).
    await deliverQueuedEmails(t.db);
    expect(flat(testMailer().lastTo(creator.email, /^Refund requested: /)?.text)).toContain('It needs a paid plan of the tool.');
    // Access stays until it is decided.
    expect((await downloadProduct(t.db, buyer.id, product.id)).contentText).toBe('SECRET WORKFLOW');
    expect((await orderOf(orderId)).status).toBe('paid');

    const again = await post(requestRoute, `/api/orders/${orderId}/refund-request`, session, { id: orderId }, { reason: 'Again.' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('REFUND_ALREADY_REQUESTED');
    expect((await libraryOrder(buyer.id, orderId))?.order).toMatchObject({ canRefund: false, refundOffer: 'none', refundRequest: { status: 'open' } });
  });

  it('the creator approves from /sales: refunded once (two clicks: one wins, the other 409), the buyer told and access ended', async () => {
    const { buyer, product, orderId } = await buyerWithOrder();
    await downloadProduct(t.db, buyer.id, product.id);
    const request = await createRefundRequest(t.db, buyer.id, orderId, 'Not what the page described.');

    const stranger = await createUser(t.db);
    await expect(decideRefundRequest(t.db, deps, stranger.id, request.id, { decision: 'approve' })).rejects.toMatchObject({ code: 'REFUND_REQUEST_NOT_FOUND' });

    const results = await Promise.allSettled([
      decideRefundRequest(t.db, deps, creator.userId, request.id, { decision: 'approve', message: 'Sorry it did not fit.' }),
      decideRefundRequest(t.db, deps, creator.userId, request.id, { decision: 'decline', message: 'It works.' }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((r) => (r.reason as { code: string }).code)).toEqual(['REFUND_REQUEST_DECIDED']);

    const row = await requestOf(orderId);
    if (row?.status === 'approved') {
      expect(row).toMatchObject({ decider: 'creator', decided_by: creator.userId, decision_message: 'Sorry it did not fit.' });
      expect((await orderOf(orderId)).status).toBe('refunded');
      expect(provider.refunds.filter((id) => id === orderId)).toHaveLength(1);
      await expect(downloadProduct(t.db, buyer.id, product.id)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
      expect(await noticesOf(buyer.id, orderId)).toEqual([{ kind: 'refund_approved' }]);
      // Nothing is mailed inline: the answer waits on the job engine, and is the buyer's only refund email.
      expect(testMailer().lastTo(buyer.email, /was approved$/)).toBeUndefined();
      await sendRequestEmails();
      const email = testMailer().lastTo(buyer.email, /was approved$/);
      expect(flat(email?.text)).toContain('The creator approved your refund request. Their message: “Sorry it did not fit.”');
      expect(flat(email?.text)).toContain('We refunded $49.00 for');
      expect(deps.mailer.lastTo(buyer.email, /^Your refund for /)).toBeUndefined();
    } else {
      expect(row).toMatchObject({ status: 'declined', decision_message: 'It works.' });
      expect((await orderOf(orderId)).status).toBe('paid');
      expect(provider.refunds.filter((id) => id === orderId)).toHaveLength(0);
    }

    // Through the route, once more: decided already.
    const late = await post(decisionRoute, `/api/refund-requests/${request.id}/decision`, creator, { id: request.id }, { decision: 'approve' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('REFUND_REQUEST_DECIDED');
  });

  it('the creator approves through the route: the order is refunded and the buyer loses access', async () => {
    const { buyer, product, orderId } = await buyerWithOrder();
    await downloadProduct(t.db, buyer.id, product.id);
    const request = await createRefundRequest(t.db, buyer.id, orderId, 'Broken for my setup.');
    const approved = await post(decisionRoute, `/api/refund-requests/${request.id}/decision`, creator, { id: request.id }, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: request.id, status: 'approved', decider: 'creator', decisionMessage: null });
    expect((await orderOf(orderId)).status).toBe('refunded');
    await expect(downloadProduct(t.db, buyer.id, product.id)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    expect(await noticesOf(buyer.id, orderId)).toEqual([{ kind: 'refund_approved' }]);
  });

  it('the creator declines with a message: the buyer is told by email and in the bell, and keeps access', async () => {
    const { buyer, product, orderId } = await buyerWithOrder();
    await downloadProduct(t.db, buyer.id, product.id);
    const request = await createRefundRequest(t.db, buyer.id, orderId, 'I changed my mind.');
    const declined = await decideRefundRequest(t.db, deps, creator.userId, request.id, { decision: 'decline', message: 'It works as described.' });
    expect(declined).toMatchObject({ status: 'declined', decider: 'creator', decisionMessage: 'It works as described.' });
    expect((await orderOf(orderId)).status).toBe('paid');
    expect((await downloadProduct(t.db, buyer.id, product.id)).contentText).toBe('SECRET WORKFLOW');
    expect(await noticesOf(buyer.id, orderId)).toEqual([{ kind: 'refund_declined' }]);
    expect(testMailer().lastTo(buyer.email, /was declined$/)).toBeUndefined();
    await sendRequestEmails();
    const email = testMailer().lastTo(buyer.email, /was declined$/);
    expect(flat(email?.text)).toContain('The creator declined your refund request');
    expect(flat(email?.text)).toContain('Their message: “It works as described.”');
    expect(email?.text).toContain('cannot be unsubscribed from');
    // Sent once: a second run finds no job, and a retried one writes no second email (its reference), sent with its row's id as the key.
    await sendRequestEmails();
    expect(testMailer().sent.filter((m) => m.to === buyer.email && /was declined$/.test(m.subject))).toHaveLength(1);
    const rows = await t.db.selectFrom('email_messages').select('id').where('reference', '=', `refund-request:${request.id}:declined`).execute();
    expect(rows).toEqual([{ id: email?.idempotencyKey }]);
    expect((await libraryOrder(buyer.id, orderId))?.order).toMatchObject({
      canRefund: false,
      refundRequest: { status: 'declined', decisionMessage: 'It works as described.' },
    });
    await expect(requestRefund(t.db, deps, buyer.id, orderId)).rejects.toMatchObject({ code: 'REFUND_ALREADY_REQUESTED' });
  });
});

describe('a request not answered in 7 days', () => {
  it('is escalated by the scheduled job (injected clock), then only an administrator decides it', async () => {
    const { buyer, product, orderId } = await buyerWithOrder();
    await downloadProduct(t.db, buyer.id, product.id);
    const request = await createRefundRequest(t.db, buyer.id, orderId, 'The creator does not answer.');
    const admin = await signUp('buyer', 'Ada Admin');
    await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();

    // Six days on: still the creator's.
    expect(await escalateOverdueRefundRequests(t.db, new Date(Date.now() + 6 * DAY))).toBe(0);
    expect((await requestOf(orderId))?.status).toBe('open');

    // The job, with its clock eight days on.
    const later = new Date(Date.now() + 8 * DAY);
    await enqueue(t.db, REFUND_ESCALATION_JOB, { now: later.toISOString() });
    await drainJobs(t.db, { maxMs: 30_000, names: [REFUND_ESCALATION_JOB] });
    expect(await requestOf(orderId)).toMatchObject({ status: 'escalated', escalated_at: later });
    // Again: nothing more to escalate.
    expect(await escalateOverdueRefundRequests(t.db, later)).toBe(0);
    // The administrators are told once: in the bell (leading to /admin/refunds) and by email, through the job engine.
    expect(await noticesOf(admin.userId, orderId)).toEqual([{ kind: 'refund_escalated' }]);
    await sendRequestEmails();
    // (Another test's request, left open, is escalated with it: each has its own email.)
    const toAdmin = testMailer().sent.filter((m) => m.to === admin.email && m.subject.startsWith(`Refund request to decide: ${product.title} (`));
    expect(toAdmin).toHaveLength(1);
    expect(flat(toAdmin[0]?.text)).toContain('“The creator does not answer.”');
    expect(flat(toAdmin[0]?.text)).toContain(`${SITE}/admin/refunds`);

    await expect(decideRefundRequest(t.db, deps, creator.userId, request.id, { decision: 'decline' })).rejects.toMatchObject({
      code: 'REFUND_REQUEST_ESCALATED',
    });
    await expect(listEscalatedRefundRequests(t.db, creator.userId)).rejects.toMatchObject({ code: 'FORBIDDEN' });

    expect((await listEscalatedRefundRequests(t.db, admin.userId)).map((r) => r.id)).toContain(request.id);
    const [a, b] = await Promise.all([
      post(decisionRoute, `/api/refund-requests/${request.id}/decision`, admin, { id: request.id }, { decision: 'approve', message: 'Refunded by our team.' }),
      // The same decision twice (a double click): whichever lands first decides, the other is refused.
      post(decisionRoute, `/api/refund-requests/${request.id}/decision`, admin, { id: request.id }, { decision: 'approve', message: 'Refunded by our team.' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await requestOf(orderId)).toMatchObject({ status: 'approved', decider: 'admin', decided_by: admin.userId });
    expect((await orderOf(orderId)).status).toBe('refunded');
    expect(await noticesOf(buyer.id, orderId)).toEqual([{ kind: 'refund_approved' }]);
    await sendRequestEmails();
    expect(flat(testMailer().lastTo(buyer.email, /was approved$/)?.text)).toContain(
      'toolmint’s team approved your refund request. Their message: “Refunded by our team.”',
    );
  });
});

describe('the refund limit', () => {
  it('a buyer with 3 refunds in 90 days gets no instant refund: each is a request; older refunds do not count', async () => {
    const session = await signUp('buyer', 'Rita Repeat');
    const buyer = { id: session.userId, email: session.email };
    const refunded: string[] = [];
    for (let i = 0; i < 3; i++) {
      const product = await paidProduct();
      const orderId = await buyLocally(t.db, deps, buyer, product.id);
      await requestRefund(t.db, deps, buyer.id, orderId);
      refunded.push(orderId);
    }
    const product = await paidProduct();
    const orderId = await buyLocally(t.db, deps, buyer, product.id);
    expect((await libraryOrder(buyer.id, orderId))?.order).toMatchObject({ canRefund: true, refundOffer: 'request' });
    const refused = await post(refundRoute, `/api/orders/${orderId}/refund`, session, { id: orderId });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'REFUND_REQUEST_REQUIRED',
      message: 'You have had 3 or more refunds in the last 90 days, so a refund is a request to the creator. Tell them why you want your money back.',
    });
    expect((await orderOf(orderId)).status).toBe('paid');

    // 91 days later those three no longer count (the clock is the service's `now`).
    for (const id of refunded) await sql`update refund_requests set created_at = ${new Date(Date.now() - 91 * DAY)} where order_id = ${id}`.execute(t.db);
    expect((await libraryOrder(buyer.id, orderId))?.order?.refundOffer).toBe('instant');
    await requestRefund(t.db, deps, buyer.id, orderId);
    expect((await orderOf(orderId)).status).toBe('refunded');
  });
});

describe('outside the policy', () => {
  it("'No refunds': not offered, and both routes refuse with a clear message", async () => {
    const { session, buyer, orderId } = await buyerWithOrder('none');
    expect((await libraryOrder(buyer.id, orderId))?.order).toMatchObject({ canRefund: false, refundOffer: 'none' });
    const instant = await post(refundRoute, `/api/orders/${orderId}/refund`, session, { id: orderId });
    expect(instant.status).toBe(409);
    expect(instant.body.error).toEqual({ code: 'REFUND_NOT_OFFERED', message: 'This product does not offer refunds' });
    const asked = await post(requestRoute, `/api/orders/${orderId}/refund-request`, session, { id: orderId }, { reason: 'Please.' });
    expect(asked.status).toBe(409);
    expect(asked.body.error.code).toBe('REFUND_NOT_OFFERED');
    expect((await orderOf(orderId)).status).toBe('paid');
    expect(await requestOf(orderId)).toBeUndefined();
  });

  it('an expired window: 8 days after payment a 7-day policy refuses, a 14-day one still refunds', async () => {
    const week = await buyerWithOrder('days_7');
    const eightDaysAgo = new Date(Date.now() - 8 * DAY);
    await t.db.updateTable('orders').set({ paid_at: eightDaysAgo }).where('id', '=', week.orderId).execute();
    expect((await libraryOrder(week.buyer.id, week.orderId))?.order).toMatchObject({ canRefund: false, refundOffer: 'none' });
    const instant = await post(refundRoute, `/api/orders/${week.orderId}/refund`, week.session, { id: week.orderId });
    expect(instant.body.error).toEqual({ code: 'REFUND_WINDOW_CLOSED', message: 'The refund window for this order has closed' });
    const asked = await post(requestRoute, `/api/orders/${week.orderId}/refund-request`, week.session, { id: week.orderId }, { reason: 'Late.' });
    expect(asked.body.error.code).toBe('REFUND_WINDOW_CLOSED');

    const fortnight = await buyerWithOrder('days_14');
    await t.db.updateTable('orders').set({ paid_at: eightDaysAgo }).where('id', '=', fortnight.orderId).execute();
    expect(await requestRefund(t.db, deps, fortnight.buyer.id, fortnight.orderId)).toEqual({ id: fortnight.orderId, status: 'refunded' });
    // The window is the service's clock too: 15 days on, nothing is offered.
    const other = await buyerWithOrder('days_14');
    expect((await libraryOrder(other.buyer.id, other.orderId, new Date(Date.now() + 15 * DAY)))?.order?.refundOffer).toBe('none');
  });
});
