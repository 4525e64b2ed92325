/**
 * Accounts against a real database (PGlite in memory, or PostgreSQL through the Neon driver
 * when DATABASE_URL is set): better-auth built by createAuth on the test database and
 * called with real Requests through handleAuthRequest, as the /api/auth route does.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuth, handleAuthRequest, type Auth } from '@/functions/auth/auth';
import { getEnv, type Env } from '@/env';
import { setMailer, type MailMessage } from '@/functions/_shared/mailer';
import { deliverQueuedEmails } from '../support/emails';
import { MemoryMailer } from '../support/mailer';
import { createTestDb, type TestDb } from '../support/test-db';

const SITE = 'http://localhost:4321';
const STRONG = 'Str0ng!pass';

let testDb: TestDb;
let auth: Auth;
let mailer: MemoryMailer;
let env: Env;

/** A fresh client address per caller, so tests do not share rate-limit buckets. */
const newIp = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

interface CallOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
  origin?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

async function call(instance: Auth, path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  if (options.origin !== null) headers.set('origin', options.origin ?? SITE);
  if (options.cookie) headers.set('cookie', options.cookie);
  const request = new Request(`${SITE}/api/auth${path}`, {
    method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const response = await handleAuthRequest(instance, request, options.ip ?? newIp());
  const text = await response.text();
  const json = text ? (JSON.parse(text) as Record<string, any>) : null;
  return { status: response.status, json, headers: response.headers };
}

/** name=value pairs of the Set-Cookie headers, ready for a Cookie header. */
function cookieOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    full_name: 'Ada Lovelace',
    email: uniqueEmail('ada'),
    password: STRONG,
    user_type: 'creator',
    company: 'Analytical Engines',
    ...overrides,
  };
}

async function rowsFor(email: string) {
  const users = await testDb.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).execute();
  const profiles = users.length
    ? await testDb.db
        .selectFrom('profiles')
        .selectAll()
        .where(
          'id',
          'in',
          users.map((u) => u.id),
        )
        .execute()
    : [];
  return { users, profiles };
}

beforeAll(async () => {
  testDb = await createTestDb();
  // The account emails are written to the outbox; its delivery job sends them through the process's mailer.
  mailer = new MemoryMailer();
  setMailer(mailer);
  env = getEnv({ NODE_ENV: 'test', SITE_URL: SITE, DATA_DIR: 'memory://' });
  auth = createAuth(testDb.db, { env });
});

afterAll(async () => {
  setMailer(undefined);
  await testDb?.close();
});

/** The test mailer once the outbox has delivered what is queued (as the worker would after the answer). */
async function delivered(): Promise<MemoryMailer> {
  await deliverQueuedEmails(testDb.db);
  return mailer;
}

