/**
 * Subscriptions with the local provider (issue 11): 'Subscribe' gives access while the
 * subscription is active; renewals (invoice.paid) are new paid orders and move the period;
 * cancelling at period end keeps access to the end, then customer.subscription.deleted ends
 * it; an update that arrives before its checkout is parked. Creator figures and the CSV come
 * from these orders, with refunds subtracted and sums exact in cents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { downloadProduct } from '@/functions/downloads/downloads.service';
import { startCheckout } from '@/functions/payments/checkout.service';
import { advanceLocalSubscription, cancelSubscription, getLibrary, listOrdersForAdmin, refundOrder } from '@/functions/payments/orders.service';
import { handleWebhook } from '@/functions/payments/webhook.service';
import { exportEarningsCsv, getEarnings, getSales } from '@/functions/studio/studio.service';
import type { SessionUser } from '@/src/shared/session';
import { createProduct, createUser } from '../support/factories';
import { buyLocally, signedEvent, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let deps: ReturnType<typeof testDeps>;

const asUser = (u: { id: string; email: string }, userType: SessionUser['userType'] = 'buyer') =>
  ({ id: u.id, email: u.email, userType }) as unknown as SessionUser;

const buy = (user: { id: string; email: string }, productId: string) => buyLocally(t.db, deps, user, productId);

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  deps = testDeps();
});

afterAll(async () => closeDb());

describe('subscriptions', () => {
  it('subscribe, renew, cancel at period end, and lose access when the period ends', async () => {
    const creator = await createUser(t.db);
    const product = await createProduct(t.db, creator.id, {
      title: 'Sref Codes',
      price: 9,
      pricing_model: 'subscription',
      content_delivery_type: 'text',
      content_text: 'SREF 123',
    });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await expect(downloadProduct(t.db, buyer.id, product.id)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });

    const orderId = await buy(buyer, product.id);
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ kind: 'subscription', status: 'paid', amount_cents: 900, fee_cents: 135 });
    const sub = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', order.provider_subscription_id!)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: false, price_cents: 900 });
    expect((await downloadProduct(t.db, buyer.id, product.id)).contentText).toBe('SREF 123');
    await expect(startCheckout(t.db, deps, asUser(buyer), { productId: product.id })).rejects.toMatchObject({ code: 'ALREADY_OWNED' });

    // The clock moves a month: a renewal is a new paid order and the period moves on.
    const firstEnd = new Date(sub.current_period_end).getTime();
    await advanceLocalSubscription(t.db, deps, sub.provider_subscription_id);
    const renewals = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('provider_subscription_id', '=', sub.provider_subscription_id)
      .where('id', '<>', orderId)
      .execute();
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ kind: 'subscription', status: 'paid', amount_cents: 900, fee_cents: 135, buyer_id: buyer.id });
    const renewed = await t.db.selectFrom('subscriptions').select(['current_period_end', 'status']).where('id', '=', sub.id).executeTakeFirstOrThrow();
    expect(new Date(renewed.current_period_end).getTime()).toBeGreaterThan(firstEnd);
    expect((await getSales(t.db, asUser(creator, 'creator'))).totals).toEqual({ sales: 2, gross: 18, net: 15.3 });

    // Cancel at period end: access stays until the end of the period.
    const cancelled = await cancelSubscription(t.db, deps, buyer.id, orderId);
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect((await downloadProduct(t.db, buyer.id, product.id)).contentText).toBe('SREF 123');
    const item = (await getLibrary(t.db, buyer.id)).find((i) => i.order?.id === orderId);
    expect(item).toMatchObject({ hasAccess: true, subscription: { cancelAtPeriodEnd: true, status: 'active' } });

    // The period ends: customer.subscription.deleted, and access is gone.
    await advanceLocalSubscription(t.db, deps, sub.provider_subscription_id);
    expect((await t.db.selectFrom('subscriptions').select('status').where('id', '=', sub.id).executeTakeFirstOrThrow()).status).toBe('canceled');
    await expect(downloadProduct(t.db, buyer.id, product.id)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    expect((await getLibrary(t.db, buyer.id)).find((i) => i.order?.id === orderId)?.hasAccess).toBe(false);
    // The renewal was not a second checkout: no renewal after cancellation.
    expect(await t.db.selectFrom('orders').select('id').where('provider_subscription_id', '=', sub.provider_subscription_id).execute()).toHaveLength(2);
  });

  it("learns the payment intent of a subscription's first invoice, so that its refund can name it", async () => {
    const creator = await createUser(t.db);
    const product = await createProduct(t.db, creator.id, { price: 12, pricing_model: 'subscription', content_delivery_type: 'text', content_text: 'x' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const orderId = await buy(buyer, product.id);
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    // The local checkout, like Stripe's, completes with the invoice id as the payment.
    expect(order.provider_payment_id).toMatch(/^in_/);
    const paymentIntent = `pi_test_${orderId.slice(0, 8)}`;
    // Stripe's newer API names the payment under invoice.payments; the older one as payment_intent.
    const { payload, signature } = signedEvent('invoice.paid', {
      id: order.provider_payment_id,
      object: 'invoice',
      billing_reason: 'subscription_create',
      amount_paid: 1200,
      subscription: order.provider_subscription_id,
      payments: { data: [{ payment: { type: 'payment_intent', payment_intent: paymentIntent } }] },
      lines: { data: [] },
    });
    await handleWebhook(t.db, deps, payload, signature);
    const after = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ provider_payment_id: paymentIntent, status: 'paid', amount_cents: 1200 });
    // No second order for the first invoice.
    expect(await t.db.selectFrom('orders').select('id').where('provider_subscription_id', '=', order.provider_subscription_id).execute()).toHaveLength(1);
  });

  it("another user cannot cancel someone's subscription (404)", async () => {
    const creator = await createUser(t.db);
    const product = await createProduct(t.db, creator.id, { price: 5, pricing_model: 'subscription', content_delivery_type: 'text', content_text: 'x' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    const other = await createUser(t.db, { userType: 'buyer' });
    const orderId = await buy(buyer, product.id);
    await expect(cancelSubscription(t.db, deps, other.id, orderId)).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
  });

  it('parks a subscription update that arrives before its checkout completes', async () => {
    const early = signedEvent('customer.subscription.updated', {
      id: 'sub_test_unknownyet1',
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: true,
      items: { data: [] },
    });
    expect((await handleWebhook(t.db, deps, early.payload, early.signature)).status).toBe('parked');
  });
});

describe('creator figures from orders', () => {
  it('subtract refunds; the CSV lists each sale and refund and its columns sum to the totals, in cents', async () => {
    const creator = await createUser(t.db, { fullName: 'Figure Creator' });
    const a = await createProduct(t.db, creator.id, {
      title: 'Odd Price',
      price: '0.29',
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'x',
    });
    const b = await createProduct(t.db, creator.id, {
      title: 'Workflow',
      price: '19.99',
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'x',
    });
    const buyers = await Promise.all([1, 2, 3].map(() => createUser(t.db, { userType: 'buyer' })));
    await buy(buyers[0]!, a.id); // 29 cents, fee 4
    await buy(buyers[1]!, a.id);
    await buy(buyers[0]!, b.id); // 1999, fee 300
    const refunded = await buy(buyers[2]!, b.id);
    await refundOrder(t.db, deps, creator.id, refunded);

    const me = asUser(creator, 'creator');
    const sales = await getSales(t.db, me);
    expect(sales.totals).toEqual({ sales: 3, gross: 20.57, net: 17.49 });
    expect(sales.recent.find((s) => s.id === refunded)).toMatchObject({ status: 'refunded', amount: 19.99, fee: 3, net: 16.99 });
    const earnings = await getEarnings(t.db, me);
    // Sales are held PAYOUT_HOLD_DAYS (7) before a payout can take them (docs/decisions/048).
    expect(earnings).toMatchObject({ total: 17.49, balance: 17.49, available: 0, held: 17.49, refunded: 16.99 });

    const csv = (await exportEarningsCsv(t.db, me))
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','));
    expect(csv).toHaveLength(5); // four sales and one refund line
    const column = (i: number) => csv.reduce((sum, cells) => sum + Math.round(Number(cells[i]) * 100), 0);
    expect(column(3)).toBe(2057);
    expect(column(4)).toBe(308);
    expect(column(5)).toBe(1749);
    expect(csv.filter((cells) => cells[2] === 'refund')).toEqual([[expect.any(String), 'Workflow', 'refund', '-19.99', '-3.00', '-16.99', 'refunded']]);
  });

  it('admin order list: only admins, searchable by order number or buyer email', async () => {
    const creator = await createUser(t.db);
    const product = await createProduct(t.db, creator.id, { price: 12, pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'x' });
    const buyer = await createUser(t.db, { userType: 'buyer', email: `findme-${Date.now()}@example.test` });
    const orderId = await buy(buyer, product.id);
    await expect(listOrdersForAdmin(t.db, buyer.id, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const admin = await createUser(t.db);
    await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const byEmail = await listOrdersForAdmin(t.db, admin.id, { q: 'findme-' });
    expect(byEmail.items.map((o) => o.id)).toEqual([orderId]);
    const number = byEmail.items[0]!.number;
    expect(number).toMatch(/^TM-\d{6}$/);
    expect((await listOrdersForAdmin(t.db, admin.id, { q: number })).items.map((o) => o.id)).toEqual([orderId]);
    expect((await listOrdersForAdmin(t.db, admin.id, { q: 'nobody@nowhere' })).items).toEqual([]);
  });
});
