/**
 * Issue 10, accounts: email verification and what it gates, sign-up answers that do not tell
 * which addresses have accounts, only the newest password-reset link working, better-auth's
 * /update-user closed with the profile as the one owner of name, company, user type and
 * avatar, and 'Start selling'. Real auth (the process-wide one on a test database), real
 * Requests through src/middleware.ts; emails are read from the mailer as their owner would.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { getAuth, handleAuthRequest, resetAuth } from '@/functions/auth/auth';
import { ERRORS } from '@/functions/_shared/errors';
import { POST as createMyProduct } from '@/src/pages/api/me/products/index';
import { PATCH as changeStatus } from '@/src/pages/api/me/products/[id]';
import { PATCH as editProfile } from '@/src/pages/api/profile/index';
import { POST as startSelling } from '@/src/pages/api/profile/start-selling';
import { PUT as putReview } from '@/src/pages/api/reviews/[sellerId]';
import { POST as postToolUpdate } from '@/src/pages/api/tools/[toolId]/updates';
import { PUT as followTool } from '@/src/pages/api/follows/tools/[toolId]';
import { POST as download } from '@/src/pages/api/products/[id]/download';
import { deliverQueuedEmails } from '../support/emails';
import { call, SITE, signUp, testMailer, verifyEmail, type TestSession } from '../support/api';
import { createProduct, createUser, ensureCategories } from '../support/factories';
import { linkIn } from '../support/mailer';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
const STRONG = 'Str0ng!pass';
const newIp = () => `203.0.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A call to /api/auth/* as the browser makes it. */
async function authCall(path: string, options: { body?: unknown; cookie?: string; ip?: string; method?: string } = {}) {
  const headers = new Headers({ origin: SITE });
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  if (options.cookie) headers.set('cookie', options.cookie);
  const request = new Request(`${SITE}/api/auth${path}`, {
    method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const response = await handleAuthRequest(await getAuth(), request, options.ip ?? newIp());
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? (JSON.parse(text) as Record<string, any>) : null };
}

const signUpBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  full_name: 'Grace Hopper',
  email,
  password: STRONG,
  user_type: 'creator',
  company: 'Compilers Inc',
  ...overrides,
});

const sessionUser = async (cookie: string) => (await authCall('/get-session', { cookie })).json?.user as Record<string, unknown> | undefined;

