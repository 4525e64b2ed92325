/**
 * Addresses of ids that do not exist (issue 30, docs/decisions/065): the embedded server
 * (SiteServer with the page publisher and the index of known ids, in this process, over the
 * run's build and a real database, the worker started as scripts/start.ts starts it) answers
 * them 404 from memory, with no query: the queries made through the process's database handle
 * are counted. An id that exists but whose page is a 404 (a draft) still goes to its route,
 * which answers the same page; ids created after the start are found at once (the commit
 * hooks: a product, a thread, a sign-up's profile), an unpublished product goes 404 as before,
 * and a deleted account's profile is answered from memory (docs/decisions/071). Each kind's 404
 * carries a minute of CDN caching (Vercel's), none for browsers; the profile's only when asked
 * without a session (its header does not know the session: docs/decisions/073).
 */
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { startWorker, stopJobs } from '@/functions/jobs';
import { ALL_JOBS } from '@/functions/all-jobs';
import { setPageRenderer } from '@/functions/rebuilds/page-refresh.job';
import { createThread } from '@/functions/community/community.service';
import { ensureBuild } from '@/scripts/lib/astro-build';
import { KnownIds, mergeCommitHooks } from '@/scripts/lib/known-ids';
import { PagePublisher } from '@/scripts/lib/page-publisher';
import { PageStore } from '@/scripts/lib/page-store';
import { SiteServer } from '@/scripts/lib/serve';
import * as authRoute from '@/src/pages/api/auth/[...all]';
import { PATCH as patchMyProduct } from '@/src/pages/api/me/products/[id]';
import { POST as postMyProduct } from '@/src/pages/api/me/products/index';
import { call, signUp, TEST_PASSWORD, type TestSession } from '../support/api';
import { ensureCategories } from '../support/factories';
import { countQueries, type CountedHandle } from '../support/query-count';
import { createTestDb, type TestDb } from '../support/test-db';
import { TEST_OUT_DIR } from '../support/test-build';

let t: TestDb;
let counted: CountedHandle;
let creator: TestSession;
let site: SiteServer;
let publisher: PagePublisher;
let knownIds: KnownIds;
let storeDir: string;
let origin: string;

const body = (title: string, status = 'published') => ({
  title,
  description: 'A workflow that checks how the server answers ids that do not exist. Use it to test 404s.',
  status,
  category_id: 'business',
  content_delivery_type: 'text',
  content_text: 'Step one.',
  tags: ['testing'],
});

async function createProduct(title: string, status: string): Promise<string> {
  const created = await call(postMyProduct, '/api/me/products', { method: 'POST', session: creator, json: body(title, status) });
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}

/** A GET with the queries it made through the process's handle. */
async function served(pathname: string, headers: Record<string, string> = {}) {
  counted.reset();
  const response = await fetch(origin + pathname, { headers });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, queries: [...counted.queries] };
}

const UNKNOWN_UUID = '3f2b9c4e-1d7a-4e8b-9a6c-5d4e3f2a1b0c';

beforeAll(async () => {
  await ensureBuild(TEST_OUT_DIR);
  t = await createTestDb();
  counted = countQueries(t);
  setDbHandle(counted.handle);
  resetAuth();
  await ensureCategories(t.db);
  creator = await signUp('creator', 'Mia Missing', { verified: true });
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'missing-ids-'));
  publisher = new PagePublisher(t.db, new PageStore(storeDir));
  knownIds = new KnownIds(counted.handle.db, { shared: false });
  // As scripts/start.ts: the publisher's and the index's commit hooks on the process's worker.
  setPageRenderer(publisher);
  await startWorker(counted.handle.db, ALL_JOBS, { onCommit: mergeCommitHooks(publisher.commitHooks(), knownIds.commitHooks()) });
  site = new SiteServer({ https: false, pages: publisher, knownIds });
  await site.swap(TEST_OUT_DIR);
  await site.listen(0, '127.0.0.1');
  publisher.attach(site.server.address());
  origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  await knownIds.start();
  await site.missingPagesLearnt();
}, 600_000);

