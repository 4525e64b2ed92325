/**
 * Write limits (functions/_shared/rate-limit.ts) through real Requests and src/middleware.ts:
 * - every write route under src/pages/api has a limit (or is listed as limited elsewhere): a
 *   new write route without one fails here;
 * - table-driven over WRITE_LIMITS: an account gets exactly its maximum (sent concurrently),
 *   then 429 RATE_LIMITED with Retry-After; an address gets its maximum whoever sends, then
 *   429 for every account on it; another address and another account are not affected;
 * - RATE_LIMIT_SCALE multiplies the write limits and the auth ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { createAuth, handleAuthRequest, resetAuth } from '@/functions/auth/auth';
import { setClock } from '@/functions/_shared/clock';
import { getEnv } from '@/env';
import {
  addressBucket,
  hitWriteLimit,
  WRITE_LIMITS,
  WRITE_METHODS,
  WRITE_ROUTES,
  WRITE_ROUTES_LIMITED_ELSEWHERE,
  writeLimitFor,
  type WriteLimitName,
} from '@/functions/_shared/rate-limit';
import { call, SITE, signUp, type TestSession } from '../support/api';
import { createTestDb, type TestDb } from '../support/test-db';

type Handler = (context: APIContext) => Response | Promise<Response>;

const API_DIR = path.resolve('src/pages/api');

/** Every API route file as Astro names its route: src/pages/api/me/products/[id].ts -> /api/me/products/[id]. */
function apiRouteFiles(): { route: string; file: string }[] {
  return (fs.readdirSync(API_DIR, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({
      file: path.join(API_DIR, f),
      route: `/api/${f
        .replace(/\\/g, '/')
        .replace(/\.ts$/, '')
        .replace(/(^|\/)index$/, '')}`.replace(/\/$/, ''),
    }));
}

/** A concrete path for a route, and the params Astro would give the handler. */
function sample(route: string): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const concrete = route.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => (params[name] = '00000000-0000-4000-8000-00000000beef'));
  return { path: concrete, params };
}