/** A product body that passes the editor's schema. */
const product = (status: 'draft' | 'published') => ({
  title: 'AI Meeting Notes Tool',
  description: 'Turns meeting recordings into clear action items. Use it to help your team follow up faster and save hours every week.',
  category_id: 'tech',
  status,
  price: 0,
  pricing_model: 'free',
  content_delivery_type: 'text',
  content_text: 'The prompt.',
  tags: ['ai', 'productivity', 'notes'],
});

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  testMailer();
  await ensureCategories(t.db);
  await t.db.insertInto('ai_tools').values({ id: 'n8n', name: 'n8n' }).execute();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('sign-up answers do not reveal which addresses have accounts', () => {
  it('answers a taken address like a new sign-up, without a session, changes nothing, and mails the owner', async () => {
    const email = uniqueEmail('taken');
    const first = await authCall('/sign-up/email', { body: signUpBody(email) });
    expect(first.status).toBe(200);
    const owner = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

    const attempt = await authCall('/sign-up/email', {
      body: signUpBody(email.toUpperCase(), { password: 'Other!pass9', full_name: 'Mallory', name: 'Mallory', user_type: 'buyer', company: '' }),
    });
    const fresh = await authCall('/sign-up/email', {
      body: signUpBody(uniqueEmail('fresh'), { full_name: 'Mallory', name: 'Mallory', user_type: 'buyer', company: '' }),
    });
    expect(attempt.status).toBe(200);
    expect(fresh.status).toBe(200);
    // Byte for byte the same answer, apart from what differs between any two new accounts: the
    // id, the address sent and the moment (docs/decisions/053).
    const comparable = (text: string, json: Record<string, any> | null) => {
      const user = json?.['user'] ?? {};
      let out = text;
      for (const [value, placeholder] of [
        [user.id, '<id>'],
        [user.email, '<email>'],
        [user.createdAt, '<time>'],
        [user.updatedAt, '<time>'],
      ] as const)
        out = out.split(JSON.stringify(value)).join(placeholder);
      return out;
    };
    expect(comparable(attempt.text, attempt.json)).toBe(comparable(fresh.text, fresh.json));
    expect(attempt.json).toMatchObject({ token: null, user: { emailVerified: false, user_type: 'buyer', full_name: 'Mallory', company: null } });
    expect(attempt.json?.['user'].id).not.toBe(owner.id);
    // The same cookies: none, for either (a new account's session starts at its emailed link).
    expect(attempt.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());
    expect(fresh.headers.getSetCookie()).toEqual([]);

    // Nothing changed: one user, the same name and type, the first password still the one.
    const after = await t.db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(email)`, '=', email)
      .execute();
    expect(after).toEqual([expect.objectContaining({ id: owner.id, full_name: 'Grace Hopper', user_type: 'creator' })]);
    expect((await authCall('/sign-in/email', { body: { email, password: 'Other!pass9' } })).status).toBe(401);
    expect((await authCall('/sign-in/email', { body: { email, password: STRONG } })).status).toBe(200);

    // The owner is told, and gets no second verification email.
    await deliverQueuedEmails(t.db);
    const mails = testMailer().sent.filter((m) => m.to === email);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your toolmint email address', 'Someone tried to create a toolmint account with your email']);
    expect(mails[1]!.text).toContain('Someone tried to create an account with your email address');
    expect(mails[1]!.text).toContain(`${SITE}/auth?mode=forgot-password`);
  });

  it("starts no session at sign-up: the token is null, no cookie is set, and the account's emailed link starts it", async () => {
    const email = uniqueEmail('cookie');
    const res = await authCall('/sign-up/email', { body: signUpBody(email) });
    expect(res.json?.['token']).toBeNull();
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await sessionUser(cookieOf((await verifyEmail(email)).headers))).toMatchObject({ email, emailVerified: true });
  });

  it('still refuses bad input for a taken address with the same messages as for a new one', async () => {
    const email = uniqueEmail('rules');
    await authCall('/sign-up/email', { body: signUpBody(email) });
    const taken = await authCall('/sign-up/email', { body: signUpBody(email, { password: 'weak' }) });
    const fresh = await authCall('/sign-up/email', { body: signUpBody(uniqueEmail('rules'), { password: 'weak' }) });
    expect(taken.status).toBe(400);
    expect(taken.json).toEqual(fresh.json);
  });
});

describe('email verification', () => {
  it('mails a link at sign-up that verifies the address, signs in, and works only once for signing in', async () => {
    const email = uniqueEmail('verify');
    await authCall('/sign-up/email', { body: signUpBody(email) });
    // Signed in with the password before opening the link (a sign-up starts no session).
    const cookie = cookieOf((await authCall('/sign-in/email', { body: { email, password: STRONG } })).headers);
    expect(await sessionUser(cookie)).toMatchObject({ email, emailVerified: false });

    await deliverQueuedEmails(t.db);
    const message = testMailer().lastTo(email, /Verify/);
    const link = linkIn(message);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/api/auth/verify-email`);
    expect(link.searchParams.get('callbackURL')).toBe('/auth/verified');
    expect(message!.html).toContain('Verify your email');

    const opened = await verifyEmail(email);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/auth/verified');
    // Opened on another device, the link signs that device in.
    const newDevice = cookieOf(opened.headers);
    expect(await sessionUser(newDevice)).toMatchObject({ email, emailVerified: true });
    // The first session sees the change at once (no cached session).
    expect(await sessionUser(cookie)).toMatchObject({ emailVerified: true });

    const again = await verifyEmail(email);
    expect(again.status).toBe(302);
    expect(cookieOf(again.headers)).not.toContain('toolmint.session_token=');
  });

  it('sends a bad or tampered link to the landing page with the error', async () => {
    const email = uniqueEmail('tamper');
    await authCall('/sign-up/email', { body: signUpBody(email) });
    await deliverQueuedEmails(t.db);
    const link = linkIn(testMailer().lastTo(email, /Verify/));
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const res = await handleAuthRequest(await getAuth(), new Request(link), newIp());
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/verified?error=INVALID_TOKEN');
    expect(res.headers.getSetCookie().join()).not.toContain('toolmint.session_token=');
    expect((await t.db.selectFrom('users').select('email_verified').where('email', '=', email).executeTakeFirstOrThrow()).email_verified).toBe(false);
  });

  it('resends the email to the signed-in user, refuses once verified, and is rate limited', async () => {
    const email = uniqueEmail('resend');
    await authCall('/sign-up/email', { body: signUpBody(email) });
    const cookie = cookieOf((await authCall('/sign-in/email', { body: { email, password: STRONG } })).headers);
    const ip = newIp();
    await deliverQueuedEmails(t.db);
    const before = testMailer().sent.filter((m) => m.to === email).length;
    for (let i = 0; i < 3; i++) {
      const resent = await authCall('/send-verification-email', { body: { email, callbackURL: '/somewhere-else' }, cookie, ip });
      expect(resent.status, JSON.stringify(resent.json)).toBe(200);
    }
    await deliverQueuedEmails(t.db);
    expect(testMailer().sent.filter((m) => m.to === email)).toHaveLength(before + 3);
    // Whatever callback a client names, the link lands on our page.
    expect(linkIn(testMailer().lastTo(email, /Verify/)).searchParams.get('callbackURL')).toBe('/auth/verified');
    // better-auth refuses a callback on another site outright.
    expect((await authCall('/send-verification-email', { body: { email, callbackURL: 'https://evil.example/' }, cookie })).status).toBe(403);
    const limited = await authCall('/send-verification-email', { body: { email }, cookie, ip });
    expect(limited.status).toBe(429);

    await verifyEmail(email);
    const done = await authCall('/send-verification-email', { body: { email }, cookie });
    expect(done.status).toBe(400);
    expect(done.json?.['code']).toBe('EMAIL_ALREADY_VERIFIED');
  });
});

