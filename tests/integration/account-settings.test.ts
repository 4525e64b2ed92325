/**
 * Account settings (issue 15, docs/decisions/032) through real Requests, src/middleware.ts,
 * better-auth's own endpoints and our route handlers, on a real database:
 * - change password: the current one required, every other session ends;
 * - change email: the link goes to the new address, the account changes when it is opened;
 * - sessions: listed without tokens, one revoked (not another user's), the others signed out;
 * - 'Download my data' holds the caller's rows and nothing of anyone else's;
 * - deleting an account: password required, personal data erased, orders kept with the buyer
 *   anonymised, products archived, buyers still download what they paid for, API keys and
 *   webhooks gone, no sign-in afterwards, never a 500;
 * - handles: the rules, reserved words, taken in any case, /@handle lookups.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { LocalBlobStore, setBlobStore } from '@/functions/_shared/blob-store';
import { uploadProfileImage } from '@/functions/profiles/profile-images.service';
import { getAuth, handleAuthRequest, resetAuth } from '@/functions/auth/auth';
import { profileIdForHandle } from '@/functions/account/account.service';
import { createApiKey } from '@/functions/api-keys/api-keys.service';
import { downloadProduct } from '@/functions/downloads/downloads.service';
import { payLocalCheckout, startCheckout } from '@/functions/payments/checkout.service';
import { defaultPaymentsDeps } from '@/functions/payments/deps';
import { getLibrary } from '@/functions/payments/orders.service';
import { getProfilePage } from '@/functions/profiles/profile-page.service';
import { createProductReview } from '@/functions/product-reviews/product-reviews.service';
import { followPerson } from '@/functions/follows/follows.service';
import { HANDLE_MESSAGES } from '@/src/shared/handles';
import type { SessionUser } from '@/src/shared/session';
import * as authRoute from '@/src/pages/api/auth/[...all]';
import * as handleRoute from '@/src/pages/api/settings/account/handle';
import * as exportRoute from '@/src/pages/api/settings/account/export';
import * as sessionsRoute from '@/src/pages/api/settings/account/sessions/index';
import * as sessionRoute from '@/src/pages/api/settings/account/sessions/[id]';
import * as profileRoute from '@/src/pages/api/profile/index';
import { deliverQueuedEmails } from '../support/emails';
import { call, SITE, signUp, TEST_PASSWORD, testMailer, type TestSession } from '../support/api';
import { linkIn } from '../support/mailer';
import { createProduct, ensureCategories } from '../support/factories';
import { CARD_OK } from '../support/payments';
import { createTestDb, type TestDb } from '../support/test-db';

type Handler = (context: APIContext) => Response | Promise<Response>;
const PASSWORD = TEST_PASSWORD;

let t: TestDb;
const address = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

let root: string;
let store: LocalBlobStore;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-account-'));
  store = new LocalBlobStore(root);
  setBlobStore(store);
  await ensureCategories(t.db);
});

afterAll(async () => {
  setBlobStore(undefined);
  resetAuth();
  await closeDb();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A better-auth endpoint, as the browser calls it. */
function auth(path: string, session: TestSession | null, json?: unknown) {
  return call(authRoute.ALL as Handler, `/api/auth/${path}`, { method: json === undefined ? 'GET' : 'POST', session, json, address: address() });
}

/** Signs in once more (another device): a second session of the same account. */
async function signInAgain(email: string, password = PASSWORD): Promise<TestSession & { status: number }> {
  const res = await auth('sign-in/email', null, { email, password, rememberMe: true });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, userId: (res.body as { user?: { id: string } } | null)?.user?.id ?? '', email, status: res.status };
}

/** Whether a session still signs its requests in. */
async function signedIn(session: TestSession): Promise<boolean> {
  const res = await call(profileRoute.GET as Handler, '/api/profile', { session });
  return res.status === 200;
}