afterAll(async () => {
  setPageRenderer(undefined);
  await stopJobs(counted.handle.db);
  await publisher.idle();
  await new Promise<void>((resolve) => site.server.close(() => resolve()));
  site.server.closeAllConnections();
  knownIds.stop();
  resetAuth();
  await closeDb();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

describe('ids that do not exist', () => {
  it("an unknown product id is the route's 404 page, answered with no query; a draft's id still goes to the route", async () => {
    const draft = await createProduct(`Missing ids draft ${Date.now()}`, 'draft');
    // Known as any product is at the start (a draft's creation is no page change: its answer
    // from memory would be the same 404, which the next lines check).
    await knownIds.refresh();
    // The route's answer for an id that exists but is no page: it reads the database.
    const routed = await served(`/product/${draft}`);
    expect(routed.status).toBe(404);
    expect(routed.text).toContain('Product not found');
    expect(routed.queries.length).toBeGreaterThan(0);

    for (const pathname of [`/product/${UNKNOWN_UUID}`, `/product/${UNKNOWN_UUID.toUpperCase()}`, '/product/not-a-uuid', '/product/42/']) {
      const missing = await served(pathname);
      expect(missing.status, pathname).toBe(404);
      expect(missing.queries, pathname).toEqual([]);
      // The same page the route renders, with its headers.
      expect(missing.text, pathname).toBe(routed.text);
      expect(missing.headers.get('content-security-policy'), pathname).toBe(routed.headers.get('content-security-policy'));
      expect(missing.headers.get('permissions-policy'), pathname).toBe(routed.headers.get('permissions-policy'));
      expect(missing.headers.get('x-frame-options'), pathname).toBe('DENY');
    }
  });

  it('an unknown tool or thread id, and a profile id that cannot be one, are answered with no query', async () => {
    const routedTool = await served('/tools/chatgpt-but-not-really');
    for (const [pathname, text] of [
      ['/tools/no-tool-by-this-name', 'Tool Not Found'],
      ['/tools/no-tool-by-this-name/landing', 'Tool Not Found'],
      ['/tools/Not_A_Tool!', 'Tool Not Found'],
      [`/community/${UNKNOWN_UUID}`, ''],
      ['/profile/not.an.id', ''],
    ] as const) {
      const missing = await served(pathname);
      expect(missing.status, pathname).toBe(404);
      expect(missing.queries, pathname).toEqual([]);
      expect(missing.text, pathname).toContain(text);
    }
    expect(routedTool.status).toBe(404);
    expect((await served('/tools/no-tool-by-this-name')).text).toBe(routedTool.text);
    // A known tool, a space, a signed-in visitor's profile address: their routes decide.
    expect((await served('/tools/chatgpt')).queries.length + (await served('/community/help')).queries.length).toBeGreaterThan(0);
    expect((await served('/profile/not.an.id', { cookie: creator.cookie })).queries.length).toBeGreaterThan(0);
  });

  it("each kind's 404 may be kept a minute by a CDN and never by a browser; a profile's only when asked without a session", async () => {
    // From memory (learnt from the routes) and from the routes themselves (a deeper tool path,
    // a space that does not exist): on Vercel the route answers, with the same headers.
    for (const pathname of [
      `/product/${UNKNOWN_UUID}`,
      '/tools/no-tool-by-this-name',
      '/tools/no-tool-by-this-name/landing',
      '/tools/chatgpt/no-such-page',
      `/community/${UNKNOWN_UUID}`,
      '/community/no-such-space',
    ]) {
      const missing = await served(pathname);
      expect(missing.status, pathname).toBe(404);
      expect(missing.headers.get('cache-control'), pathname).toBe('public, max-age=0, must-revalidate');
      expect(missing.headers.get('cdn-cache-control'), pathname).toBe('public, max-age=60');
    }
    // The profile's 404 does not know the session (its header asks for it): a CDN may keep the
    // answer to a visitor without one; a signed-in visitor's is kept by nobody, and shows nothing of theirs.
    for (const pathname of ['/profile/not.an.id', '/profile/no-user-by-this-id']) {
      const missing = await served(pathname);
      expect(missing.status, pathname).toBe(404);
      expect(missing.headers.get('cache-control'), pathname).toBe('public, max-age=0, must-revalidate');
      expect(missing.headers.get('cdn-cache-control'), pathname).toBe('public, max-age=60');
      expect(missing.text, pathname).toContain('data-auth-state="loading"');
      const signedIn = await served(pathname, { cookie: creator.cookie });
      expect(signedIn.status, pathname).toBe(404);
      expect(signedIn.headers.get('cache-control'), pathname).toBe('private, no-store');
      expect(signedIn.headers.get('cdn-cache-control'), pathname).toBeNull();
      expect(signedIn.text, pathname).toContain('data-auth-state="loading"');
      expect(signedIn.text, pathname).not.toContain(creator.email);
    }
  });

  it("a path no route matches is the build's 404 page, from memory: no query, not Astro", async () => {
    for (const pathname of ['/no-such-page', '/no/such/page/', '/favicon-that-is-not.ico']) {
      const missing = await served(pathname);
      expect(missing.status, pathname).toBe(404);
      expect(missing.queries, pathname).toEqual([]);
      expect(missing.text, pathname).toContain('Oops! Page not found');
      expect(missing.headers.get('content-security-policy'), pathname).toContain("frame-ancestors 'none'");
    }
    // A path a route matches still goes to it.
    expect((await served('/marketplace')).status).toBe(200);
  });

  it('a product published after the start is found at once, and an unpublished one is 404 as before', async () => {
    const title = `Missing ids published ${Date.now()}`;
    const id = await createProduct(title, 'published');
    const page = await served(`/product/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(title);

    const hidden = await call(patchMyProduct, `/api/me/products/${id}`, { method: 'PATCH', session: creator, params: { id }, json: { status: 'draft' } });
    expect(hidden.status).toBe(200);
    const gone = await served(`/product/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('Product not found');
  });

  it('a thread created after the start is found at once', async () => {
    const thread = await createThread(counted.handle.db, creator.userId, {
      spaceId: 'help',
      kind: 'discussion',
      title: 'Where do missing ids go?',
      body: 'A thread made after the server started.',
      tags: [],
      toolIds: [],
      productIds: [],
      productId: null,
    });
    const page = await served(`/community/${thread.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Where do missing ids go?');
  });

  it("an unknown profile id is answered with no query, a new sign-up's profile is served at once, and a deleted one is answered from memory", async () => {
    const known = await served(`/profile/${creator.userId}`);
    expect(known.status).toBe(200);
    expect(known.text).toContain('Mia Missing');

    // The route's page for a well-formed id that names nobody, asked for by a signed-in visitor
    // (the page shows who is signed in: such requests always go to the route).
    const routed = await served('/profile/NoSuchUser0123456789', { cookie: creator.cookie });
    expect(routed.status).toBe(404);
    expect(routed.queries.length).toBeGreaterThan(0);
    for (const pathname of ['/profile/NoSuchUser0123456789', `/profile/${creator.userId.toUpperCase()}x`, '/profile/not.an.id']) {
      const missing = await served(pathname);
      expect(missing.status, pathname).toBe(404);
      expect(missing.queries, pathname).toEqual([]);
      expect(missing.text, pathname).toContain('Profile not found');
      // The page the route renders for a visitor with no cookie (the signed-in one is private).
      expect(missing.headers.get('cache-control'), pathname).toBe('public, max-age=0, must-revalidate');
      expect(missing.headers.get('content-security-policy'), pathname).toContain("frame-ancestors 'none'");
    }
    expect(routed.headers.get('cache-control')).toBe('private, no-store');

    // A sign-up through better-auth's endpoint (its transaction, then its databaseHooks' after).
    const fresh = await signUp('buyer', 'Nia Newcomer', { verified: false });
    const page = await served(`/profile/${fresh.userId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Nia Newcomer');

    const deleted = await call(authRoute.ALL as Parameters<typeof call>[0], '/api/auth/delete-user', {
      method: 'POST',
      session: fresh,
      json: { password: TEST_PASSWORD },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const gone = await served(`/profile/${fresh.userId}`);
    expect(gone.status).toBe(404);
    expect(gone.queries).toEqual([]);
    expect(gone.text).toContain('Profile not found');
  });
});