describe('what an unverified account may do', () => {
  let fresh: TestSession;
  let seller: { id: string };
  let freeProduct: { id: string };

  beforeAll(async () => {
    fresh = await signUp('creator', 'Ada Fresh', { verified: false });
    seller = await createUser(t.db, { fullName: 'Sam Seller' });
    freeProduct = await createProduct(t.db, seller.id, { price: 0, content_delivery_type: 'text', content_text: 'Free prompt' });
  });

  it('follows tools and downloads free products at once', async () => {
    const followed = await call(followTool, '/api/follows/tools/n8n', { method: 'PUT', session: fresh, params: { toolId: 'n8n' } });
    expect(followed.status).toBe(200);
    const got = await call(download, `/api/products/${freeProduct.id}/download`, { method: 'POST', session: fresh, params: { id: freeProduct.id } });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ success: true, contentText: 'Free prompt' });
  });

  it('saves drafts but may not publish, review or post until verified, with one clear refusal', async () => {
    const refusal = { error: { code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email address first. We sent you a link.' } };
    const published = await call(createMyProduct, '/api/me/products', { method: 'POST', session: fresh, json: product('published') });
    expect(published.status).toBe(403);
    expect(published.body).toEqual(refusal);
    const draft = await call(createMyProduct, '/api/me/products', { method: 'POST', session: fresh, json: product('draft') });
    expect(draft.status).toBe(201);
    const patch = await call(changeStatus, `/api/me/products/${draft.body.id}`, {
      method: 'PATCH',
      session: fresh,
      params: { id: draft.body.id },
      json: { status: 'published' },
    });
    expect(patch.status).toBe(403);
    expect(patch.body).toEqual(refusal);
    const review = await call(putReview, `/api/reviews/${seller.id}`, {
      method: 'PUT',
      session: fresh,
      params: { sellerId: seller.id },
      json: { rating: 5, text: 'Great seller' },
    });
    expect(review.status).toBe(403);
    expect(review.body).toEqual(refusal);
    const post = await call(postToolUpdate, '/api/tools/n8n/updates', {
      method: 'POST',
      session: fresh,
      params: { toolId: 'n8n' },
      json: { title: 'A new release', content: 'Many new things in this release for everyone.', updateType: 'feature' },
    });
    expect(post.status).toBe(403);
    expect(post.body).toEqual(refusal);
    // Nothing was stored.
    expect(await t.db.selectFrom('products').select('status').where('creator_id', '=', fresh.userId).execute()).toEqual([{ status: 'draft' }]);
    expect(await t.db.selectFrom('seller_reviews').select('id').where('reviewer_id', '=', fresh.userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('ai_tool_updates').select('id').where('tool_id', '=', 'n8n').execute()).toEqual([]);

    // After opening the link, the same session publishes and reviews.
    await verifyEmail(fresh.email);
    const now = await call(changeStatus, `/api/me/products/${draft.body.id}`, {
      method: 'PATCH',
      session: fresh,
      params: { id: draft.body.id },
      json: { status: 'published' },
    });
    expect(now.status).toBe(200);
    expect(now.body.status).toBe('published');
    const reviewed = await call(putReview, `/api/reviews/${seller.id}`, {
      method: 'PUT',
      session: fresh,
      params: { sellerId: seller.id },
      json: { rating: 5, text: 'Great seller' },
    });
    expect(reviewed.status).toBe(201);
    const posted = await call(postToolUpdate, '/api/tools/n8n/updates', {
      method: 'POST',
      session: fresh,
      params: { toolId: 'n8n' },
      json: { title: 'A new release', content: 'Many new things in this release for everyone.', updateType: 'feature' },
    });
    expect(posted.body.error.code).toBe('NOT_TOOL_MAINTAINER');
  });
});

describe('publishing is for creators; Start selling', () => {
  it('refuses a buyer, switches the account with the sign-up rules for the company, then publishes', async () => {
    const buyer = await signUp('buyer', 'Bo Buyer');
    const refused = await call(createMyProduct, '/api/me/products', { method: 'POST', session: buyer, json: product('published') });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'NOT_A_CREATOR', message: ERRORS.NOT_A_CREATOR.message });
    const community = await signUp('community', 'Cy Community');
    expect((await call(createMyProduct, '/api/me/products', { method: 'POST', session: community, json: product('published') })).body.error.code).toBe(
      'NOT_A_CREATOR',
    );

    for (const [company, message] of [
      ['', 'Company or project name is required for creators'],
      ['  X ', 'Company name must be at least 2 characters'],
    ] as const) {
      const res = await call(startSelling, '/api/profile/start-selling', { method: 'POST', session: buyer, json: { company } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { company: message } });
    }
    expect((await t.db.selectFrom('profiles').select('user_type').where('id', '=', buyer.userId).executeTakeFirstOrThrow()).user_type).toBe('buyer');

    const switched = await call(startSelling, '/api/profile/start-selling', { method: 'POST', session: buyer, json: { company: ' Bo Tools ' } });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ userType: 'creator', company: 'Bo Tools' });
    // The account (what the session shows) follows the profile.
    expect(await sessionUser(buyer.cookie)).toMatchObject({ user_type: 'creator', company: 'Bo Tools' });
    const published = await call(createMyProduct, '/api/me/products', { method: 'POST', session: buyer, json: product('published') });
    expect(published.status).toBe(201);
  });

  it('asks for a signed-in user', async () => {
    const res = await call(startSelling, '/api/profile/start-selling', { method: 'POST', json: { company: 'Anon Co' } });
    expect(res.status).toBe(401);
  });
});

