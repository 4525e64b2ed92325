/**
 * The figures job on Vercel (issue 30, docs/decisions/073), on a real database (both drivers):
 * Vercel Cron calls GET /api/cron/jobs, whose drain sends 'pages.figures' at most once a minute
 * and runs it; the pass revalidates on demand (one HEAD with the bypass token, as a content
 * change's pages are, decision 061) only the pages whose figures changed since the last pass,
 * at most 120 a pass, oldest change first, and more after a gap between calls. A stand-in for
 * Vercel's CDN, a local HTTP server, records each revalidation.
 * - Without the cron secret: 401, and nothing runs or is revalidated.
 * - A pass with nothing changed revalidates nothing (the changes its overlap reads again are
 *   not counted twice); a page whose revalidation fails stays due for the next pass, alone.
 * The route is called for its secret and its first passes; the later passes run the same job
 * alone (a drain of its queue), since each route call also drains every other queue.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { drainJobs, enqueue, jobsReady, listJobs } from '@/functions/jobs';
import { JOBS_SCHEMA } from '@/functions/jobs/engine';
import { PAGE_FIGURES_JOB, isrRevalidator, setPageRenderer } from '@/functions/rebuilds/page-refresh.job';
import { productPath } from '@/functions/rebuilds/affected-pages';
import { GET as cronJobsRoute } from '@/src/pages/api/cron/jobs';
import { call } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

const CRON_SECRET = vi.hoisted(() => {
  process.env['CRON_SECRET'] = 'figures-cron-secret-0123456789';
  return process.env['CRON_SECRET'];
});
const TOKEN = 'f'.repeat(40);
const TOOL = 'figures-tool';

let t: TestDb;
let creatorId: string;
let products: string[];

/** A stand-in for Vercel's CDN: records each revalidation; a path set to fail answers 500. */
const cdn = {
  seen: [] as { method?: string; url?: string; token?: string | string[] }[],
  failing: new Set<string>(),
  server: http.createServer((req, res) => {
    cdn.seen.push({ method: req.method, url: req.url, token: req.headers['x-prerender-revalidate'] });
    res.statusCode = cdn.failing.has(req.url ?? '') ? 500 : 200;
    res.end();
  }),
  /** The paths revalidated since the last call, sorted; every one a HEAD with the bypass token. */
  take(): string[] {
    const seen = cdn.seen.splice(0);
    expect(seen.every((s) => s.method === 'HEAD' && s.token === TOKEN)).toBe(true);
    return seen.map((s) => s.url!).sort();
  },
};

const cron = (authorization?: string) => call(cronJobsRoute, '/api/cron/jobs', { headers: authorization ? { authorization } : {} });

/**
 * Vercel Cron's next call, a minute later as far as the figures job is concerned: the drain
 * sends it once per minute (pg-boss's singleton slot), so the jobs sent before give up their
 * slot. The position's clock is the database's own and is not touched.
 */
async function cronNextMinute() {
  await sql.raw(`update ${JOBS_SCHEMA}.job set singleton_on = null where name = '${PAGE_FIGURES_JOB}'`).execute(t.db);
  const answer = await cron(`Bearer ${CRON_SECRET}`);
  expect(answer.status).toBe(200);
  return answer.body as { completed: number; failed: number; timedOut: boolean };
}

/** One more pass of the same job, alone (the drain the cron route runs, without the other queues'). */
async function figuresPass() {
  await enqueue(t.db, PAGE_FIGURES_JOB, {});
  return drainJobs(t.db, { names: [PAGE_FIGURES_JOB] });
}

const sorted = (paths: string[]) => [...paths].sort();

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await jobsReady(t.db);
  await t.db.insertInto('ai_tools').values({ id: TOOL, name: 'Figures Tool' }).execute();
  creatorId = (await createUser(t.db, { fullName: 'Fig Ures' })).id;
  products = [];
  for (let i = 0; i < 130; i++) products.push((await createProduct(t.db, creatorId, { title: `Figures ${i}` })).id);
  await new Promise<void>((resolve) => cdn.server.listen(0, '127.0.0.1', () => resolve()));
  setPageRenderer(isrRevalidator(`http://127.0.0.1:${(cdn.server.address() as AddressInfo).port}`, TOKEN));
});

