/**
 * A creator's ledger and payouts that finish (issue 27, docs/decisions/048), through the
 * payment services and the admin routes with real Requests: a refund of a sale inside a
 * requested payout takes it out; a refund after a paid payout leaves a negative balance that the
 * next payout deducts; the hold; the scheduled payout job; administrators marking a payout paid
 * or failed exactly once under concurrency (the creator told by email and in the bell); a
 * payout never exceeding the available balance, also racing a refund; one open payout at a
 * time; entries written once and never rewritten; a creator cancelling their own requested
 * payout (once, racing an administrator's mark or a refund); administrators' adjustments, once
 * per idempotency key. Both database drivers (DATABASE_URL for the second).
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { drainJobs, enqueue, jobsReady } from '@/functions/jobs';
import { getFeed } from '@/functions/notifications/notifications.service';
import {
  getBalance,
  markPayoutFailed,
  markPayoutPaid,
  markPayoutProcessing,
  recordRefund,
  requestPayoutFor,
  runScheduledPayouts,
} from '@/functions/payments/ledger.service';
import { refundSale } from '@/functions/payments/orders.service';
import { PAYOUT_EMAILS } from '@/functions/payments/payout-notices.job';
import { SCHEDULED_PAYOUTS } from '@/functions/payments/payouts.job';
import { getEarnings } from '@/functions/studio/studio.service';
import { GET as listRoute } from '@/src/pages/api/admin/payouts';
import { POST as paidRoute } from '@/src/pages/api/admin/payouts/[id]/paid';
import { POST as failedRoute } from '@/src/pages/api/admin/payouts/[id]/failed';
import { POST as adjustRoute } from '@/src/pages/api/admin/creators/[userId]/ledger-adjustments';
import { POST as processingRoute } from '@/src/pages/api/admin/payouts/[id]/processing';
import { POST as cancelRoute } from '@/src/pages/api/studio/payouts/[id]/cancel';
import type { SessionUser } from '@/src/shared/session';
import { call, signUp, testMailer, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { buyLocally, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-ledger-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  return dir;
});

const DAY = 24 * 60 * 60 * 1000;
let t: TestDb;
let admin: TestSession;
/** No hold: a sale can be paid out at once (the hold has its own test). */
let deps: ReturnType<typeof testDeps>;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  deps = { ...testDeps(), payoutHoldDays: 0 };
  admin = await signUp('creator', 'Ada Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  await jobsReady(t.db);
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A creator with a $12.00 product (net $10.20 after the 15% fee) and a $20.00 one ($17.00). */
async function creatorWithProducts() {
  const creator = await createUser(t.db, { fullName: 'Cleo Creator' });
  const small = await createProduct(t.db, creator.id, {
    title: 'Prompt kit',
    price: 12,
    pricing_model: 'one_time',
    content_delivery_type: 'text',
    content_text: 'x',
  });
  const large = await createProduct(t.db, creator.id, {
    title: 'Agent pack',
    price: 20,
    pricing_model: 'one_time',
    content_delivery_type: 'text',
    content_text: 'y',
  });
  return { creator, small: small.id, large: large.id };
}

async function sell(productId: string, options: { deps?: ReturnType<typeof testDeps> } = {}): Promise<string> {
  const buyer = await createUser(t.db, { userType: 'buyer' });
  return buyLocally(t.db, options.deps ?? deps, buyer, productId);
}

const payoutOf = (id: string) => t.db.selectFrom('payout_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const entriesOf = (creatorId: string) =>
  t.db
    .selectFrom('creator_ledger_entries')
    .select(['kind', 'amount_cents', 'order_id', 'payout_id'])
    .where('creator_id', '=', creatorId)
    .orderBy('created_at')
    .execute();
const asCreator = (u: { id: string; email: string; fullName: string }): SessionUser =>
  ({ id: u.id, email: u.email, name: u.fullName, fullName: u.fullName, userType: 'creator', company: null, image: null, emailVerified: true }) as SessionUser;

describe('the ledger', () => {
  it('writes a sale and its refund once each, in the transactions of the order, and refuses to be rewritten', async () => {
    const { creator, small } = await creatorWithProducts();
    const orderId = await sell(small);
    expect(await entriesOf(creator.id)).toEqual([{ kind: 'sale', amount_cents: 1020, order_id: orderId, payout_id: null }]);
    await refundSale(t.db, deps, creator.id, orderId);
    // A replayed refund (the provider's echo, a retried job) writes nothing more.
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) => recordRefund(trx, order));
    expect((await entriesOf(creator.id)).map((e) => [e.kind, e.amount_cents])).toEqual([
      ['sale', 1020],
      ['refund', -1020],
    ]);
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 0, availableCents: 0, earnedCents: 0 });
    await expect(sql`update creator_ledger_entries set amount_cents = 1 where creator_id = ${creator.id}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from creator_ledger_entries where creator_id = ${creator.id}`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('holds a sale for PAYOUT_HOLD_DAYS before it can be paid out', async () => {
    const { creator, small } = await creatorWithProducts();
    await sell(small, { deps: { ...deps, payoutHoldDays: 7 } });
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 1020, availableCents: 0, heldCents: 1020 });
    await expect(requestPayoutFor(t.db, creator.id)).rejects.toMatchObject({ code: 'NO_PAYOUT_BALANCE', status: 409 });
    const sixDays = new Date(Date.now() + 6 * DAY);
    await expect(requestPayoutFor(t.db, creator.id, { now: sixDays })).rejects.toMatchObject({ code: 'NO_PAYOUT_BALANCE' });
    const eightDays = new Date(Date.now() + 8 * DAY);
    expect(await getBalance(t.db, creator.id, eightDays)).toMatchObject({ availableCents: 1020, heldCents: 0 });
    expect(await requestPayoutFor(t.db, creator.id, { now: eightDays })).toMatchObject({ amountCents: 1020, status: 'requested' });
  });

  it('a refund inside the hold holds nothing else back', async () => {
    const { creator, small, large } = await creatorWithProducts();
    await sell(small);
    const held = await sell(large, { deps: { ...deps, payoutHoldDays: 7 } });
    await refundSale(t.db, deps, creator.id, held);
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 1020, availableCents: 1020, heldCents: 0 });
  });
});