describe('password reset links', () => {
  it('voids the older links when a new one is requested, and every link once one is used', async () => {
    const email = uniqueEmail('reset');
    await authCall('/sign-up/email', { body: signUpBody(email) });
    const tokenOf = async () => {
      await deliverQueuedEmails(t.db);
      return linkIn(testMailer().lastTo(email, /Reset/)).searchParams.get('token')!;
    };
    await authCall('/request-password-reset', { body: { email } });
    const first = await tokenOf();
    await authCall('/request-password-reset', { body: { email } });
    const second = await tokenOf();
    expect(second).not.toBe(first);

    const old = await authCall('/reset-password', { body: { token: first, newPassword: 'N3w!password' } });
    expect(old.status).toBe(400);
    expect(old.json?.['code']).toBe('INVALID_TOKEN');
    expect((await authCall('/sign-in/email', { body: { email, password: STRONG } })).status).toBe(200);

    const used = await authCall('/reset-password', { body: { token: second, newPassword: 'N3w!password' } });
    expect(used.status).toBe(200);
    expect((await authCall('/sign-in/email', { body: { email, password: 'N3w!password' } })).status).toBe(200);
    const user = await t.db.selectFrom('users').select(['id', 'email_verified']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('verifications').select('id').where('value', '=', user.id).where('identifier', 'like', 'reset-password:%').execute()).toEqual(
      [],
    );
    // The reset link proved the mailbox is theirs.
    expect(user.email_verified).toBe(true);
  });

  it('leaves only the newest link working when requests race', async () => {
    const email = uniqueEmail('race');
    await authCall('/sign-up/email', { body: signUpBody(email) });
    const ip = newIp();
    await Promise.all([1, 2, 3].map(() => authCall('/request-password-reset', { body: { email }, ip })));
    const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const left = await t.db
      .selectFrom('verifications')
      .select('identifier')
      .where('value', '=', user.id)
      .where('identifier', 'like', 'reset-password:%')
      .execute();
    expect(left.length).toBeLessThanOrEqual(1);
  });
});