describe('sign-up', () => {
  it('creates the user and its profile with no session; signing in sets an httpOnly SameSite=Lax cookie', async () => {
    const body = signUpBody();
    const res = await call(auth, '/sign-up/email', { body });
    expect(res.status).toBe(200);
    expect(res.json?.user).toMatchObject({ email: body.email, full_name: 'Ada Lovelace', user_type: 'creator', company: 'Analytical Engines' });

    const { users, profiles } = await rowsFor(body.email);
    expect(users).toHaveLength(1);
    expect(profiles).toEqual([
      expect.objectContaining({
        id: users[0]!.id,
        full_name: 'Ada Lovelace',
        user_type: 'creator',
        company: 'Analytical Engines',
        onboarding_status: 'pending',
      }),
    ]);

    // No session at sign-up (docs/decisions/053): it starts at the emailed link or a sign-in.
    expect(res.headers.getSetCookie()).toEqual([]);
    const signIn = await call(auth, '/sign-in/email', { body: { email: body.email, password: body.password } });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('toolmint.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('uses Secure cookies with the __Secure- prefix when the site is served over https', async () => {
    const secureSite = 'https://toolmint.example';
    const secureAuth = createAuth(testDb.db, { env: getEnv({ NODE_ENV: 'test', SITE_URL: secureSite, DATA_DIR: 'memory://' }) });
    const headers = new Headers({ origin: secureSite, 'content-type': 'application/json' });
    const body = signUpBody();
    const request = new Request(`${secureSite}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect((await handleAuthRequest(secureAuth, request, newIp())).status).toBe(200);
    const signIn = new Request(`${secureSite}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: body.email, password: body.password }),
    });
    const res = await handleAuthRequest(secureAuth, signIn, newIp());
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Secure-toolmint.session_token='));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it('defaults the user type to buyer', async () => {
    const body = signUpBody({ user_type: undefined, company: undefined });
    const res = await call(auth, '/sign-up/email', { body });
    expect(res.status).toBe(200);
    const { users, profiles } = await rowsFor(body.email);
    expect(users[0]?.user_type).toBe('buyer');
    expect(profiles[0]?.user_type).toBe('buyer');
  });

  it.each([
    ['an unknown user type', { user_type: 'admin' }, 'Account type must be creator, buyer or community'],
    ['a weak password', { password: 'abcdefg' }, 'Password is too weak'],
    ['a password under 8 characters', { password: 'Ab1!xyz' }, 'Password must be at least 8 characters'],
    ['a password over 128 characters', { password: `Aa1!${'x'.repeat(125)}` }, 'Password must be at most 128 characters'],
    ['a creator without a company', { company: '' }, 'Company or project name is required for creators'],
    ['a name with invalid characters', { name: 'R2-D2 <script>', full_name: 'R2-D2 <script>' }, 'Name contains invalid characters'],
    ['an invalid email', { email: 'not-an-email' }, null],
  ])('refuses %s and writes nothing', async (_label, overrides, message) => {
    const body = signUpBody(overrides);
    const res = await call(auth, '/sign-up/email', { body });
    expect(res.status).toBe(400);
    if (message) expect(res.json?.message).toBe(message);
    expect((await rowsFor(body.email)).users).toHaveLength(0);
  });

  it("refuses a fair password only when it is weak: 'password' with 8 lowercase letters is fair and accepted", async () => {
    // Spec section 5: weak is under 2 of the 5 rules; 8+ characters and lowercase make 2 (fair).
    const res = await call(auth, '/sign-up/email', { body: signUpBody({ password: 'abcdefgh' }) });
    expect(res.status).toBe(200);
    const weak = await call(auth, '/sign-up/email', { body: signUpBody({ password: 'ABCDEFG' }) });
    expect(weak.status).toBe(400);
  });

  it('creates nothing for a taken email, whatever its case, and answers without telling (docs/decisions/012)', async () => {
    const body = signUpBody();
    expect((await call(auth, '/sign-up/email', { body })).status).toBe(200);
    const again = await call(auth, '/sign-up/email', { body: { ...body, email: body.email.toUpperCase() } });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ token: null, user: { email: body.email, emailVerified: false } });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await delivered()).lastTo(body.email)?.subject).toBe('Someone tried to create a toolmint account with your email');
    expect((await rowsFor(body.email)).users).toHaveLength(1);
  });

  it('rolls back the user and the profile when a later step of the sign-up fails', async () => {
    const failing = createAuth(testDb.db, {
      env,
      overrides: {
        databaseHooks: {
          account: {
            create: {
              before: async () => {
                throw new Error('simulated failure after the user insert');
              },
            },
          },
        },
      },
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = signUpBody();
    const res = await call(failing, '/sign-up/email', { body });
    errors.mockRestore();
    expect(res.status).toBeGreaterThanOrEqual(400);
    const { users } = await rowsFor(body.email);
    expect(users).toHaveLength(0);
    const orphans = await testDb.db
      .selectFrom('profiles')
      .select('id')
      .where('full_name', '=', body.full_name)
      .where('id', 'not in', testDb.db.selectFrom('users').select('id'))
      .execute();
    expect(orphans).toHaveLength(0);
  });

  it('writes no user when the profile cannot be written (one statement, one transaction)', async () => {
    await sql`alter table profiles add constraint test_refuse_profile check (full_name is distinct from 'Refused Profile')`.execute(testDb.db);
    try {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const body = signUpBody({ name: 'Refused Profile', full_name: 'Refused Profile' });
      const res = await call(auth, '/sign-up/email', { body });
      errors.mockRestore();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect((await rowsFor(body.email)).users).toHaveLength(0);
    } finally {
      await sql`alter table profiles drop constraint test_refuse_profile`.execute(testDb.db);
    }
  });
});