describe('payouts', () => {
  it('a refund of a sale inside a requested payout takes it out of the payout, in the same transaction', async () => {
    const { creator, small, large } = await creatorWithProducts();
    const refunded = await sell(small);
    await sell(large);
    const payout = await requestPayoutFor(t.db, creator.id);
    expect(payout).toMatchObject({ amountCents: 2720, status: 'requested' });

    await refundSale(t.db, deps, creator.id, refunded);
    expect(await payoutOf(payout.id)).toMatchObject({ amount_cents: 1700, status: 'requested' });
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 0, availableCents: 0 });
    const earnings = await getEarnings(t.db, asCreator(creator));
    expect(earnings).toMatchObject({ processing: 17, total: 17, available: 0 });
    expect(earnings.payouts[0]).toMatchObject({ amountCents: 1700, status: 'requested' });

    // The last sale refunded too: the payout is left at 0 and cancelled.
    const other = await t.db
      .selectFrom('order_payout_items')
      .select('order_id')
      .where('payout_id', '=', payout.id)
      .where('order_id', '<>', refunded)
      .executeTakeFirstOrThrow();
    await refundSale(t.db, deps, creator.id, other.order_id);
    expect(await payoutOf(payout.id)).toMatchObject({ amount_cents: 0, status: 'cancelled' });
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 0, availableCents: 0 });
    await expect(markPayoutPaid(t.db, admin.userId, payout.id, 'TOO-LATE')).rejects.toMatchObject({ code: 'PAYOUT_NOT_OPEN', status: 409 });
  });

  it('a refund after a paid payout leaves a negative balance that the next payout deducts', async () => {
    const { creator, small, large } = await creatorWithProducts();
    const first = await sell(small);
    const payout = await requestPayoutFor(t.db, creator.id);
    await markPayoutPaid(t.db, admin.userId, payout.id, 'BANK-1');
    await refundSale(t.db, deps, creator.id, first);
    expect(await payoutOf(payout.id)).toMatchObject({ amount_cents: 1020, status: 'paid' });
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: -1020, availableCents: 0 });
    const earnings = await getEarnings(t.db, asCreator(creator));
    expect(earnings).toMatchObject({ balanceCents: -1020, paid: 10.2, canRequestPayout: false });

    await sell(large);
    // $17.00 earned, $10.20 owed: $6.80 available, under the $10.00 minimum.
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 680, availableCents: 680 });
    await expect(requestPayoutFor(t.db, creator.id)).rejects.toMatchObject({ code: 'PAYOUT_BELOW_MINIMUM' });
    await sell(large);
    expect(await requestPayoutFor(t.db, creator.id)).toMatchObject({ amountCents: 2380 });
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 0, availableCents: 0 });
  });

  it('one open payout at a time, and never more than the available balance, even racing a refund', async () => {
    const { creator, small, large } = await creatorWithProducts();
    for (const product of [small, large, large]) await sell(product);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => requestPayoutFor(t.db, creator.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) expect(r).toMatchObject({ reason: { code: 'PAYOUT_ALREADY_OPEN' } });
    const open = await t.db.selectFrom('payout_requests').selectAll().where('seller_id', '=', creator.id).execute();
    expect(open).toHaveLength(1);
    expect(open[0]!.amount_cents).toBe(1020 + 1700 + 1700);
    // The database refuses a second open payout even without the service.
    await expect(t.db.insertInto('payout_requests').values({ seller_id: creator.id, amount_cents: 1 }).execute()).rejects.toMatchObject({ code: '23505' });

    // A new creator: a refund and a payout request at once. Whatever the order, the payout
    // never pays the refunded sale.
    const other = await creatorWithProducts();
    const sold = [await sell(other.small), await sell(other.large)];
    await Promise.all([requestPayoutFor(t.db, other.creator.id), refundSale(t.db, deps, other.creator.id, sold[0]!)]);
    const [payout] = await t.db.selectFrom('payout_requests').selectAll().where('seller_id', '=', other.creator.id).execute();
    expect(payout).toMatchObject({ amount_cents: 1700, status: 'requested' });
    expect(await getBalance(t.db, other.creator.id)).toMatchObject({ balanceCents: 0 });
  });

  it('administrators mark a payout paid exactly once under concurrency; the creator is told by email and in the bell', async () => {
    const mailer = testMailer();
    const creator = await signUp('creator', 'Pia Payee');
    const product = await createProduct(t.db, creator.userId, { price: 12, pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'z' });
    await sell(product.id);
    const payout = await requestPayoutFor(t.db, creator.userId);
    const other = await signUp('creator', 'Otto Admin');
    await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', other.userId).execute();

    // Only administrators, and an unknown payout is 404.
    expect(
      (await call(paidRoute, `/api/admin/payouts/${payout.id}/paid`, { method: 'POST', session: creator, params: { id: payout.id }, json: { reference: 'X' } }))
        .status,
    ).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call(paidRoute, `/api/admin/payouts/${missing}/paid`, { method: 'POST', session: admin, params: { id: missing }, json: { reference: 'X' } })).body
        .error.code,
    ).toBe('PAYOUT_NOT_FOUND');
    expect(
      (await call(paidRoute, `/api/admin/payouts/${payout.id}/paid`, { method: 'POST', session: admin, params: { id: payout.id }, json: { reference: ' ' } }))
        .status,
    ).toBe(400);

    const answers = await Promise.all([
      call(paidRoute, `/api/admin/payouts/${payout.id}/paid`, { method: 'POST', session: admin, params: { id: payout.id }, json: { reference: 'BANK-A' } }),
      call(paidRoute, `/api/admin/payouts/${payout.id}/paid`, { method: 'POST', session: other, params: { id: payout.id }, json: { reference: 'BANK-B' } }),
      call(failedRoute, `/api/admin/payouts/${payout.id}/failed`, { method: 'POST', session: other, params: { id: payout.id }, json: { reason: 'Refused.' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    for (const loser of answers.filter((a) => a.status === 409)) expect(loser.body.error.code).toBe('PAYOUT_NOT_OPEN');
    const row = await payoutOf(payout.id);
    expect(row.status).toBe(winner.body.status);
    // Whatever won, the ledger matches: paid keeps the payout out; failed gives it back once.
    const reversals = (await entriesOf(creator.userId)).filter((e) => e.kind === 'payout_reversal');
    expect(reversals).toHaveLength(row.status === 'failed' ? 1 : 0);

    // The job writes the email to the outbox; followUps: its delivery runs in the same drain.
    await drainJobs(t.db, { maxMs: 30_000, names: [PAYOUT_EMAILS], followUps: true });
    const mails = mailer.sent.filter((m) => m.to === creator.email && /payout/i.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(row.status === 'paid' ? 'Your payout of $10.20 was sent' : 'Your payout of $10.20 failed');
    expect(mails[0]!.text).toContain('cannot be unsubscribed from');
    const feed = await getFeed(t.db, creator.userId);
    expect(feed.items.filter((i) => i.kind === 'payout')).toEqual([
      expect.objectContaining({ kind: 'payout', payoutId: payout.id, status: row.status, amountCents: 1020, isRead: false }),
    ]);
    // Run again, nothing more is sent.
    await drainJobs(t.db, { maxMs: 30_000, names: [PAYOUT_EMAILS], followUps: true });
    expect(mailer.sent.filter((m) => m.to === creator.email && /payout/i.test(m.subject))).toHaveLength(1);
  });

  it('administrators mark a payout failed exactly once; its amount comes back and the next request pays it', async () => {
    const { creator, small } = await creatorWithProducts();
    await sell(small);
    const payout = await requestPayoutFor(t.db, creator.id);
    const results = await Promise.allSettled([
      markPayoutFailed(t.db, admin.userId, payout.id, 'The bank refused the account.'),
      markPayoutFailed(t.db, admin.userId, payout.id, 'Again.'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'PAYOUT_NOT_OPEN' } });
    expect(await payoutOf(payout.id)).toMatchObject({ status: 'failed', failure_reason: expect.stringMatching(/^(The bank refused the account\.|Again\.)$/) });
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 1020, availableCents: 1020 });
    const next = await requestPayoutFor(t.db, creator.id);
    expect(next.amountCents).toBe(1020);
    // The failed payout's sale moved to the new one: a refund now lowers the new payout.
    const [item] = await t.db.selectFrom('order_payout_items').selectAll().where('payout_id', '=', next.id).execute();
    await refundSale(t.db, deps, creator.id, item!.order_id);
    expect(await payoutOf(next.id)).toMatchObject({ amount_cents: 0, status: 'cancelled' });
  });

  it('requested -> processing once; a processing payout still loses a refunded sale, then is paid', async () => {
    const { creator, small, large } = await creatorWithProducts();
    const refunded = await sell(small);
    await sell(large);
    const payout = await requestPayoutFor(t.db, creator.id);
    const results = await Promise.allSettled([markPayoutProcessing(t.db, admin.userId, payout.id), markPayoutProcessing(t.db, admin.userId, payout.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'PAYOUT_NOT_OPEN' } });
    expect(await payoutOf(payout.id)).toMatchObject({ status: 'processing', amount_cents: 2720 });
    await expect(requestPayoutFor(t.db, creator.id)).rejects.toMatchObject({ code: 'PAYOUT_ALREADY_OPEN' });
    await refundSale(t.db, deps, creator.id, refunded);
    expect(await payoutOf(payout.id)).toMatchObject({ status: 'processing', amount_cents: 1700 });
    expect(await markPayoutPaid(t.db, admin.userId, payout.id, 'BANK-2')).toMatchObject({ status: 'paid', amountCents: 1700, reference: 'BANK-2' });
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 0 });
  });

  it('the admin list shows open payouts first, to administrators only', async () => {
    const { creator, small } = await creatorWithProducts();
    await sell(small);
    const payout = await requestPayoutFor(t.db, creator.id);
    const res = await call(listRoute, '/api/admin/payouts', { session: admin });
    expect(res.status).toBe(200);
    const open = (res.body.items as { id: string; status: string }[]).filter((p) => p.status === 'requested' || p.status === 'processing');
    expect(open.map((p) => p.id)).toContain(payout.id);
    expect(['requested', 'processing']).toContain(res.body.items[0].status);
    const stranger = await signUp('creator', 'Sam Stranger');
    expect((await call(listRoute, '/api/admin/payouts', { session: stranger })).status).toBe(403);
  });
});