describe('change password', () => {
  it('needs the current password and ends every other session, keeping this one', async () => {
    const me = await signUp('buyer', 'Pat Buyer');
    const laptop = await signInAgain(me.email);
    expect(laptop.status).toBe(200);
    expect(await signedIn(laptop)).toBe(true);

    const wrong = await auth('change-password', me, { currentPassword: 'Wr0ng!pass', newPassword: 'N3w!password', revokeOtherSessions: true });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_PASSWORD');
    expect(await signedIn(laptop)).toBe(true);

    const changed = await auth('change-password', me, { currentPassword: PASSWORD, newPassword: 'N3w!password', revokeOtherSessions: true });
    expect(changed.status).toBe(200);
    // The other device is signed out; this one gets a fresh session cookie and stays in.
    expect(await signedIn(laptop)).toBe(false);
    const fresh = {
      ...me,
      cookie: changed.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    };
    expect(await signedIn(fresh)).toBe(true);
    expect((await signInAgain(me.email, PASSWORD)).status).toBe(401);
    expect((await signInAgain(me.email, 'N3w!password')).status).toBe(200);
  });

  it('refuses a weak new password with the sign-up rule', async () => {
    const me = await signUp('buyer', 'Wes Weak');
    const res = await auth('change-password', me, { currentPassword: PASSWORD, newPassword: 'short', revokeOtherSessions: true });
    expect(res.status).toBe(400);
    expect((await signInAgain(me.email)).status).toBe(200);
  });
});

describe('change email', () => {
  it('sends the link to the new address and changes the account only when it is opened', async () => {
    const me = await signUp('buyer', 'Eve Email');
    const next = `eve-${randomBytes(4).toString('hex')}@example.com`;
    const res = await auth('change-email', me, { newEmail: next, callbackURL: '/settings/account?email=changed' });
    expect(res.status).toBe(200);

    await deliverQueuedEmails(t.db);
    const mail = testMailer().lastTo(next);
    expect(mail?.subject).toBe('Confirm your new toolmint email address');
    // Not yet: the account keeps its address until the link is opened.
    const before = await t.db.selectFrom('users').select(['email']).where('id', '=', me.userId).executeTakeFirstOrThrow();
    expect(before.email).toBe(me.email);

    const opened = await handleAuthRequest(await getAuth(), new Request(linkIn(mail), { headers: { cookie: me.cookie } }), address());
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).not.toContain('error');
    const after = await t.db.selectFrom('users').select(['email', 'email_verified']).where('id', '=', me.userId).executeTakeFirstOrThrow();
    expect(after).toEqual({ email: next, email_verified: true });
    expect((await signInAgain(next)).status).toBe(200);
    expect((await signInAgain(me.email)).status).toBe(401);
  });

  it('answers the same for an address that has an account, and changes nothing', async () => {
    const me = await signUp('buyer', 'Sam Same');
    const other = await signUp('buyer', 'Oli Other');
    await deliverQueuedEmails(t.db);
    const sentBefore = testMailer().sent.length;
    const res = await auth('change-email', me, { newEmail: other.email });
    expect(res.status).toBe(200);
    await deliverQueuedEmails(t.db);
    expect(testMailer().sent.length).toBe(sentBefore);
    const row = await t.db.selectFrom('users').select('email').where('id', '=', me.userId).executeTakeFirstOrThrow();
    expect(row.email).toBe(me.email);
  });

  it('needs a session', async () => {
    const res = await auth('change-email', null, { newEmail: 'nobody@example.com' });
    expect(res.status).toBe(401);
  });
});

describe('sessions', () => {
  it('lists the active sessions without tokens, marks this one, and signs one out', async () => {
    // Unverified: opening the verification link would sign in a third session.
    const me = await signUp('creator', 'Sid Sessions', { verified: false });
    const phone = await signInAgain(me.email);
    const list = await call(sessionsRoute.GET as Handler, '/api/settings/account/sessions', { session: me });
    expect(list.status).toBe(200);
    const items = list.body.items as { id: string; current: boolean }[];
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);

    const other = items.find((s) => !s.current)!;
    // Another user cannot sign out my session: it is not theirs (404), and it stays.
    const stranger = await signUp('buyer', 'Stan Stranger');
    const refused = await call(sessionRoute.DELETE as Handler, `/api/settings/account/sessions/${other.id}`, {
      method: 'DELETE',
      session: stranger,
      params: { id: other.id },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('SESSION_NOT_FOUND');
    expect(await signedIn(phone)).toBe(true);

    const revoked = await call(sessionRoute.DELETE as Handler, `/api/settings/account/sessions/${other.id}`, {
      method: 'DELETE',
      session: me,
      params: { id: other.id },
    });
    expect(revoked.status).toBe(204);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(me)).toBe(true);
  });

  it("'Sign out other sessions' keeps only this one", async () => {
    const me = await signUp('buyer', 'Ola Others');
    const a = await signInAgain(me.email);
    const b = await signInAgain(me.email);
    const res = await auth('revoke-other-sessions', me, {});
    expect(res.status).toBe(200);
    expect(await signedIn(a)).toBe(false);
    expect(await signedIn(b)).toBe(false);
    expect(await signedIn(me)).toBe(true);
    const list = await call(sessionsRoute.GET as Handler, '/api/settings/account/sessions', { session: me });
    expect(list.body.items).toHaveLength(1);
  });
});