afterAll(async () => {
  setPageRenderer(undefined);
  await new Promise<void>((resolve) => cdn.server.close(() => resolve()));
  resetAuth();
  await closeDb();
});

describe('the figures job through GET /api/cron/jobs on Vercel', () => {
  it('runs nothing and revalidates nothing without the cron secret', async () => {
    await sql`update products set views_count = 5 where id = ${products[0]!}`.execute(t.db);
    for (const authorization of [undefined, 'Bearer not-the-secret', CRON_SECRET]) expect((await cron(authorization)).status, authorization).toBe(401);
    expect(await listJobs(t.db, { name: PAGE_FIGURES_JOB })).toEqual([]);
    expect(cdn.take()).toEqual([]);
  });

  it('revalidates only the pages whose figures changed since the last pass, each once', async () => {
    // The first pass sets its position: a deploy starts with an empty cache, rendered as read.
    expect((await cron(`Bearer ${CRON_SECRET}`)).status).toBe(200);
    expect((await listJobs(t.db, { name: PAGE_FIGURES_JOB })).map((j) => j.state)).toEqual(['completed']);
    expect(cdn.take()).toEqual([]);

    // One product's views, and a tool's followers: their pages, none of the 129 other products'.
    const viewed = products[0]!;
    await sql`update products set views_count = 77 where id = ${viewed}`.execute(t.db);
    await t.db.insertInto('ai_tool_follows').values({ user_id: creatorId, tool_id: TOOL }).execute();
    await cronNextMinute();
    expect(cdn.take()).toEqual(sorted([productPath(viewed), '/', '/marketplace', '/ai-tools', `/tools/${TOOL}`, `/tools/${TOOL}/landing`]));

    // Nothing changed since: nothing is revalidated, although the pass reads its last seconds again.
    await cronNextMinute();
    expect(cdn.take()).toEqual([]);
    expect((await listJobs(t.db, { name: PAGE_FIGURES_JOB })).map((j) => j.state)).toEqual(['completed', 'completed', 'completed']);
  });

  it('a page whose revalidation fails stays due for the next pass, and alone is revalidated then', async () => {
    const product = products[1]!;
    await sql`update products set downloads_count = 3 where id = ${product}`.execute(t.db);
    cdn.failing.add(productPath(product));
    // The drain logs the failed attempt.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const failed = await figuresPass();
      expect(failed.failed).toBe(1);
      expect(cdn.take()).toEqual(sorted([productPath(product), '/', '/marketplace']));
    } finally {
      warn.mockRestore();
    }
    cdn.failing.clear();
    expect((await figuresPass()).completed).toBe(1);
    expect(cdn.take()).toEqual([productPath(product)]);
  });

  it('at most 120 pages a pass, oldest change first; after a gap between calls, one pass catches up', async () => {
    // 130 product pages, the landing page and the marketplace: 132 pages due.
    const viewAll = () => sql`update products set views_count = views_count + 100 where creator_id = ${creatorId}`.execute(t.db);
    await viewAll();
    // Oldest change first, to the millisecond the pass keeps, then by path.
    const byChange = await sql<{ path: string }>`
      select '/product/' || id as path from products where creator_id = ${creatorId}
      order by date_trunc('milliseconds', figures_changed_at), '/product/' || id
    `.execute(t.db);
    const oldestFirst = byChange.rows.map((r) => r.path);
    expect(oldestFirst).toHaveLength(130);
    await figuresPass();
    // The pages of the oldest changes: the landing page and the marketplace (every change shows
    // on them) and the 118 products changed first.
    expect(cdn.take()).toEqual(sorted(['/', '/marketplace', ...oldestFirst.slice(0, 118)]));
    await figuresPass();
    expect(cdn.take()).toEqual(sorted(oldestFirst.slice(118)));

    // Five minutes since the last pass (a Hobby plan's cron calls once a day): five passes' worth.
    await viewAll();
    await sql`update figures_revalidation set passed_at = passed_at - interval '5 minutes'`.execute(t.db);
    await figuresPass();
    expect(cdn.take()).toEqual(sorted([...oldestFirst, '/', '/marketplace']));
  });
});