describe('sign-in and sign-out', () => {
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail('login');
    expect((await call(auth, '/sign-up/email', { body: signUpBody({ email, user_type: 'buyer', company: '' }) })).status).toBe(200);
  });

  it('answers the same message for a wrong password and an unknown email', async () => {
    const wrong = await call(auth, '/sign-in/email', { body: { email, password: 'Wrong!pass1' } });
    const unknown = await call(auth, '/sign-in/email', { body: { email: uniqueEmail('nobody'), password: STRONG } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json?.message).toBe('Invalid email or password');
    expect(unknown.json).toEqual(wrong.json);
  });

  it('issues a new session at each login, and sign-out ends it on the server', async () => {
    const first = await call(auth, '/sign-in/email', { body: { email, password: STRONG } });
    const second = await call(auth, '/sign-in/email', { body: { email, password: STRONG } });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.json?.token).toBeTruthy();
    expect(second.json?.token).not.toBe(first.json?.token);

    const cookie = cookieOf(second.headers);
    const session = await call(auth, '/get-session', { cookie });
    expect(session.json?.user?.email).toBe(email);

    const out = await call(auth, '/sign-out', { body: {}, cookie });
    expect(out.status).toBe(200);
    const row = await testDb.db.selectFrom('sessions').select('id').where('token', '=', String(second.json?.token)).executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await call(auth, '/get-session', { cookie })).json).toBeNull();
    // The other session is untouched.
    expect((await call(auth, '/get-session', { cookie: cookieOf(first.headers) })).json?.user?.email).toBe(email);
  });
});

describe('rate limits (stored in rate_limits, on in every environment)', () => {
  it('answers 429 with a clear message after 5 sign-in attempts from one address', async () => {
    const ip = newIp();
    const body = { email: uniqueEmail('limited'), password: 'Wrong!pass1' };
    for (let i = 0; i < 5; i++) expect((await call(auth, '/sign-in/email', { body, ip })).status).toBe(401);
    const limited = await call(auth, '/sign-in/email', { body, ip });
    expect(limited.status).toBe(429);
    expect(limited.json?.message).toBe('Too many requests. Please try again later.');
    expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);
    // Another address is not affected, and the counter lives in the database.
    expect((await call(auth, '/sign-in/email', { body })).status).toBe(401);
    const rows = await testDb.db.selectFrom('rate_limits').selectAll().where('key', 'like', `${ip}|%`).execute();
    expect(rows).toEqual([expect.objectContaining({ key: `${ip}|/sign-in/email`, count: 5 })]);
  });

  it('limits sign-up and password reset requests too', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) await call(auth, '/sign-up/email', { body: signUpBody({ password: 'weak' }), ip });
    expect((await call(auth, '/sign-up/email', { body: signUpBody(), ip })).status).toBe(429);

    const resetIp = newIp();
    for (let i = 0; i < 3; i++) {
      expect((await call(auth, '/request-password-reset', { body: { email: uniqueEmail('r') }, ip: resetIp })).status).toBe(200);
    }
    expect((await call(auth, '/request-password-reset', { body: { email: uniqueEmail('r') }, ip: resetIp })).status).toBe(429);
  });

  it('ignores a client-supplied address header: the bucket is the address the server saw', async () => {
    const ip = newIp();
    const body = { email: uniqueEmail('spoof'), password: 'Wrong!pass1' };
    for (let i = 0; i < 5; i++) {
      await call(auth, '/sign-in/email', { body, ip, headers: { 'x-toolmint-client-ip': newIp(), 'x-forwarded-for': newIp() } });
    }
    expect((await call(auth, '/sign-in/email', { body, ip, headers: { 'x-toolmint-client-ip': newIp() } })).status).toBe(429);
  });
});