/** A creator with a published paid product, and a buyer who bought it (a paid order). */
async function creatorWithSale() {
  const creator = await signUp('creator', 'Cora Creator');
  const buyer = await signUp('buyer', 'Bea Buyer');
  const product = await createProduct(t.db, creator.userId, {
    title: `Sales playbook ${randomBytes(3).toString('hex')}`,
    price: 19,
    pricing_model: 'one_time',
    category_id: 'business',
    content_delivery_type: 'text',
    content_text: 'The playbook itself.',
  });
  const payments = defaultPaymentsDeps();
  const checkout = await startCheckout(t.db, payments, { id: buyer.userId, email: buyer.email } as SessionUser, { productId: product.id });
  await payLocalCheckout(t.db, payments, buyer.userId, checkout.url.split('/checkout/')[1]!, CARD_OK);
  return { creator, buyer, product, orderId: checkout.orderId };
}

describe('download my data', () => {
  it("holds the caller's profile, products, purchases, favorites, follows and reviews, and nothing of anyone else", async () => {
    const { creator, buyer, product } = await creatorWithSale();
    await followPerson(t.db, buyer.userId, creator.userId);
    await call(handleRoute.PUT as Handler, '/api/settings/account/handle', {
      method: 'PUT',
      session: buyer,
      json: { handle: `bea-${randomBytes(3).toString('hex')}` },
    });

    const mine = await call(exportRoute.GET as Handler, '/api/settings/account/export', { session: buyer });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-disposition')).toContain('attachment');
    const data = mine.body;
    expect(data.format).toBe('toolmint-account-export/1');
    expect(data.profile).toMatchObject({ id: buyer.userId, email: buyer.email, full_name: 'Bea Buyer' });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ product_id: product.id, amount_cents: 1900, status: 'paid' });
    expect(data.products).toEqual([]);
    expect(data.reviews).toHaveProperty('seller');
    // Nothing of the creator's account beyond the id of what was bought.
    expect(JSON.stringify(data)).not.toContain(creator.email);

    const theirs = await call(exportRoute.GET as Handler, '/api/settings/account/export', { session: creator });
    expect(theirs.body.products.map((p: { id: string }) => p.id)).toEqual([product.id]);
    // The creator's export does not name their buyer.
    expect(theirs.body.orders).toEqual([]);
    expect(JSON.stringify(theirs.body)).not.toContain(buyer.email);
    expect(JSON.stringify(theirs.body)).not.toContain(buyer.userId);
  });

  it('needs a session', async () => {
    const res = await call(exportRoute.GET as Handler, '/api/settings/account/export');
    expect(res.status).toBe(401);
  });
});

