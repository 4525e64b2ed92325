/**
 * src/middleware.ts (same-origin rule, session -> Astro.locals) and the onboarding API,
 * against a real database installed as the process-wide handle.
 */
import { randomBytes } from 'node:crypto';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDbHandle, closeDb } from '@/db/database';
import { getAuth, handleAuthRequest, resetAuth } from '@/functions/auth/auth';
import { onRequest } from '@/src/middleware';
import { GET as getOnboarding, POST as postOnboarding } from '@/src/pages/api/profile/onboarding';
import { createTestDb, type TestDb } from '../support/test-db';

const SITE = 'http://localhost:4321';
let testDb: TestDb;

function context(path: string, init: RequestInit = {}): APIContext {
  const request = new Request(`${SITE}${path}`, init);
  return { request, url: new URL(request.url), isPrerendered: false, locals: {} } as unknown as APIContext;
}

async function run(ctx: APIContext, next: () => Promise<Response> = async () => new Response('next')) {
  return (await onRequest(ctx, next as never)) as Response;
}

async function signUp(userType: 'creator' | 'buyer' | 'community'): Promise<string> {
  const email = `${userType}-${randomBytes(4).toString('hex')}@example.com`;
  const body = {
    name: 'Grace Hopper',
    full_name: 'Grace Hopper',
    email,
    password: 'Str0ng!pass',
    user_type: userType,
    company: userType === 'creator' ? 'Compilers Inc' : '',
  };
  const request = new Request(`${SITE}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect((await handleAuthRequest(await getAuth(), request, `203.0.113.${randomBytes(1)[0]}`)).status).toBe(200);
  // A sign-up starts no session (docs/decisions/053): sign in, as a new account that has not verified yet.
  const signIn = new Request(`${SITE}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: body.password }),
  });
  const response = await handleAuthRequest(await getAuth(), signIn, `203.0.113.${randomBytes(1)[0]}`);
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Runs the middleware, then the route handler with the locals it filled. */
async function api(handler: typeof getOnboarding, path: string, init: RequestInit = {}) {
  const ctx = context(path, init);
  const response = await run(ctx, async () => handler(ctx));
  return { status: response.status, json: (await response.json()) as Record<string, any>, locals: ctx.locals };
}

beforeAll(async () => {
  testDb = await createTestDb();
  setDbHandle(testDb);
  resetAuth();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('middleware', () => {
  it('skips prebuilt pages entirely', async () => {
    const ctx = { ...context('/'), isPrerendered: true } as APIContext;
    const response = await run(ctx);
    expect(await response.text()).toBe('next');
    expect(ctx.locals.user).toBeNull();
  });

  it('loads the signed-in user into locals, and null without a session', async () => {
    const cookie = await signUp('creator');
    const signedIn = context('/dashboard', { headers: { cookie } });
    await run(signedIn);
    expect(signedIn.locals.user).toMatchObject({ fullName: 'Grace Hopper', userType: 'creator', company: 'Compilers Inc' });
    expect(signedIn.locals.sessionId).toBeTruthy();

    const anonymous = context('/dashboard');
    await run(anonymous);
    expect(anonymous.locals.user).toBeNull();
    const forged = context('/dashboard', { headers: { cookie: 'toolmint.session_token=forged.value' } });
    await run(forged);
    expect(forged.locals.user).toBeNull();
  });

  it('refuses a cross-origin POST to an API route before it runs', async () => {
    const cookie = await signUp('buyer');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const handler = vi.fn(async () => new Response('ran'));
    const ctx = context('/api/profile/onboarding', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'skip' }),
    });
    const response = await run(ctx, handler);
    warn.mockRestore();
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Cross-origin requests are not allowed' } });
    expect(handler).not.toHaveBeenCalled();

    const crossSite = context('/api/profile/onboarding', { method: 'DELETE', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await run(crossSite, handler)).status).toBe(403);
    vi.restoreAllMocks();
  });

  it('lets same-origin and non-browser requests through, and never checks GET', async () => {
    const handler = vi.fn(async () => new Response('ran'));
    expect((await run(context('/api/profile/onboarding', { method: 'POST', headers: { origin: SITE } }), handler)).status).toBe(200);
    expect((await run(context('/api/profile/onboarding', { method: 'POST' }), handler)).status).toBe(200);
    expect((await run(context('/api/profile/onboarding', { headers: { origin: 'https://evil.example' } }), handler)).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(3);
  });
});

describe('onboarding API', () => {
  const post = (cookie: string, body: unknown) =>
    api(postOnboarding, '/api/profile/onboarding', {
      method: 'POST',
      headers: { cookie, origin: SITE, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers 401 without a session', async () => {
    const res = await api(getOnboarding, '/api/profile/onboarding');
    expect(res.status).toBe(401);
    expect(res.json['error'].code).toBe('UNAUTHENTICATED');
  });

  it("starts pending, and stores a creator's interests, specialties and bio on completion", async () => {
    const cookie = await signUp('creator');
    expect((await api(getOnboarding, '/api/profile/onboarding', { headers: { cookie } })).json).toMatchObject({ status: 'pending', interests: [] });
    const res = await post(cookie, {
      action: 'complete',
      interests: ['design', 'automation', 'design'],
      specialties: ['n8n workflows', ' Custom GPTs '],
      bio: '  I build agents.  ',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 'completed',
      interests: ['design', 'automation'],
      specialties: ['n8n workflows', 'Custom GPTs'],
      bio: 'I build agents.',
    });
    const row = await testDb.db.selectFrom('profiles').select(['onboarding_status', 'bio']).where('id', '=', res.locals.user!.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ onboarding_status: 'completed', bio: 'I build agents.' });
  });

  it('keeps specialties and bio for creators only', async () => {
    const cookie = await signUp('buyer');
    const res = await post(cookie, { action: 'complete', interests: ['tech'], specialties: ['Selling'], bio: 'Not a seller' });
    expect(res.json).toEqual({ status: 'completed', interests: ['tech'], specialties: [], bio: null });
  });

  it('records a skip', async () => {
    const cookie = await signUp('community');
    const res = await post(cookie, { action: 'skip' });
    expect(res.json['status']).toBe('skipped');
  });

  it('refuses unknown interests and unknown actions with field messages', async () => {
    const cookie = await signUp('buyer');
    const unknown = await post(cookie, { action: 'complete', interests: ['crypto-pumps'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json['error']).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'interests.0': 'Unknown interest' } });
    expect((await post(cookie, { action: 'delete-everything' })).status).toBe(400);
  });
});
