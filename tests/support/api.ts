/**
 * Calling API routes the way Astro does in integration tests: a real Request through
 * src/middleware.ts (same-origin rule, session into locals), then the route handler with the
 * locals it filled. Users sign up through better-auth, so their sessions are real, and verify
 * their email through the link better-auth mails them (read from testMailer, installed as the
 * process-wide mailer on first use).
 * Needs the test database installed as the process-wide one (setDbHandle) and resetAuth().
 */
import { randomBytes } from 'node:crypto';
import type { APIContext } from 'astro';
import { getAuth, handleAuthRequest } from '@/functions/_shared/auth';
import { getMailer, setMailer } from '@/functions/_shared/mailer';
import { onRequest } from '@/src/middleware';
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

const randomAddress = () => `198.51.100.${randomBytes(1)[0]}`;

/** Opens the verification link of the newest verification email to `email`, as its owner would. */
export async function verifyEmail(email: string): Promise<Response> {
  const link = linkIn(testMailer().lastTo(email, /Verify/));
  return handleAuthRequest(await getAuth(), new Request(link, { method: 'GET' }), randomAddress());
}

/**
 * A new account, signed in. Verified by default through the emailed link (publishing, reviews
 * and posts need it); `{ verified: false }` leaves it as a fresh sign-up is.
 */
export async function signUp(
  userType: 'creator' | 'buyer' | 'community' = 'creator',
  fullName = 'Ada Lovelace',
  options: { verified?: boolean } = {},
): Promise<TestSession> {
  testMailer();
  const email = `${userType}-${randomBytes(5).toString('hex')}@example.com`;
  const body = {
    name: fullName,
    full_name: fullName,
    email,
    password: 'Str0ng!pass',
    user_type: userType,
    company: userType === 'creator' ? 'Analytical Engines' : '',
  };
  const request = new Request(`${SITE}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // A random address per sign-up: the sign-up rate limit is per client address.
  const response = await handleAuthRequest(await getAuth(), request, randomAddress());
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const json = (await response.json()) as { user: { id: string } };
  if (options.verified !== false) {
    const verified = await verifyEmail(email);
    if (verified.status !== 302 || verified.headers.get('location')?.includes('error'))
      throw new Error(`verification answered ${verified.status} ${verified.headers.get('location')}`);
  }
  return {
    cookie: response.headers
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
