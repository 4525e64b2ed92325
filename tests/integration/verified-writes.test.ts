/**
 * Writes others see need a verified email (issue 29, docs/decisions/052), through the real routes:
 * - the issue's repro: a fresh sign-up that has not opened its link posts a thread: 403
 *   EMAIL_NOT_VERIFIED with the spec's message, nothing stored, nothing listed; after the link,
 *   the same session posts;
 * - every route declared `verified` that a member calls (the route table: API_ROUTES joined to
 *   the valid examples of tests/support/route-examples.ts) answers 403 EMAIL_NOT_VERIFIED to an
 *   account whose address is not verified, and its valid answer once the account opened a newly
 *   emailed link. The fixtures' objects belong to one account, so that account is the one made
 *   unverified (as a fresh sign-up is) and then verified again through the link.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { getAuth, handleAuthRequest, resetAuth } from '@/functions/auth/auth';
import { LocalBlobStore, setBlobStore } from '@/functions/_shared/blob-store';
import * as threadsRoute from '@/src/pages/api/community/threads/index';
import { deliverQueuedEmails } from '../support/emails';
import { call, signUp, SITE, testMailer, verifyEmail, type TestSession } from '../support/api';
import { buildRouteFixtures, type RouteFixtures } from '../support/route-fixtures';
import { pathOf, ROUTES, sessionFor, validBody, type Handler, type RouteCase } from '../support/route-table';
import { createTestDb, type TestDb } from '../support/test-db';

vi.hoisted(() => {
  process.env['RATE_LIMIT_SCALE'] = '1000';
  // The fixtures' webhook endpoint and changelog feed (route-fixtures.ts): accepted, and nothing listens there.
  process.env['OUTBOUND_ALLOW_HOSTS'] = '127.0.0.1:9';
});

const REFUSAL = { error: { code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email address first. We sent you a link.' } };

let t: TestDb;
let blobRoot: string;

const address = () => `203.0.113.${randomBytes(1)[0]}`;

/** Asks better-auth for a new verification link, as the banner's 'Resend' does. */
async function resendVerification(session: TestSession): Promise<void> {
  const request = new Request(`${SITE}/api/auth/send-verification-email`, {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/json', cookie: session.cookie },
    body: JSON.stringify({ email: session.email }),
  });
  const res = await handleAuthRequest(await getAuth(), request, address());
  expect(res.status, await res.clone().text()).toBe(200);
}

async function openNewestLink(session: TestSession): Promise<void> {
  await deliverQueuedEmails(t.db);
  const before = testMailer().sent.filter((m) => m.to === session.email).length;
  await resendVerification(session);
  await deliverQueuedEmails(t.db);
  expect(testMailer().sent.filter((m) => m.to === session.email)).toHaveLength(before + 1);
  const opened = await verifyEmail(session.email);
  expect(opened.status).toBe(302);
  expect(opened.headers.get('location') ?? '').not.toContain('error');
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-verified-'));
  setBlobStore(new LocalBlobStore(blobRoot));
});

afterAll(async () => {
  resetAuth();
  await closeDb();
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

describe('a fresh sign-up that has not opened its link', () => {
  it('cannot start a discussion (the issue’s repro); after the link, the same session can', async () => {
    // The space: an AI tool's (a listed tool gets its space).
    await t.db.insertInto('ai_tools').values({ id: 'claude', name: 'Claude' }).execute();
    const fresh = await signUp('community', 'Una Unverified', { verified: false });
    const body = { spaceId: 'claude', title: 'Unverified thread attempt', body: 'hello', tags: [] };
    const refused = await call(threadsRoute.POST as Handler, '/api/community/threads', { method: 'POST', session: fresh, json: body });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(REFUSAL);
    expect(await t.db.selectFrom('community_threads').select('id').where('author_id', '=', fresh.userId).execute()).toEqual([]);
    const listed = await call(threadsRoute.GET as Handler, '/api/community/threads?sort=new');
    expect(listed.body.items.map((i: { title: string }) => i.title)).not.toContain(body.title);

    await verifyEmail(fresh.email);
    const posted = await call(threadsRoute.POST as Handler, '/api/community/threads', { method: 'POST', session: fresh, json: body });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const after = await call(threadsRoute.GET as Handler, '/api/community/threads?sort=new');
    expect(after.body.items.map((i: { title: string }) => i.title)).toContain(body.title);
  });
});

describe('every write route declared verified', () => {
  let fx: RouteFixtures;
  // The member routes: an administrator's are refused to everyone else anyway.
  const verifiedRoutes = ROUTES.filter((route) => route.operationId && route.auth === 'verified' && route.caller !== 'admin');
  const ordered = [...verifiedRoutes.filter((r) => !r.destructive), ...verifiedRoutes.filter((r) => r.destructive)];

  beforeAll(async () => {
    fx = await buildRouteFixtures(t, new LocalBlobStore(blobRoot));
  });

  const send = async (route: RouteCase) =>
    call(await route.load(), pathOf(route, route.params?.(fx) ?? {}), {
      method: route.method,
      session: sessionFor(route, 'owner', fx),
      params: route.params?.(fx) ?? {},
      address: address(),
      ...validBody(route, fx),
    });

  it('covers the community and directory writes and API-key creation', () => {
    const ids = verifiedRoutes.map((r) => r.operationId);
    for (const id of [
      'createCommunityThread',
      'createCommunityReply',
      'editCommunityThread',
      'editCommunityReply',
      'voteCommunityThread',
      'voteCommunityReply',
      'acceptCommunityAnswer',
      'askProductQuestion',
      'reportContent',
      'submitTool',
      'startToolClaim',
      'verifyToolClaim',
      'createApiKey',
    ])
      expect(ids).toContain(id);
  });

  it('answers 403 EMAIL_NOT_VERIFIED to an unverified account, and its valid answer once the account opened its link', async () => {
    // The account the examples belong to, unverified as a fresh sign-up is.
    await t.db.updateTable('users').set({ email_verified: false }).where('id', '=', fx.owner.userId).execute();
    const counts = async () => ({
      threads: Number(
        (
          await t.db
            .selectFrom('community_threads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      replies: Number(
        (
          await t.db
            .selectFrom('community_replies')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      votes: Number(
        (
          await t.db
            .selectFrom('community_votes')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      reports: Number(
        (
          await t.db
            .selectFrom('reports')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      tools: Number(
        (
          await t.db
            .selectFrom('ai_tools')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      keys: Number(
        (
          await t.db
            .selectFrom('api_keys')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const before = await counts();
    const notRefused: string[] = [];
    for (const route of ordered) {
      const res = await send(route);
      if (res.status !== 403 || JSON.stringify(res.body) !== JSON.stringify(REFUSAL))
        notRefused.push(`${route.method} ${route.path}: ${res.status} ${res.bytes.toString('utf8').slice(0, 120)}`);
    }
    expect(notRefused).toEqual([]);
    expect(await counts()).toEqual(before);

    await openNewestLink(fx.owner);
    const failed: string[] = [];
    for (const route of ordered) {
      const res = await send(route);
      const ok = route.expect ? res.status === route.expect.status : res.status < 300;
      if (!ok) failed.push(`${route.method} ${route.path}: ${res.status} ${res.bytes.toString('utf8').slice(0, 160)}`);
    }
    expect(failed).toEqual([]);
    const after = await counts();
    expect(after.threads).toBeGreaterThan(before.threads);
    expect(after.replies).toBeGreaterThan(before.replies);
    expect(after.reports).toBeGreaterThan(before.reports);
    expect(after.keys).toBeGreaterThan(before.keys);
  }, 300_000);
});
