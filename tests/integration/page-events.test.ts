/**
 * Page re-rendering and Vercel revalidation as reactions to 'pages.changed' (issue 28,
 * docs/decisions/061), on a real database (both drivers) and, for the embedded server, the real
 * server: SiteServer and PagePublisher over the run's build, in this process, with the worker
 * started as scripts/start.ts starts it (the publisher's commit hook and renderer).
 * - A change through the API records its event; the API answers with the pages it touched
 *   marked outdated (read your writes: the server renders them fresh) and an unpublished
 *   product gone, before the reaction has rendered anything; the reaction then stores them.
 * - A change whose transaction rolls back emits nothing.
 * - The engine stopped between the commit and the reaction (a worker killed): a new engine on
 *   the same database renders the page.
 * - A replayed event has one effect: the current page, stored once.
 * - On Vercel: the API answers before the revalidation; the job sends one HEAD per page with
 *   the bypass token; a 500 leaves the job to pg-boss's retry, which revalidates it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { drainJobs, emit, jobsReady, listJobs, startWorker, stopJobs, type JobRecord } from '@/functions/jobs';
import { ALL_JOBS } from '@/functions/all-jobs';
import { isrRevalidator, setPageRenderer } from '@/functions/rebuilds/page-refresh.job';
import { recordPageChange, type PageChange } from '@/functions/rebuilds/rebuilds.service';
import { productPath } from '@/functions/rebuilds/affected-pages';
import { ensureBuild } from '@/scripts/lib/astro-build';
import { PagePublisher } from '@/scripts/lib/page-publisher';
import { PageStore } from '@/scripts/lib/page-store';
import { SiteServer } from '@/scripts/lib/serve';
import { PATCH as patchMyProduct, PUT as putMyProduct } from '@/src/pages/api/me/products/[id]';
import { POST as postMyProduct } from '@/src/pages/api/me/products/index';
import { call, signUp, type TestSession } from '../support/api';
import { ensureCategories } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';
import { TEST_OUT_DIR } from '../support/test-build';

const JOB = 'pages.refresh';

let t: TestDb;
let creator: TestSession;
let site: SiteServer;
let publisher: PagePublisher;
let storeDir: string;
let origin: string;

/** Holds the reaction's renders until opened: what happened first, the answer or a render, is then known. */
class Gate {
  private opened = Promise.withResolvers<void>();
  readonly order: string[] = [];
  close(): void {
    this.opened = Promise.withResolvers<void>();
  }
  open(): void {
    this.opened.resolve();
  }
  /** The start script's renderer (the publisher), behind the gate. */
  renderer() {
    return {
      refresh: async (paths: readonly string[]) => {
        await this.opened.promise;
        this.order.push('rendered');
        await publisher.refresh(paths);
      },
    };
  }
}
const gate = new Gate();

/** The worker as scripts/start.ts starts it: the publisher's commit hook, the publisher (behind the gate) as the renderer. */
async function startPageWorker(): Promise<void> {
  setPageRenderer(gate.renderer());
  await startWorker(t.db, ALL_JOBS, { onCommit: publisher.commitHooks() });
}

const body = (title: string, status = 'published') => ({
  title,
  description: 'A workflow that checks how a change reaches the stored pages. Use it to test the page events.',
  status,
  category_id: 'business',
  content_delivery_type: 'text',
  content_text: 'Step one.',
  tags: ['testing'],
});

const storedText = (pagePath: string) => {
  const file = publisher.store.fileFor(pagePath);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
};
const served = async (pagePath: string) => {
  const response = await fetch(origin + pagePath);
  return { status: response.status, text: await response.text() };
};

/** The page jobs whose change names `pagePath`, oldest first. */
async function jobsFor(pagePath: string): Promise<JobRecord[]> {
  const jobs = await listJobs(t.db, { name: JOB, limit: 200 });
  return jobs.filter((j) => (j.data as PageChange).paths.includes(pagePath)).reverse();
}
/**
 * Until every page job of `pagePath` completed. The reaction renders pages through the real
 * server: in a CI run, beside the e2e servers and Chromium at their busiest, it took more than
 * 10 s once; 30 s is the wait, the test's own 60 s the bound.
 */
const settled = (pagePath: string) =>
  vi.waitFor(async () => expect((await jobsFor(pagePath)).every((j) => j.state === 'completed')).toBe(true), { timeout: 30_000, interval: 50 });

async function publish(title: string): Promise<string> {
  const created = await call(postMyProduct, '/api/me/products', { method: 'POST', session: creator, json: body(title) });
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}