describe('a creator cancels their own payout', () => {
  /** A signed-in creator with two sales ($10.20 + $17.00 net) in a requested payout of $27.20. */
  async function requestedPayout() {
    const session = await signUp('creator', 'Cass Cancel');
    const small = await createProduct(t.db, session.userId, { price: 12, pricing_model: 'one_time', content_delivery_type: 'text', content_text: 's' });
    const large = await createProduct(t.db, session.userId, { price: 20, pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'l' });
    const orders = [await sell(small.id), await sell(large.id)];
    const payout = await requestPayoutFor(t.db, session.userId);
    expect(payout).toMatchObject({ amountCents: 2720, status: 'requested' });
    return { session, orders, payout };
  }
  const cancel = (session: TestSession, id: string) => call(cancelRoute, `/api/studio/payouts/${id}/cancel`, { method: 'POST', session, params: { id } });
  const adminMark = (route: typeof processingRoute, what: 'processing' | 'paid', id: string) =>
    call(route, `/api/admin/payouts/${id}/${what}`, {
      method: 'POST',
      session: admin,
      params: { id },
      ...(what === 'paid' ? { json: { reference: 'BANK-1' } } : {}),
    });

  it('while requested: the amount comes back once, the payout cannot be marked after, and a new one can be requested', async () => {
    const { session, payout } = await requestedPayout();
    const stranger = await signUp('creator', 'Sid Stranger');
    const theirs = await cancel(stranger, payout.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('PAYOUT_NOT_FOUND');
    expect((await cancel(session, '00000000-0000-4000-8000-000000000000')).body.error.code).toBe('PAYOUT_NOT_FOUND');

    const [first, second] = await Promise.all([cancel(session, payout.id), cancel(session, payout.id)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((a) => a.status === 409)?.body.error).toEqual({
      code: 'PAYOUT_NOT_CANCELLABLE',
      message: 'This payout is already on its way and can no longer be cancelled',
    });
    expect(await payoutOf(payout.id)).toMatchObject({ status: 'cancelled', amount_cents: 2720 });
    expect((await entriesOf(session.userId)).filter((e) => e.payout_id === payout.id).map((e) => [e.kind, e.amount_cents])).toEqual([
      ['payout', -2720],
      ['payout_reversal', 2720],
    ]);
    expect(await getBalance(t.db, session.userId)).toMatchObject({ balanceCents: 2720, availableCents: 2720 });

    const late = await adminMark(paidRoute, 'paid', payout.id);
    expect(late.body.error.code).toBe('PAYOUT_NOT_OPEN');
    // Its sales are free again: the next payout pays them.
    expect(await requestPayoutFor(t.db, session.userId)).toMatchObject({ amountCents: 2720, status: 'requested' });
  });

  it('racing an administrator marking it processing or paid: exactly one takes effect', async () => {
    for (const [route, what] of [
      [processingRoute, 'processing'],
      [paidRoute, 'paid'],
    ] as const) {
      const { session, payout } = await requestedPayout();
      const [cancelled, marked] = await Promise.all([cancel(session, payout.id), adminMark(route, what, payout.id)]);
      expect([cancelled.status, marked.status].sort()).toEqual([200, 409]);
      const row = await payoutOf(payout.id);
      const reversals = (await entriesOf(session.userId)).filter((e) => e.kind === 'payout_reversal');
      if (cancelled.status === 200) {
        expect(row.status).toBe('cancelled');
        expect(marked.body.error.code).toBe('PAYOUT_NOT_OPEN');
        expect(reversals.map((e) => e.amount_cents)).toEqual([2720]);
        expect(await getBalance(t.db, session.userId)).toMatchObject({ availableCents: 2720 });
      } else {
        expect(row.status).toBe(what);
        expect(cancelled.body.error.code).toBe('PAYOUT_NOT_CANCELLABLE');
        expect(reversals).toEqual([]);
        expect(await getBalance(t.db, session.userId)).toMatchObject({ balanceCents: 0, availableCents: 0 });
      }
    }
    // Once processing, the transfer is on its way: no cancel.
    const { session, payout } = await requestedPayout();
    await markPayoutProcessing(t.db, admin.userId, payout.id);
    expect((await cancel(session, payout.id)).body.error.code).toBe('PAYOUT_NOT_CANCELLABLE');
  });

  it('racing a refund of one of its sales (as does a failed mark): the money comes back once, whichever commits first', async () => {
    const { session, orders, payout } = await requestedPayout();
    const [cancelled] = await Promise.all([cancel(session, payout.id), refundSale(t.db, deps, session.userId, orders[0]!)]);
    expect(cancelled.status).toBe(200);
    expect((await payoutOf(payout.id)).status).toBe('cancelled');
    // $27.20 out and back (all or less the refunded sale), the refund's $10.20 gone: $17.00 left, all available.
    expect(await getBalance(t.db, session.userId)).toMatchObject({ balanceCents: 1700, availableCents: 1700 });
    const back = (await entriesOf(session.userId)).filter((e) => e.kind === 'payout_reversal').reduce((sum, e) => sum + e.amount_cents, 0);
    expect(back).toBe(2720);

    // The same for an administrator marking it failed while the refund runs.
    const other = await requestedPayout();
    await Promise.all([markPayoutFailed(t.db, admin.userId, other.payout.id, 'Bank refused.'), refundSale(t.db, deps, other.session.userId, other.orders[1]!)]);
    expect((await payoutOf(other.payout.id)).status).toBe('failed');
    expect(await getBalance(t.db, other.session.userId)).toMatchObject({ balanceCents: 1020, availableCents: 1020 });
  });
});

describe('adjustments', () => {
  const key = () => crypto.randomUUID();

  it('an administrator adjusts a balance with a reason, counted at once; nobody else can, and 0 is refused', async () => {
    const { creator, small } = await creatorWithProducts();
    await sell(small);
    const path = `/api/admin/creators/${creator.id}/ledger-adjustments`;
    const params = { userId: creator.id };
    const adjust = (json: Record<string, unknown>, session = admin) => call(adjustRoute, path, { method: 'POST', session, params, json });
    const fee = await adjust({ amountCents: -500, reason: 'Chargeback fee of an order.', idempotencyKey: key() });
    expect(fee.status).toBe(201);
    expect(fee.body).toMatchObject({ kind: 'adjustment', amountCents: -500, reason: 'Chargeback fee of an order.', creatorId: creator.id });
    // Recorded with the administrator who made it.
    expect(await t.db.selectFrom('creator_ledger_entries').select('created_by').where('id', '=', fee.body.id).executeTakeFirst()).toEqual({
      created_by: admin.userId,
    });
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 520, availableCents: 520, earnedCents: 1020 });
    await expect(requestPayoutFor(t.db, creator.id)).rejects.toMatchObject({ code: 'PAYOUT_BELOW_MINIMUM' });

    const zero = await adjust({ amountCents: 0, reason: 'Nothing.', idempotencyKey: key() });
    expect(zero.status).toBe(400);
    expect(zero.body.error.fields).toEqual({ amountCents: 'An adjustment cannot be $0.00' });
    const huge = await adjust({ amountCents: 100_000_001, reason: 'Too much.', idempotencyKey: key() });
    expect(huge.body.error.fields).toEqual({ amountCents: 'At most $1,000,000.00 either way' });
    const fraction = await adjust({ amountCents: 10.5, reason: 'Half a cent.', idempotencyKey: key() });
    expect(fraction.body.error.fields).toEqual({ amountCents: 'Enter a whole number of cents' });
    const noReason = await adjust({ amountCents: 500, idempotencyKey: key() });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields).toMatchObject({ reason: expect.any(String) });
    const noKey = await adjust({ amountCents: 500, reason: 'No key.' });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.fields).toMatchObject({ idempotencyKey: expect.any(String) });
    const stranger = await signUp('creator', 'Sly Stranger');
    expect((await adjust({ amountCents: 100000, reason: 'Me.', idempotencyKey: key() }, stranger)).status).toBe(403);
    const nobody = 'test-nobody';
    expect(
      (
        await call(adjustRoute, `/api/admin/creators/${nobody}/ledger-adjustments`, {
          method: 'POST',
          session: admin,
          params: { userId: nobody },
          json: { amountCents: 1, reason: 'x', idempotencyKey: key() },
        })
      ).body.error.code,
    ).toBe('PROFILE_NOT_FOUND');

    await adjust({ amountCents: 1000, reason: 'Launch bonus.', idempotencyKey: key() });
    expect(await requestPayoutFor(t.db, creator.id)).toMatchObject({ amountCents: 1520 });
    const entries = (await getEarnings(t.db, asCreator(creator))).entries;
    expect(entries.filter((e) => e.kind === 'adjustment').map((e) => [e.amountCents, e.reason])).toEqual([
      [1000, 'Launch bonus.'],
      [-500, 'Chargeback fee of an order.'],
    ]);
  });

  it('a double submit, and a retry later, with one key make one entry; the key with another amount is refused', async () => {
    const { creator } = await creatorWithProducts();
    const path = `/api/admin/creators/${creator.id}/ledger-adjustments`;
    const params = { userId: creator.id };
    const json = { amountCents: 2500, reason: 'Goodwill for the outage.', idempotencyKey: key() };
    const answers = await Promise.all([0, 1, 2].map(() => call(adjustRoute, path, { method: 'POST', session: admin, params, json })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const retry = await call(adjustRoute, path, { method: 'POST', session: admin, params, json });
    expect(retry.body.id).toBe(answers[0]!.body.id);
    const adjustments = await t.db
      .selectFrom('creator_ledger_entries')
      .select('amount_cents')
      .where('creator_id', '=', creator.id)
      .where('kind', '=', 'adjustment')
      .execute();
    expect(adjustments).toEqual([{ amount_cents: 2500 }]);
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 2500 });

    const reused = await call(adjustRoute, path, { method: 'POST', session: admin, params, json: { ...json, amountCents: 250 } });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await getBalance(t.db, creator.id)).toMatchObject({ balanceCents: 2500 });
  });
});