describe('account fields have one owner, the profile', () => {
  let user: TestSession;
  beforeAll(async () => {
    user = await signUp('buyer', 'Nora Buyer');
  });

  const rows = async () => ({
    user: await t.db.selectFrom('users').select(['name', 'full_name', 'user_type', 'company', 'image']).where('id', '=', user.userId).executeTakeFirstOrThrow(),
    profile: await t.db
      .selectFrom('profiles')
      .select(['full_name', 'user_type', 'company', 'avatar_url'])
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow(),
  });

  it.each([
    ['a name with HTML', { name: '<img src=x onerror=alert(1)>' }],
    ['a full name with HTML', { full_name: '<script>alert(1)</script>' }],
    ['a javascript: image', { image: 'javascript:alert(document.cookie)' }],
    ['a change of user type', { user_type: 'creator' }],
    ['a company', { company: 'Hijack Ltd' }],
  ])("refuses better-auth's /update-user with %s, and changes nothing", async (_label, body) => {
    const before = await rows();
    const res = await authCall('/update-user', { body, cookie: user.cookie });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'ACCOUNT_FIELDS_READ_ONLY', message: ERRORS.ACCOUNT_FIELDS_READ_ONLY.message });
    expect(await rows()).toEqual(before);
  });

  it('refuses a sign-up that names a picture (a javascript: URL would reach the profile)', async () => {
    const email = uniqueEmail('img');
    const res = await authCall('/sign-up/email', { body: signUpBody(email, { image: 'javascript:alert(1)' }) });
    expect(res.status).toBe(400);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('edits through PATCH /api/profile with the sign-up rules, and the account follows in the same statement', async () => {
    const bad = await call(editProfile, '/api/profile', { method: 'PATCH', session: user, json: { fullName: '<b>Nora</b>' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ fullName: 'Name contains invalid characters' });
    const ok = await call(editProfile, '/api/profile', { method: 'PATCH', session: user, json: { fullName: "Nora O'Brien", company: 'Shop Co' } });
    expect(ok.status).toBe(200);
    expect(await rows()).toEqual({
      user: { name: "Nora O'Brien", full_name: "Nora O'Brien", user_type: 'buyer', company: 'Shop Co', image: null },
      profile: { full_name: "Nora O'Brien", user_type: 'buyer', company: 'Shop Co', avatar_url: null },
    });
    expect(await sessionUser(user.cookie)).toMatchObject({ name: "Nora O'Brien", company: 'Shop Co' });
  });

  it('keeps the account equal to the profile whoever writes the users row', async () => {
    await t.db
      .updateTable('users')
      .set({ user_type: 'creator', full_name: 'Someone Else', image: 'javascript:alert(1)', company: 'X' })
      .where('id', '=', user.userId)
      .execute();
    const { user: account, profile } = await rows();
    expect(account).toEqual({
      name: profile.full_name,
      full_name: profile.full_name,
      user_type: profile.user_type,
      company: profile.company,
      image: profile.avatar_url,
    });
    // better-auth's own writes (here: verifying the email) pass through untouched otherwise.
    await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', user.userId).execute();
    expect((await t.db.selectFrom('users').select('email_verified').where('id', '=', user.userId).executeTakeFirstOrThrow()).email_verified).toBe(true);
  });
});