beforeAll(async () => {
  // The run's build (the first file that needs it builds it; later ones reuse it).
  await ensureBuild(TEST_OUT_DIR);
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await ensureCategories(t.db);
  creator = await signUp('creator');
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-events-'));
  publisher = new PagePublisher(t.db, new PageStore(storeDir));
  site = new SiteServer({ https: false, pages: publisher });
  await site.swap(TEST_OUT_DIR);
  await site.listen(0, '127.0.0.1');
  publisher.attach(site.server.address());
  origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
}, 600_000);

afterEach(() => gate.open());

afterAll(async () => {
  gate.open();
  setPageRenderer(undefined);
  await stopJobs(t.db);
  await publisher.idle();
  await new Promise<void>((resolve) => site.server.close(() => resolve()));
  site.server.closeAllConnections();
  resetAuth();
  await closeDb();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

describe('on the embedded server', () => {
  it('a change is an event: the API answers with its pages outdated and before the reaction renders them, which then stores them', async () => {
    await startPageWorker();
    gate.open();
    const title = `Page events probe ${Date.now()}`;
    const id = await publish(title);
    const page = productPath(id);
    await settled(page);
    expect(storedText(page)).toContain(title);
    expect(storedText('/marketplace')).toContain(title);

    // The edit: the reaction is held until the API has answered.
    gate.close();
    gate.order.length = 0;
    const edited = `${title} edited`;
    const answer = await call(putMyProduct, `/api/me/products/${id}`, { method: 'PUT', session: creator, params: { id }, json: body(edited) });
    gate.order.push('answered');
    expect(answer.status).toBe(200);
    // Recorded with the change: its job exists, and nothing has rendered it yet.
    const [, editJob] = await jobsFor(page);
    expect(editJob?.data).toMatchObject({ reason: 'updated', productId: id, paths: expect.arrayContaining([page, '/marketplace', '/']) });
    expect(editJob?.state).not.toBe('completed');
    expect(storedText(page)).not.toContain(edited);
    // Read your writes: the stored pages are outdated, so the server renders them fresh.
    expect((await served(page)).text).toContain(edited);
    expect((await served('/marketplace')).text).toContain(edited);

    gate.open();
    await settled(page);
    expect(gate.order).toEqual(['answered', 'rendered']);
    expect(storedText(page)).toContain(edited);
    expect(storedText('/marketplace')).toContain(edited);
    expect((await served(page)).text).toContain(edited);

    // Unpublished: gone at once, before its reaction runs.
    gate.close();
    const hidden = await call(patchMyProduct, `/api/me/products/${id}`, { method: 'PATCH', session: creator, params: { id }, json: { status: 'draft' } });
    expect(hidden.status).toBe(200);
    expect(fs.existsSync(publisher.store.fileFor(page))).toBe(false);
    expect((await served(page)).status).toBe(404);
    gate.open();
    await settled(page);
    await vi.waitFor(() => expect(storedText('/marketplace')).not.toContain(edited), { timeout: 10_000, interval: 50 });
  });

  it('a change whose transaction rolls back emits nothing', async () => {
    await jobsReady(t.db);
    const marker = `/tools/rolled-back-${Date.now()}`;
    const logged = async () =>
      (
        await t.db
          .selectFrom('rebuild_requests')
          .select('id')
          .where(sql<boolean>`${marker} = any(paths)`)
          .execute()
      ).length;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordPageChange(trx, { reason: 'tool_changed', productId: null, paths: [marker] });
        // The change fails after it recorded the event: all of it rolls back.
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobsFor(marker)).toEqual([]);
    expect(await logged()).toBe(0);
  });

  it('loses nothing when the worker stops between the commit and the reaction: the page is rendered after the restart', async () => {
    gate.open();
    await startPageWorker();
    const title = `Restart probe ${Date.now()}`;
    const id = await publish(title);
    const page = productPath(id);
    await settled(page);

    // The worker goes away (a crash) with the edit committed and its reaction not run.
    await stopJobs(t.db);
    await jobsReady(t.db);
    const edited = `${title} after the restart`;
    expect((await call(putMyProduct, `/api/me/products/${id}`, { method: 'PUT', session: creator, params: { id }, json: body(edited) })).status).toBe(200);
    await stopJobs(t.db);
    const [, pending] = await jobsFor(page);
    expect(pending?.state).toBe('created');
    expect(storedText(page)).not.toContain(edited);

    // A new engine on the same database finds the job and renders the page.
    await startPageWorker();
    await settled(page);
    expect(storedText(page)).toContain(edited);
  });

  it('has one effect when an event comes again: the current page, stored once', async () => {
    gate.open();
    await startPageWorker();
    const title = `Replay probe ${Date.now()}`;
    const id = await publish(title);
    const page = productPath(id);
    await settled(page);
    const [published] = await jobsFor(page);

    // The publish event again, twice (a job run again, a replay): the same page, once.
    for (let i = 0; i < 2; i++) await t.db.transaction().execute((trx) => emit(trx, 'pages.changed', published!.data as PageChange));
    await settled(page);
    expect(await jobsFor(page)).toHaveLength(3);
    expect(storedText(page)).toContain(title);
    expect(publisher.store.paths().filter((p) => p === page)).toHaveLength(1);
    expect(fs.readdirSync(path.dirname(publisher.store.fileFor(page))).filter((f) => f.startsWith(path.basename(page)))).toEqual(
      [`${id}.html`, `${id}.html.br`, `${id}.html.gz`].sort(),
    );

    // Replayed after an unpublish, the old publish does not bring the page back.
    expect(
      (await call(patchMyProduct, `/api/me/products/${id}`, { method: 'PATCH', session: creator, params: { id }, json: { status: 'draft' } })).status,
    ).toBe(200);
    await settled(page);
    await t.db.transaction().execute((trx) => emit(trx, 'pages.changed', published!.data as PageChange));
    await settled(page);
    expect(fs.existsSync(publisher.store.fileFor(page))).toBe(false);
    expect((await served(page)).status).toBe(404);
  });
});

describe('on Vercel', () => {
  /** A stand-in for Vercel's CDN: records each revalidation and answers only when the test lets it. */
  function startCdn() {
    const seen: { method?: string; url?: string; token?: string | string[] }[] = [];
    const held: (() => void)[] = [];
    let failing = '';
    let holding = true;
    const server = http.createServer((req, res) => {
      seen.push({ method: req.method, url: req.url, token: req.headers['x-prerender-revalidate'] });
      const answer = () => {
        res.statusCode = req.url === failing ? 500 : 200;
        res.end();
      };
      if (holding) held.push(answer);
      else answer();
    });
    return {
      seen,
      server,
      failOn: (url: string) => (failing = url),
      release: () => {
        holding = false;
        for (const answer of held.splice(0)) answer();
      },
      listen: () =>
        new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    };
  }

  it('revalidates after the response, one HEAD per page with the bypass token; a 500 is retried by pg-boss', async () => {
    // No worker stays up on Vercel: the request's waitUntil (and the cron) run the reactions.
    await stopJobs(t.db);
    await jobsReady(t.db);
    const cdn = startCdn();
    const token = 'v'.repeat(40);
    setPageRenderer(isrRevalidator(await cdn.listen(), token));
    const afterResponse: Promise<unknown>[] = [];
    const context = globalThis as unknown as Record<symbol, unknown>;
    const key = Symbol.for('@vercel/request-context');
    context[key] = { get: () => ({ waitUntil: (promise: Promise<unknown>) => afterResponse.push(promise) }) };
    process.env['VERCEL'] = '1';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const id = await publish(`Vercel probe ${Date.now()}`);
      const page = productPath(id);
      // The API has answered; the CDN has answered none of the revalidations (it holds them).
      expect(afterResponse).toHaveLength(1);
      expect((await jobsFor(page))[0]?.state).not.toBe('completed');
      cdn.release();
      await Promise.all(afterResponse);
      const [job] = await jobsFor(page);
      expect(job?.state).toBe('completed');
      const paths = (job!.data as PageChange).paths;
      expect(cdn.seen.map((s) => `${s.method} ${s.url}`).sort()).toEqual(paths.map((p) => `HEAD ${p}`).sort());
      expect(cdn.seen.every((s) => s.token === token)).toBe(true);

      // A 500 from the CDN: the attempt fails and pg-boss keeps the job for its retry.
      cdn.seen.length = 0;
      cdn.failOn('/marketplace');
      afterResponse.length = 0;
      expect(
        (await call(putMyProduct, `/api/me/products/${id}`, { method: 'PUT', session: creator, params: { id }, json: body('Vercel probe, edited') })).status,
      ).toBe(200);
      await Promise.all(afterResponse);
      const [, failed] = await jobsFor(page);
      expect(failed?.state).toBe('retry');
      expect(JSON.stringify(failed?.output)).toContain('/marketplace');
      // The CDN is back; the retry, due now (the clock moved on), revalidates the pages again.
      cdn.failOn('');
      cdn.seen.length = 0;
      await sql`update pgboss.job set start_after = now() where name = ${JOB} and id = ${failed!.id}`.execute(t.db);
      await drainJobs(t.db, { names: [JOB] });
      expect((await jobsFor(page))[1]?.state).toBe('completed');
      expect(cdn.seen.map((s) => s.url)).toContain('/marketplace');
    } finally {
      warn.mockRestore();
      delete process.env['VERCEL'];
      delete context[key];
      setPageRenderer(undefined);
      cdn.server.close();
    }
  });
});