describe('password reset', () => {
  const tokenOf = (message: MailMessage | undefined) => new URL(message!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token');

  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const email = uniqueEmail('known');
    await call(auth, '/sign-up/email', { body: signUpBody({ email }) });
    const known = await call(auth, '/request-password-reset', { body: { email } });
    const unknownEmail = uniqueEmail('unknown');
    const unknown = await call(auth, '/request-password-reset', { body: { email: unknownEmail } });
    expect(known.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect((await delivered()).lastTo(unknownEmail)).toBeUndefined();
    const message = (await delivered()).lastTo(email);
    expect(message?.subject).toBe('Reset your toolmint password');
    expect(message?.text).toContain(`${SITE}/auth/reset-password?token=`);
  });

  it('sets the new password once, ends every session, and refuses the token a second time', async () => {
    const email = uniqueEmail('reset');
    const signup = await call(auth, '/sign-up/email', { body: signUpBody({ email }) });
    const oldCookie = cookieOf(signup.headers);
    await call(auth, '/request-password-reset', { body: { email } });
    const token = tokenOf((await delivered()).lastTo(email));
    expect(token).toBeTruthy();

    const weak = await call(auth, '/reset-password', { body: { token, newPassword: 'abcdefg' } });
    expect(weak.status).toBe(400);

    const reset = await call(auth, '/reset-password', { body: { token, newPassword: 'N3w!password' } });
    expect(reset.status).toBe(200);
    expect((await call(auth, '/get-session', { cookie: oldCookie })).json).toBeNull();
    expect((await call(auth, '/sign-in/email', { body: { email, password: STRONG } })).status).toBe(401);
    expect((await call(auth, '/sign-in/email', { body: { email, password: 'N3w!password' } })).status).toBe(200);

    const again = await call(auth, '/reset-password', { body: { token, newPassword: 'An0ther!pass' } });
    expect(again.status).toBe(400);
    expect(again.json?.code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired token', async () => {
    const email = uniqueEmail('expired');
    await call(auth, '/sign-up/email', { body: signUpBody({ email }) });
    await call(auth, '/request-password-reset', { body: { email } });
    const token = tokenOf((await delivered()).lastTo(email));
    const row = await testDb.db
      .selectFrom('verifications')
      .select(['id', 'expires_at', 'created_at'])
      .where('identifier', '=', `reset-password:${token}`)
      .executeTakeFirstOrThrow();
    // Issued with a one-hour lifetime; move it into the past.
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeGreaterThan(59 * 60 * 1000);
    await testDb.db
      .updateTable('verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    const res = await call(auth, '/reset-password', { body: { token, newPassword: 'N3w!password' } });
    expect(res.status).toBe(400);
    expect(res.json?.code).toBe('INVALID_TOKEN');
  });
});

describe('cross-origin requests to the auth routes', () => {
  it('refuses a state-changing request from another origin that carries the session cookie', async () => {
    const body = signUpBody();
    await call(auth, '/sign-up/email', { body });
    const cookie = cookieOf((await call(auth, '/sign-in/email', { body: { email: body.email, password: body.password } })).headers);
    const res = await call(auth, '/sign-out', { body: {}, cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.json?.code).toBe('INVALID_ORIGIN');
    expect((await call(auth, '/get-session', { cookie })).json?.user).toBeTruthy();
  });

  it('refuses a cross-site sign-in attempt even without cookies', async () => {
    const res = await call(auth, '/sign-in/email', {
      body: { email: uniqueEmail('x'), password: STRONG },
      origin: 'https://evil.example',
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
    });
    expect(res.status).toBe(403);
  });
});
