/**
 * Calling API routes the way Astro does in integration tests: a real Request through
 * src/middleware.ts (same-origin rule, session into locals), then the route handler with the
 * locals it filled. Users sign up through better-auth, so their sessions are real, and verify
 * their email through the link better-auth mails them (delivered from the outbox to testMailer,
 * installed as the process-wide mailer on first use).
 * Needs the test database installed as the process-wide one (setDbHandle) and resetAuth().
 */
import { randomBytes } from 'node:crypto';
import type { APIContext } from 'astro';
import { makeSignature } from 'better-auth/crypto';
import { getDb } from '@/db/database';
import { accountOriginKey } from '@/functions/auth/account-origin';
import { getAuth, handleAuthRequest } from '@/functions/auth/auth';
import { recordAccountOrigin } from '@/functions/auth/auth.repository';
import { getAuthSecret } from '@/env';
import { getMailer, setMailer } from '@/functions/_shared/mailer';
import { onRequest } from '@/src/middleware';
import { deliverQueuedEmails } from './emails';
import { linkIn, MemoryMailer } from './mailer';

export const SITE = 'http://localhost:4321';

export interface TestSession {
  cookie: string;
  userId: string;
  email: string;
}

/** What the process-wide auth mailed during this test file. */
export function testMailer(): MemoryMailer {
  const current = getMailer();
  if (current instanceof MemoryMailer) return current;
  const mailer = new MemoryMailer();
  setMailer(mailer);
  return mailer;
}

/** A client address of its own (10.0.0.0/8: 16 million, so two sign-ups of a file practically never share one: reputation tells them apart, docs/decisions/052). */
const randomAddress = () => `10.${[...randomBytes(3)].join('.')}`;

/** Opens the verification link of the newest verification email to `email`, as its owner would (once the outbox has delivered it). */
export async function verifyEmail(email: string): Promise<Response> {
  await deliverQueuedEmails(await getDb());
  const link = linkIn(testMailer().lastTo(email, /Verify/));
  return handleAuthRequest(await getAuth(), new Request(link, { method: 'GET' }), randomAddress());
}

/** The one password every test account has, hashed once per process (scrypt is a tenth of a second or more). */
export const TEST_PASSWORD = 'Str0ng!pass';
let passwordHash: Promise<string> | undefined;

/** The session cookie better-auth would set for `token` (its signed value under the site's cookie name). */
async function sessionCookie(token: string): Promise<string> {
  const context = await (await getAuth()).$context;
  return `${context.authCookies.sessionToken.name}=${token}.${await makeSignature(token, context.secret)}`;
}

/**
 * A new account, signed in. `{ verified: false }` goes through the real flow: sign-up (with its
 * verification email, which verifyEmail opens later) then sign-in with the password. A verified
 * account (the default) is made the way better-auth's own test utilities make one
 * (better-auth/plugins test-utils): the user through its internal adapter, so our database
 * hooks run as on a sign-up, a credential account with the password's real hash (so signing in
 * with TEST_PASSWORD works), the sign-up address's origin (docs/decisions/052), and a session
 * with its signed cookie. The sign-up request itself (scrypt, the email, the even timing) is
 * tested where it is the subject (auth, accounts-verification, e2e); doing it for each of the
 * suite's hundreds of accounts was a large part of the integration time (docs/decisions/054).
 */
export async function signUp(
  userType: 'creator' | 'buyer' | 'community' = 'creator',
  fullName = 'Ada Lovelace',
  options: { verified?: boolean; address?: string } = {},
): Promise<TestSession> {
  testMailer();
  const email = `${userType}-${randomBytes(5).toString('hex')}@example.com`;
  const address = options.address ?? randomAddress();
  const fields = { name: fullName, full_name: fullName, email, user_type: userType, company: userType === 'creator' ? 'Analytical Engines' : '' };
  if (options.verified !== false) {
    const auth = await getAuth();
    const context = await auth.$context;
    passwordHash ??= context.password.hash(TEST_PASSWORD);
    const user = await context.internalAdapter.createUser({ ...fields, emailVerified: true }, { method: 'email-password' });
    await context.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: await passwordHash });
    await recordAccountOrigin(await getDb(), user.id, accountOriginKey(address, getAuthSecret()));
    const session = await context.internalAdapter.createSession(user.id);
    return { cookie: await sessionCookie(session.token), userId: user.id, email };
  }
  const body = { ...fields, password: TEST_PASSWORD };
  const request = new Request(`${SITE}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // The sign-up rate limit is per client address.
  const response = await handleAuthRequest(await getAuth(), request, address);
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const json = (await response.json()) as { user: { id: string } };
  // A sign-up starts no session (docs/decisions/053): signing in with the password does.
  const signedIn = await handleAuthRequest(
    await getAuth(),
    new Request(`${SITE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: body.password }),
    }),
    randomAddress(),
  );
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${await signedIn.text()}`);
  return {
    cookie: signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    userId: json.user.id,
    email,
  };
}

type RouteHandler = (context: APIContext) => Response | Promise<Response>;

export interface CallOptions {
  method?: string;
  session?: TestSession | null;
  params?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  /** A raw body (malformed JSON, a stream without Content-Length); its content-type goes in headers. */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** The client address Astro would see (rate limits, view counting); default 127.0.0.1. */
  address?: string;
  /** The Origin of a non-GET request: the site's own by default, another site's, or none (null). */
  origin?: string | null;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
  bytes: Buffer;
}

export async function call(handler: RouteHandler, path: string, options: CallOptions = {}): Promise<CallResult> {
  const method = options.method ?? 'GET';
  const headers = new Headers(options.headers);
  if (options.session) headers.set('cookie', options.session.cookie);
  const origin = options.origin === undefined ? SITE : options.origin;
  if (method !== 'GET' && origin !== null) headers.set('origin', origin);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    // Let Request pick the multipart boundary.
    const encoded = new Request(`${SITE}/`, { method: 'POST', body: options.form });
    headers.set('content-type', encoded.headers.get('content-type') ?? '');
    body = Buffer.from(await encoded.arrayBuffer());
  } else if (options.body !== undefined) {
    body = options.body;
  }
  // duplex: a ReadableStream body is sent as it is read, without a Content-Length.
  const request = new Request(`${SITE}${path}`, { method, headers, ...(body !== undefined ? { body, duplex: 'half' } : {}) } as RequestInit);
  const url = new URL(request.url);
  const context = {
    request,
    url,
    params: options.params ?? {},
    isPrerendered: false,
    clientAddress: options.address ?? '127.0.0.1',
    locals: {},
    redirect: (to: string, status = 302) => new Response(null, { status, headers: { location: to } }),
  } as unknown as APIContext;
  const response = (await onRequest(context, (async () => handler(context)) as never)) as Response;
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  let parsed: unknown = null;
  if (type.includes('json') && bytes.length) parsed = JSON.parse(bytes.toString('utf8'));
  return { status: response.status, headers: response.headers, body: parsed, bytes };
}

/** A multipart form with one file and some text fields. */
export function fileForm(name: string, bytes: Buffer | Uint8Array, type = 'application/octet-stream', fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return form;
}