describe('delete my account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const me = await signUp('buyer', 'Rita Refused');
    const res = await auth('delete-user', me, { password: 'Wr0ng!pass' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_PASSWORD');
    expect(await signedIn(me)).toBe(true);
  });

  it("a creator's deletion: products archived, orders kept, buyers keep what they paid for, no sign-in afterwards", async () => {
    const { creator, buyer, product, orderId } = await creatorWithSale();
    const draft = await createProduct(t.db, creator.userId, { title: 'A draft', status: 'draft' });
    await call(handleRoute.PUT as Handler, '/api/settings/account/handle', { method: 'PUT', session: creator, json: { handle: 'cora-gone' } });
    await createApiKey(t.db, await getAuth(), creator.userId, { name: 'Release script', scopes: ['products:read'] });
    // Written directly: registering one resolves its host, which a test machine may not reach.
    await t.db
      .insertInto('webhook_endpoints')
      .values({ user_id: creator.userId, url: 'https://example.com/hooks', events: ['sale.created'], secret: 'whsec_test', updated_at: new Date() })
      .execute();
    await followPerson(t.db, buyer.userId, creator.userId);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const avatar = await uploadProfileImage(t.db, store, creator.userId, 'avatar', { name: 'me.png', bytes: png });
    const avatarAt = store.locate(avatar.url!.split('?')[0]!)!;
    expect(await store.get(avatarAt.pathname, avatarAt.access)).not.toBeNull();

    const res = await auth('delete-user', creator, { password: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    // The account is gone: no user row, no session, no sign-in.
    expect(await t.db.selectFrom('users').select('id').where('id', '=', creator.userId).executeTakeFirst()).toBeUndefined();
    expect(await signedIn(creator)).toBe(false);
    expect((await signInAgain(creator.email)).status).toBe(401);
    // API keys and webhooks are revoked.
    expect(await t.db.selectFrom('api_keys').select('id').where('reference_id', '=', creator.userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('webhook_endpoints').select('id').where('user_id', '=', creator.userId).execute()).toEqual([]);
    // The profile is an anonymous tombstone, not a page; its handle is free again.
    const tomb = await t.db.selectFrom('profiles').selectAll().where('id', '=', creator.userId).executeTakeFirstOrThrow();
    expect(tomb).toMatchObject({ full_name: null, company: null, avatar_url: null, handle: null });
    expect(tomb.deleted_at).not.toBeNull();
    expect(await getProfilePage(t.db, creator.userId, null)).toBeNull();
    expect(await profileIdForHandle(t.db, 'cora-gone')).toBeNull();
    // The picture left storage.
    expect(await store.get(avatarAt.pathname, avatarAt.access)).toBeNull();
    // Products are archived (off the catalogue), the order is kept for accounting.
    const statuses = await t.db.selectFrom('products').select(['id', 'status']).where('creator_id', '=', creator.userId).execute();
    expect(statuses.map((p) => p.status).sort()).toEqual(['archived', 'archived']);
    expect(statuses.map((p) => p.id)).toContain(draft.id);
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', amount_cents: 1900, creator_id: creator.userId });
    // The buyer still has it in their library and can still download it.
    const library = await getLibrary(t.db, buyer.userId);
    expect(library.find((i) => i.productId === product.id)?.hasAccess).toBe(true);
    const download = await downloadProduct(t.db, buyer.userId, product.id);
    expect(download.success).toBe(true);
    // The buyer no longer follows anyone.
    const counts = await t.db.selectFrom('profiles').select('following_count').where('id', '=', buyer.userId).executeTakeFirstOrThrow();
    expect(counts.following_count).toBe(0);
  });

  it("a buyer's deletion keeps their orders with the buyer anonymised", async () => {
    const { creator, buyer, product, orderId } = await creatorWithSale();
    await createProductReview(t.db, buyer.userId, product.id, { rating: 5, text: 'Worth every cent.' });
    expect((await t.db.selectFrom('products').select('review_count').where('id', '=', product.id).executeTakeFirstOrThrow()).review_count).toBe(1);
    const mine = await call(exportRoute.GET as Handler, '/api/settings/account/export', { session: buyer });
    expect(mine.body.reviews.product).toMatchObject([{ product_id: product.id, rating: 5, review_text: 'Worth every cent.' }]);

    const res = await auth('delete-user', buyer, { password: PASSWORD });
    expect(res.status).toBe(200);
    // The review they wrote is gone, and the product's rating no longer counts it.
    expect(await t.db.selectFrom('product_reviews').select('id').where('reviewer_id', '=', buyer.userId).execute()).toEqual([]);
    const rated = await t.db.selectFrom('products').select(['review_count', 'rating']).where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(rated.review_count).toBe(0);
    expect(Number(rated.rating)).toBe(0);
    const order = await t.db
      .selectFrom('orders')
      .innerJoin('profiles', 'profiles.id', 'orders.buyer_id')
      .select(['orders.status', 'orders.amount_cents', 'profiles.full_name', 'profiles.deleted_at'])
      .where('orders.id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
    expect(order.amount_cents).toBe(1900);
    expect(order.full_name).toBeNull();
    expect(order.deleted_at).not.toBeNull();
    // The creator's sale is still there.
    expect(await t.db.selectFrom('orders').select('id').where('creator_id', '=', creator.userId).execute()).toHaveLength(1);
  });

  it("a subscriber's deletion stops the renewals: cancelled at period end, the order kept", async () => {
    const creator = await signUp('creator', 'Sue Subs');
    const buyer = await signUp('buyer', 'Sam Subscriber');
    const product = await createProduct(t.db, creator.userId, {
      title: `Weekly prompts ${randomBytes(3).toString('hex')}`,
      price: 9,
      pricing_model: 'subscription',
      content_delivery_type: 'text',
      content_text: 'This week: ten prompts.',
    });
    const payments = defaultPaymentsDeps();
    const checkout = await startCheckout(t.db, payments, { id: buyer.userId, email: buyer.email } as SessionUser, { productId: product.id });
    await payLocalCheckout(t.db, payments, buyer.userId, checkout.url.split('/checkout/')[1]!, CARD_OK);
    const before = await t.db.selectFrom('subscriptions').selectAll().where('buyer_id', '=', buyer.userId).executeTakeFirstOrThrow();
    expect(before).toMatchObject({ status: 'active', cancel_at_period_end: false });

    expect((await auth('delete-user', buyer, { password: PASSWORD })).status).toBe(200);
    const after = await t.db.selectFrom('subscriptions').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(after.cancel_at_period_end).toBe(true);
    const order = await t.db.selectFrom('orders').select(['status', 'amount_cents']).where('id', '=', checkout.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'paid', amount_cents: 900 });
  });

  it('needs a session', async () => {
    const res = await auth('delete-user', null, { password: PASSWORD });
    expect(res.status).toBe(401);
  });
});

describe('handles', () => {
  const put = (session: TestSession, handle: unknown) =>
    call(handleRoute.PUT as Handler, '/api/settings/account/handle', { method: 'PUT', session, json: { handle }, address: address() });

  it('takes a valid handle, stored lower-case, and finds the profile by it in any case', async () => {
    const me = await signUp('creator', 'Hana Handle');
    const res = await put(me, '@Hana_Handle-1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ handle: 'hana_handle-1' });
    expect(await profileIdForHandle(t.db, 'HANA_handle-1')).toEqual({ id: me.userId, handle: 'hana_handle-1' });
    const profile = await call(profileRoute.GET as Handler, '/api/profile', { session: me });
    expect(profile.body.handle).toBe('hana_handle-1');
  });

  it('refuses bad handles with field messages', async () => {
    const cases: [unknown, string][] = [
      ['ab', HANDLE_MESSAGES.length],
      ['a'.repeat(31), HANDLE_MESSAGES.length],
      ['has space', HANDLE_MESSAGES.characters],
      ['dot.ted', HANDLE_MESSAGES.characters],
      ['émile', HANDLE_MESSAGES.characters],
      ['admin', HANDLE_MESSAGES.reserved],
      ['Settings', HANDLE_MESSAGES.reserved],
      ['toolmint', HANDLE_MESSAGES.reserved],
      ['support', HANDLE_MESSAGES.reserved],
      ['', HANDLE_MESSAGES.required],
      [42, 'Must be text'],
    ];
    // Handle changes are rate limited (10 per account in 10 minutes): a few accounts share the cases.
    let me = await signUp('buyer', 'Bad Handles');
    for (const [i, [handle, message]] of cases.entries()) {
      if (i > 0 && i % 5 === 0) me = await signUp('buyer', 'Bad Handles');
      const res = await put(me, handle);
      expect(res.status, String(handle)).toBe(400);
      expect(res.body.error.fields, String(handle)).toEqual({ handle: message });
    }
  });

  it('refuses a handle taken by someone else, whatever its case, with a field message', async () => {
    const first = await signUp('creator', 'First Taker');
    const second = await signUp('creator', 'Second Taker');
    expect((await put(first, 'taken-one')).status).toBe(200);
    const res = await put(second, 'TAKEN-one');
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'HANDLE_TAKEN', fields: { handle: HANDLE_MESSAGES.taken } });
    // Saving one's own handle again is fine.
    expect((await put(first, 'Taken-One')).status).toBe(200);
  });

  it('an unknown or invalid handle finds nobody', async () => {
    expect(await profileIdForHandle(t.db, 'nobody-here')).toBeNull();
    expect(await profileIdForHandle(t.db, '../etc')).toBeNull();
  });

  it('the public profile page carries the handle', async () => {
    const me = await signUp('creator', 'Pia Page');
    await put(me, 'pia-page');
    const page = await getProfilePage(t.db, me.userId, null);
    expect(page?.profile.handle).toBe('pia-page');
  });
});

describe('origin', () => {
  it('refuses a handle change from another site', async () => {
    const me = await signUp('buyer', 'Cross Site');
    const res = await call(handleRoute.PUT as Handler, '/api/settings/account/handle', {
      method: 'PUT',
      session: me,
      json: { handle: 'cross-site' },
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(SITE).toContain('localhost');
  });
});
