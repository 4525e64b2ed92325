/**
 * A creator's emails to customers (issue 31, docs/decisions/078), through the API routes and the
 * job engine: a send reaches exactly the buyers who did not unsubscribe (paid, unrefunded
 * orders; each account once; not the suspended), each email with the one-click unsubscribe that
 * stops exactly that creator's emails (another creator's still arrive; the page's scope=kind
 * stops the kind; Undo) and counts for that email's figures and the creator's list; a batch run again writes
 * nothing more, and the batches page through the audience; another creator gets 404; the daily
 * limit; a test goes only to the creator. Both database drivers (DATABASE_URL for the second).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { queueCreatorEmailBatch } from '@/functions/email/email.service';
import { audienceRecipients } from '@/functions/customer-emails/customer-emails.repository';
import { drainJobs } from '@/functions/jobs';
import { GET as listRoute, POST as sendRoute } from '@/src/pages/api/studio/customer-emails/index';
import { GET as getRoute } from '@/src/pages/api/studio/customer-emails/[id]';
import { POST as previewRoute } from '@/src/pages/api/studio/customer-emails/preview';
import { POST as testRoute } from '@/src/pages/api/studio/customer-emails/test';
import { POST as unsubscribeRoute } from '@/src/pages/api/unsubscribe/index';
import { POST as undoRoute } from '@/src/pages/api/unsubscribe/undo';
import type { CustomerEmailInput } from '@/src/shared/customer-emails';
import { call, signUp, testMailer, type TestSession } from '../support/api';
import { deliverQueuedEmails } from '../support/emails';
import { createProduct, createUser } from '../support/factories';
import { buyLocally, testDeps } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

const dataDir = vi.hoisted(() => {
  const dir = `${process.env['TMPDIR'] ?? '/tmp'}/toolmint-customer-emails-${process.pid}`;
  process.env['DATA_DIR'] = dir;
  process.env['RATE_LIMIT_SCALE'] = '1000';
  return dir;
});

let t: TestDb;
let creator: TestSession;
let other: TestSession;
let productA: string;
let productB: string;
const buyers: Record<'b1' | 'b2' | 'refunded' | 'unsubscriber' | 'suspended', { id: string; email: string }> = {} as never;

const email = (over: Partial<CustomerEmailInput> = {}): CustomerEmailInput => ({
  audience: 'product',
  productId: productA,
  subject: 'Version 2 is out',
  body: 'Thank you!\n\n**Version 2** is out: [see it](/library). <script>alert(1)</script>',
  ...over,
});
const send = (session: TestSession, json: unknown) => call(sendRoute, '/api/studio/customer-emails', { method: 'POST', session, json });
/** Runs the send's batch jobs, then the deliveries they queued. */
const runJobs = async () => {
  await drainJobs(t.db);
  await deliverQueuedEmails(t.db);
};
const sentTo = (subject: string) =>
  testMailer()
    .sent.filter((m) => m.subject === subject)
    .map((m) => m.to)
    .sort();

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  creator = await signUp('creator', 'Cora Creator');
  other = await signUp('creator', 'Otto Other');
  const deps = testDeps();
  const paid = (title: string) =>
    createProduct(t.db, creator.userId, { title, price: 19, pricing_model: 'one_time', content_delivery_type: 'text', content_text: 'THE PACK' });
  productA = (await paid('Cold email sequences')).id;
  productB = (await paid('Follow-up templates')).id;
  for (const key of Object.keys({ b1: 0, b2: 0, refunded: 0, unsubscriber: 0, suspended: 0 }) as (keyof typeof buyers)[]) {
    const user = await createUser(t.db, { fullName: key, userType: 'buyer', email: `${key}-${process.pid}@example.test` });
    buyers[key] = { id: user.id, email: user.email };
    await buyLocally(t.db, deps, buyers[key], productA);
  }
  // b2 bought both products: one email all the same.
  await buyLocally(t.db, deps, buyers.b2, productB);
  await t.db.updateTable('orders').set({ status: 'refunded', refunded_at: new Date() }).where('buyer_id', '=', buyers.refunded.id).execute();
  await t.db
    .updateTable('profiles')
    .set({ suspended_until: new Date(Date.now() + 86_400_000), suspension_reason: 'Spam.' })
    .where('id', '=', buyers.suspended.id)
    .execute();
  // Nothing else of the set-up (receipts, sale notices) counts below.
  await runJobs();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a creator’s email to customers', () => {
  let firstId: string;
  let firstOneClick: string;
  const optOuts = () => t.db.selectFrom('creator_email_opt_outs').select(['user_id', 'creator_id']).execute();

  it('reaches exactly the paying buyers, each with the one-click unsubscribe; an unsubscribe counts and turns off exactly that kind', async () => {
    const sent = await send(creator, email({ subject: 'First news' }));
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ audience: 'product', productId: productA, productTitle: 'Cold email sequences', recipients: 3 });
    firstId = sent.body.id;
    await runJobs();
    expect(sentTo('First news')).toEqual([buyers.b1.email, buyers.b2.email, buyers.unsubscriber.email].sort());
    const mail = testMailer().lastTo(buyers.unsubscriber.email, /^First news$/)!;
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The Markdown is sanitized: the script is text, the site path absolute.
    expect(mail.html).toContain('<strong>Version 2</strong>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toMatch(/href="https?:\/\/[^"]+\/library"/);
    expect(mail.text).toContain('Cora Creator');

    // The footer and the one-click header stop this creator's emails only.
    expect(mail.text).toContain('Unsubscribe from emails from Cora Creator');
    const oneClick = new URL(mail.headers!['List-Unsubscribe']!.slice(1, -1));
    firstOneClick = `${oneClick.pathname}${oneClick.search}`;
    const unsubscribed = await call(unsubscribeRoute, firstOneClick, { method: 'POST' });
    expect(unsubscribed.status).toBe(200);
    expect(unsubscribed.body).toMatchObject({ kind: 'creator_email', scope: 'creator', creatorName: 'Cora Creator', channel: 'instant' });
    const prefs = await t.db.selectFrom('notification_preferences').select(['kind', 'channel']).where('user_id', '=', buyers.unsubscriber.id).execute();
    expect(prefs).toEqual([]);
    expect(await optOuts()).toEqual([{ user_id: buyers.unsubscriber.id, creator_id: creator.userId }]);

    const figures = await call(getRoute, `/api/studio/customer-emails/${firstId}`, { session: creator, params: { id: firstId } });
    expect(figures.body).toMatchObject({ recipients: 3, sent: 3, delivered: 3, unsubscribed: 1 });
  });

  it('goes to every buyer of all products once, without those who unsubscribed; a batch run again writes nothing more', async () => {
    const sent = await send(creator, email({ audience: 'all_products', productId: null, subject: 'Second news' }));
    expect(sent.status).toBe(201);
    expect(sent.body.recipients).toBe(2);
    await runJobs();
    expect(sentTo('Second news')).toEqual([buyers.b1.email, buyers.b2.email].sort());
    // A retried batch (the job's at-least-once) queues nobody twice.
    const spec = { creatorId: creator.userId, audience: 'all_products' as const, productId: null };
    const again = await queueCreatorEmailBatch(t.db, sent.body.id, audienceRecipients(spec), { batchSize: 100 });
    expect(again).toEqual({ queued: 0, next: null });
    // Batches page through the audience in user id order.
    const first = await queueCreatorEmailBatch(t.db, sent.body.id, audienceRecipients(spec), { batchSize: 1 });
    expect(first.next).not.toBeNull();
    expect(await queueCreatorEmailBatch(t.db, sent.body.id, audienceRecipients(spec), { batchSize: 1, after: first.next! })).toMatchObject({ queued: 0 });
    const rows = await t.db.selectFrom('email_messages').select('user_id').where('reference', '=', `creator_email:${sent.body.id}`).execute();
    expect(rows).toHaveLength(2);
  });

  it('is another creator’s 404: their email, their product, and none of their figures in the list', async () => {
    const theirs = await call(getRoute, `/api/studio/customer-emails/${firstId}`, { session: other, params: { id: firstId } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('CUSTOMER_EMAIL_NOT_FOUND');
    const toTheirBuyers = await send(other, email());
    expect(toTheirBuyers.status).toBe(404);
    expect(toTheirBuyers.body.error.code).toBe('PRODUCT_NOT_FOUND');
    const list = await call(listRoute, '/api/studio/customer-emails', { session: other });
    expect(list.body).toMatchObject({ items: [], remaining: 3 });
    expect(list.body.audiences.map((a: { recipients: number }) => a.recipients)).toEqual([0, 0]);
  });

  it('allows 3 sends in 24 hours, says when the next may go, and counts no test', async () => {
    await t.db.insertInto('follows').values({ follower_id: buyers.b1.id, following_id: creator.userId }).execute();
    expect((await send(creator, email({ audience: 'followers', productId: null, subject: 'Third news' }))).status).toBe(201);
    const fourth = await send(creator, email({ subject: 'Fourth news' }));
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('CUSTOMER_EMAIL_DAILY_LIMIT');
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(86_000);
    const list = await call(listRoute, '/api/studio/customer-emails', { session: creator });
    expect(list.body).toMatchObject({ limit: 3, remaining: 0 });
    expect(list.body.items.map((i: { subject: string }) => i.subject)).toEqual(['Third news', 'Second news', 'First news']);

    // The followers' email went to the one follower; a test still goes, and only to the creator.
    await runJobs();
    expect(sentTo('Third news')).toEqual([buyers.b1.email]);
    const before = testMailer().sent.length;
    const test = await call(testRoute, '/api/studio/customer-emails/test', { method: 'POST', session: creator, json: email({ subject: 'Trial run' }) });
    expect(test.status).toBe(200);
    expect(test.body).toEqual({ to: creator.email });
    await runJobs();
    const mails = testMailer().sent.slice(before);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[creator.email, '[Test] Trial run']]);
  });

  it('previews the Markdown as the email shows it, and refuses an empty body with its field', async () => {
    const preview = await call(previewRoute, '/api/studio/customer-emails/preview', {
      method: 'POST',
      session: creator,
      json: { body: '# Hi\n\n<b>x</b> _y_' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toBe('<p><strong>Hi</strong></p>\n<p>&lt;b&gt;x&lt;/b&gt; <em>y</em></p>');
    const empty = await send(creator, email({ body: '  ' }));
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ body: 'Write the email' });
  });
  it('stops one creator only: another creator’s email still arrives; the page can stop every creator’s; Undo gives each back', async () => {
    const pia = await signUp('creator', 'Pia Pixel');
    const piaProduct = await createProduct(t.db, pia.userId, {
      title: 'Pia pack',
      price: 9,
      pricing_model: 'one_time',
      content_delivery_type: 'text',
      content_text: 'P',
    });
    await buyLocally(t.db, testDeps(), buyers.unsubscriber, piaProduct.id);
    await runJobs();
    const sent = await send(pia, email({ productId: piaProduct.id, subject: 'Pia news' }));
    expect(sent.body.recipients).toBe(1);
    await runJobs();
    expect(sentTo('Pia news')).toEqual([buyers.unsubscriber.email]);
    // Cora's list counts the one who stopped her emails.
    expect((await call(listRoute, '/api/studio/customer-emails', { session: creator })).body.optedOut).toBe(1);

    // The page's 'Stop emails from every creator': the whole kind, off.
    const link = new URL(
      testMailer()
        .lastTo(buyers.unsubscriber.email, /^Pia news$/)!
        .headers!['List-Unsubscribe']!.slice(1, -1),
    );
    const everyone = await call(unsubscribeRoute, `${link.pathname}${link.search}&scope=kind`, { method: 'POST' });
    expect(everyone.body).toMatchObject({ scope: 'kind', creatorName: 'Pia Pixel', channel: 'off', previous: 'instant' });
    const back = await call(undoRoute, `/api/unsubscribe/undo${link.search}&scope=kind`, { method: 'POST' });
    expect(back.body).toMatchObject({ scope: 'kind', channel: 'instant' });
    // Undo of Cora's link: her emails again, and her email's figure drops the unsubscribe.
    const undone = await call(undoRoute, firstOneClick.replace('/api/unsubscribe', '/api/unsubscribe/undo'), { method: 'POST' });
    expect(undone.body).toMatchObject({ scope: 'creator', creatorName: 'Cora Creator', channel: 'instant' });
    expect(await optOuts()).toEqual([]);
    const figures = await call(getRoute, `/api/studio/customer-emails/${firstId}`, { session: creator, params: { id: firstId } });
    expect(figures.body).toMatchObject({ unsubscribed: 0 });
    // A bad scope is a 400 naming it, not a whole-kind unsubscribe.
    const bad = await call(unsubscribeRoute, `${link.pathname}${link.search}&scope=all`, { method: 'POST' });
    expect(bad.status).toBe(400);
  });
});