const handlers = new Map<string, Handler>();
let t: TestDb;
const scale = getEnv().RATE_LIMIT_SCALE;
const newAddress = () => `203.0.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  // The limits' clock stands still one second into the next hour, the start of a window of
  // every length (they all divide an hour): a burst is never split by a window boundary
  // however slowly the machine sends it (a burst of 600 once met one and was counted anew).
  const hour = 3600 * 1000;
  const frozen = Math.ceil(Date.now() / hour) * hour + 1000;
  setClock(() => frozen);
  for (const { file, route } of apiRouteFiles()) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const method of [...WRITE_METHODS, 'ALL']) {
      if (typeof module[method] === 'function') handlers.set(`${method} ${route}`, module[method] as Handler);
    }
  }
});

afterAll(async () => {
  setClock(null);
  resetAuth();
  await closeDb();
});

describe('coverage', () => {
  it('finds the write routes', () => {
    expect(handlers.size).toBeGreaterThan(20);
  });

  it('gives every write route a limit, or says what limits it elsewhere', () => {
    const unlimited = [...handlers.keys()].filter((key) => {
      if (key in WRITE_ROUTES_LIMITED_ELSEWHERE) return false;
      const [method, route] = key.split(' ') as [string, string];
      return writeLimitFor(method, sample(route).path)?.route !== key;
    });
    expect(unlimited).toEqual([]);
  });

  it('declares no route that does not exist', () => {
    expect(Object.keys(WRITE_ROUTES).filter((key) => !handlers.has(key))).toEqual([]);
    expect(Object.keys(WRITE_ROUTES_LIMITED_ELSEWHERE).filter((key) => !handlers.has(key))).toEqual([]);
  });

  it('leaves reads alone', () => {
    expect(writeLimitFor('GET', '/api/me/products')).toBeNull();
    expect(writeLimitFor('GET', '/api/uploads/usage')).toBeNull();
  });
});

/** One request to a route of `limit`, as `session` (or anonymous) from `address`. */
function send(name: WriteLimitName, session: TestSession | null, address: string) {
  const key = Object.entries(WRITE_ROUTES).find(([, limit]) => limit === name)![0];
  const [method, route] = key.split(' ') as [string, string];
  const { path: url, params } = sample(route);
  return call(handlers.get(key)!, url, { method, session, params, address });
}

/** `count` requests in concurrent batches; their statuses. */
async function burst(count: number, one: () => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let done = 0; done < count; done += 25) {
    const batch = await Promise.all(Array.from({ length: Math.min(25, count - done) }, one));
    statuses.push(...batch.map((r) => r.status));
  }
  return statuses;
}

function expectLimited(response: { status: number; headers: Headers; body: any }, name: WriteLimitName) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    error: {
      code: 'RATE_LIMITED',
      message: expect.stringMatching(new RegExp(`^Too many ${WRITE_LIMITS[name].label}\\. Please try again in \\d+ (seconds?|minutes)\\.$`)),
    },
  });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WRITE_LIMITS[name].windowSeconds);
}

describe.each(Object.keys(WRITE_LIMITS) as WriteLimitName[])('limit %s', (name) => {
  const limit = WRITE_LIMITS[name];

  it(`allows ${limit.perAccount} per account per ${limit.windowSeconds} s, then answers 429 with Retry-After`, async () => {
    const [user, other] = await Promise.all([signUp('creator'), signUp('creator')]);
    const address = newAddress();
    const statuses = await burst(limit.perAccount * scale, () => send(name, user, address));
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expectLimited(await send(name, user, newAddress()), name);
    // Another account on the same address still may.
    expect((await send(name, other, address)).status).not.toBe(429);
  });

  it(`allows ${limit.perAddress} per address, whoever sends, then answers 429 to every account there`, async () => {
    const address = newAddress();
    const statuses = await burst(limit.perAddress * scale, () => send(name, null, address));
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expectLimited(await send(name, null, address), name);
    const fresh = await signUp('buyer');
    expectLimited(await send(name, fresh, address), name);
    expect((await send(name, fresh, newAddress())).status).not.toBe(429);
  });
});

describe('the counters', () => {
  it('count per IPv6 /64 and per IPv4 address', () => {
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressBucket('192.0.2.7')).toBe('192.0.2.7');
  });

  it('start again in the next window, and RATE_LIMIT_SCALE multiplies them', async () => {
    const subject = { userId: `scale-${randomBytes(4).toString('hex')}`, address: null };
    const now = Date.UTC(2026, 10, 24, 12, 0, 5);
    const max = WRITE_LIMITS.payoutRequest.perAccount;
    for (let i = 0; i < max * 3; i++) expect((await hitWriteLimit(t.db, 'payoutRequest', subject, { scale: 3, now })).allowed).toBe(true);
    const over = await hitWriteLimit(t.db, 'payoutRequest', subject, { scale: 3, now });
    expect(over).toEqual({ allowed: false, retryAfterSeconds: 3600 - 5 });
    expect((await hitWriteLimit(t.db, 'payoutRequest', subject, { scale: 3, now: now + 3600 * 1000 })).allowed).toBe(true);
  });

  it('RATE_LIMIT_SCALE multiplies the auth limits too', async () => {
    const auth = createAuth(t.db, { env: getEnv({ ...process.env, NODE_ENV: 'test', RATE_LIMIT_SCALE: '2' }) });
    const ip = newAddress();
    const body = JSON.stringify({ email: `nobody-${randomBytes(4).toString('hex')}@example.com`, password: 'Wrong!pass1' });
    const signIn = () =>
      handleAuthRequest(
        auth,
        new Request(`${SITE}/api/auth/sign-in/email`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/json' }, body }),
        ip,
      );
    for (let i = 0; i < 10; i++) expect((await signIn()).status).toBe(401);
    expect((await signIn()).status).toBe(429);
  });
});