describe('scheduled payouts', () => {
  it('the job requests a payout for every creator with at least $10.00 available, once', async () => {
    // Earlier tests' creators may be due too: this test counts its own.
    const due = await creatorWithProducts();
    await sell(due.small); // $10.20
    const under = await creatorWithProducts();
    const cheap = await createProduct(t.db, under.creator.id, { price: 8, pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'c' });
    const underOrder = await sell(under.large); // $17.00, refunded: $6.80 left, under the minimum
    await sell(cheap.id);
    await refundSale(t.db, deps, under.creator.id, underOrder);
    const open = await creatorWithProducts();
    await sell(open.large);
    const already = await requestPayoutFor(t.db, open.creator.id);
    await sell(open.large);
    const held = await creatorWithProducts();
    await sell(held.large, { deps: { ...deps, payoutHoldDays: 7 } });

    await enqueue(t.db, SCHEDULED_PAYOUTS, {});
    await drainJobs(t.db, { maxMs: 30_000, names: [SCHEDULED_PAYOUTS] });
    const payoutsOf = (id: string) => t.db.selectFrom('payout_requests').select(['id', 'amount_cents', 'status']).where('seller_id', '=', id).execute();
    expect(await payoutsOf(due.creator.id)).toEqual([expect.objectContaining({ amount_cents: 1020, status: 'requested' })]);
    expect(await payoutsOf(under.creator.id)).toEqual([]);
    expect(await payoutsOf(open.creator.id)).toEqual([expect.objectContaining({ id: already.id, amount_cents: 1700 })]);
    expect(await payoutsOf(held.creator.id)).toEqual([]);

    // Run again (a retry, a second drain): nothing twice.
    await runScheduledPayouts(t.db);
    expect(await payoutsOf(due.creator.id)).toHaveLength(1);
    expect(await payoutsOf(open.creator.id)).toHaveLength(1);
    // A week later the held sale is due.
    await runScheduledPayouts(t.db, new Date(Date.now() + 8 * DAY));
    expect(await payoutsOf(held.creator.id)).toEqual([expect.objectContaining({ amount_cents: 1700, status: 'requested' })]);
  });
});
