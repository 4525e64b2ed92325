/**
 * The catalogue pages on demand (issue 30, docs/decisions/064), on a real database (both
 * drivers) and the real server: SiteServer and PagePublisher over the run's build, in this
 * process.
 * - start() renders only the landing page, the marketplace and the directory; a new build
 *   forgets the stored set (its files go) and renders those three again.
 * - A catalogue page the store does not hold is rendered once on its first request, however
 *   many ask at once, and then served from the store.
 * - Serving a stored page of any age queues no render: after a crawl of every stored page,
 *   a day later, nothing was rendered and nothing is queued.
 * - The figures job ('pages.figures', on the job engine) renders again only the stored pages
 *   whose figures changed since they were rendered (a product's views: its page, the landing
 *   page and the marketplace), at most its bound per pass.
 * - Each page's Content-Security-Policy names only its own inline scripts and styles (issue
 *   30, docs/decisions/074), stored and prebuilt pages alike.
 * - Methods (issue 32): every declared API path answers a method it lacks with 405 and `Allow`
 *   (OPTIONS with 204 and `Allow`), an unknown /api path the API's JSON 404; every page, prebuilt,
 *   stored or on demand, answers only GET and HEAD; an HTML page names its charset; every date in
 *   a page's JSON-LD is ISO 8601, and pages showing breadcrumbs carry a BreadcrumbList.
 * - A change's reaction renders the product's own page first, then the pages that list it one
 *   at a time, the sitemap last; a render begun after the change (a request for the page)
 *   serves the reaction, and two changes share the renders of the pages both touch
 *   (docs/decisions/069).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { drainJobs, enqueue, jobsReady } from '@/functions/jobs';
import { PAGE_FIGURES_JOB, setPageRenderer } from '@/functions/rebuilds/page-refresh.job';
import { isSitemapPath, pagesShowingProduct, productPath } from '@/functions/rebuilds/affected-pages';
import { SITEMAP_PAGES_PATH, productSitemapPath } from '@/src/shared/sitemap';
import { ensureBuild } from '@/scripts/lib/astro-build';
import { PagePublisher, START_PATHS } from '@/scripts/lib/page-publisher';
import { PageStore } from '@/scripts/lib/page-store';
import { SiteServer } from '@/scripts/lib/serve';
import { createProduct, createUser, ensureCategories } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';
import { TEST_OUT_DIR } from '../support/test-build';
import { expectOwnPolicy } from '../support/page-policy';
import { API_ROUTES } from '@/src/shared/api/routes';
import { seedReferenceData } from '@/db/seed/reference';

let t: TestDb;
let site: SiteServer;
let storeDir: string;
let origin: string;
const publishers: PagePublisher[] = [];

/** A publisher over its own store in storeDir, serving through the one server (as scripts/start.ts wires them). */
async function startSite(options: { figuresPerPass?: number } = {}): Promise<PagePublisher> {
  const publisher = new PagePublisher(t.db, new PageStore(storeDir), options);
  publishers.push(publisher);
  site = new SiteServer({ https: false, pages: publisher });
  await site.swap(TEST_OUT_DIR);
  await site.listen(0, '127.0.0.1');
  publisher.attach(site.server.address());
  origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  return publisher;
}

async function stopSite(): Promise<void> {
  for (const p of publishers.splice(0)) await p.idle();
  await new Promise<void>((resolve) => site.server.close(() => resolve()));
  site.server.closeAllConnections();
}

const get = async (pagePath: string) => {
  const response = await fetch(origin + pagePath, { headers: { 'accept-encoding': 'br' } });
  return { status: response.status, text: await response.text() };
};

async function newProducts(n: number): Promise<string[]> {
  const creator = await createUser(t.db);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await createProduct(t.db, creator.id, { title: `On demand probe ${i} ${Date.now()}`, category_id: 'business' })).id);
  return ids;
}

beforeAll(async () => {
  await ensureBuild(TEST_OUT_DIR);
  t = await createTestDb();
  setDbHandle(t);
  await ensureCategories(t.db);
}, 600_000);

afterEach(async () => {
  vi.useRealTimers();
  setPageRenderer(undefined);
  if (site?.server.listening) await stopSite();
  if (storeDir) fs.rmSync(storeDir, { recursive: true, force: true });
});

afterAll(async () => {
  await closeDb();
});

describe('catalogue pages on demand', () => {
  it('start renders only the landing page, the marketplace and the directory; a new build forgets the stored set', async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-on-demand-'));
    const [id] = await newProducts(1);
    let publisher = await startSite();
    const first = await publisher.start('build-1');
    expect(first.reset).toBe(true);
    expect(publisher.store.paths().sort()).toEqual([...START_PATHS].sort());
    expect(publisher.renders).toBe(START_PATHS.length);

    // A product page asked for is stored; a restart with nothing changed renders nothing.
    expect((await get(productPath(id!))).status).toBe(200);
    const productFile = publisher.store.fileFor(productPath(id!));
    expect(fs.existsSync(productFile)).toBe(true);
    publisher.store.persist();
    await stopSite();
    publisher = await startSite();
    const again = await publisher.start('build-1');
    expect(again).toMatchObject({ reset: false, pages: 0 });
    expect(publisher.renders).toBe(0);
    expect(publisher.store.paths()).toContain(productPath(id!));

    // Another build: its pages would point at old assets. Forgotten, files removed, the three rendered again.
    const other = await publisher.start('build-2');
    expect(other).toMatchObject({ reset: true, pages: START_PATHS.length });
    expect(publisher.store.paths().sort()).toEqual([...START_PATHS].sort());
    await vi.waitFor(() => expect(fs.existsSync(productFile)).toBe(false), { timeout: 10_000, interval: 50 });
  });

  it('renders a missing catalogue page once on its first request, however many ask at once, then serves it from the store', async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-on-demand-'));
    const [id] = await newProducts(1);
    const publisher = await startSite();
    const page = productPath(id!);
    const title = (await t.db.selectFrom('products').select('title').where('id', '=', id!).executeTakeFirstOrThrow()).title;

    const answers = await Promise.all(Array.from({ length: 50 }, () => get(page)));
    expect(answers.every((a) => a.status === 200 && a.text.includes(title))).toBe(true);
    expect(publisher.renders).toBe(1);
    expect(publisher.store.paths()).toEqual([page]);
    expect(fs.readFileSync(publisher.store.fileFor(page), 'utf8')).toContain(title);

    expect((await get(page)).text).toContain(title);
    expect(publisher.renders).toBe(1);
    expect(publisher.pending).toBe(0);
  });

  it('serves stored pages of any age without queueing a render: a crawl a day later renders nothing', async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-on-demand-'));
    const ids = await newProducts(3);
    const publisher = await startSite();
    await publisher.start('build-1');
    const pages = [...START_PATHS, ...ids.map(productPath)];
    for (const p of pages) expect((await get(p)).status).toBe(200);
    await publisher.idle();
    const rendered = publisher.renders;
    expect(publisher.store.paths().sort()).toEqual([...pages].sort());

    // A day later (the clock only: the server and the database are real).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600 * 1000 });
    for (const p of pages) expect((await get(p)).status).toBe(200);
    expect(publisher.pending).toBe(0);
    await publisher.idle();
    expect(publisher.renders).toBe(rendered);
  });

  it("sends each page's policy with the hashes of its own inline scripts and styles only, stored and prebuilt pages alike", async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-on-demand-'));
    const [id] = await newProducts(1);
    const publisher = await startSite();
    await publisher.start('build-1');
    for (const pagePath of ['/', '/marketplace', productPath(id!)]) {
      const response = await fetch(origin + pagePath);
      const html = await response.text();
      expect(html, pagePath).toMatch(/<style>/);
      expectOwnPolicy(response.headers.get('content-security-policy') ?? '', html, pagePath);
    }
    // A page rendered on demand and never stored (the community's index): a HEAD carries the
    // policy its GET does, read from the page the HEAD rendered.
    const page = await fetch(`${origin}/community`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expectOwnPolicy(policy, await page.text(), '/community');
    const head = await fetch(`${origin}/community`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-security-policy')).toBe(policy);
    // A prebuilt page (the build's own 404 page) likewise.
    const notFound = await fetch(`${origin}/no-such-page-anywhere`);
    expect(notFound.status).toBe(404);
    expectOwnPolicy(notFound.headers.get('content-security-policy') ?? '', await notFound.text(), 'the 404 page');
  });

  it('the figures job renders again only the stored pages whose figures changed, at most its bound per pass', async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-on-demand-'));
    const [changed, other, notStored] = await newProducts(3);
    const publisher = await startSite({ figuresPerPass: 2 });
    setPageRenderer(publisher);
    await publisher.start('build-1');
    for (const id of [changed!, other!]) expect((await get(productPath(id))).status).toBe(200);
    const before = new Map(publisher.store.paths().map((p) => [p, publisher.store.renderedAt(p)]));
    // The first pass sets its position; nothing changed since the pages were rendered.
    await jobsReady(t.db);
    const pass = async () => {
      await enqueue(t.db, PAGE_FIGURES_JOB, {});
      await drainJobs(t.db, { names: [PAGE_FIGURES_JOB] });
    };
    await pass();
    expect(publisher.renders).toBe(START_PATHS.length + 2);

    // Views move on one stored product and on one never asked for (not stored: nothing to render).
    await sql`update products set views_count = 4321 where id in (${changed}, ${notStored})`.execute(t.db);
    await pass();
    // Bound of 2: the two pages changed longest ago of its page, the landing page and the marketplace.
    expect(publisher.renders).toBe(START_PATHS.length + 2 + 2);
    await pass();
    expect(publisher.renders).toBe(START_PATHS.length + 2 + 3);
    await pass();
    expect(publisher.renders).toBe(START_PATHS.length + 2 + 3);

    const after = new Map(publisher.store.paths().map((p) => [p, publisher.store.renderedAt(p)]));
    const renderedAgain = [...after].filter(([p, at]) => at !== before.get(p)).map(([p]) => p);
    expect(renderedAgain.sort()).toEqual([productPath(changed!), '/', '/marketplace'].sort());
    expect(publisher.store.paths()).not.toContain(productPath(notStored!));
    expect(fs.readFileSync(publisher.store.fileFor(productPath(changed!)), 'utf8')).toMatch(/Views<\/dt>\s*<dd[^>]*>4.3K</);
  });

  it("a change's reaction renders its product's page first, then the pages that list it one at a time; renders begun after the change serve every reaction", async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-on-demand-'));
    const [a, b, c] = await newProducts(3);
    const publisher = await startSite();
    await publisher.start('build-1');
    const change = (id: string) => ({ reason: 'updated' as const, productId: id, paths: pagesShowingProduct({ id, toolIds: [] }) });
    const started = (p: string) => publisher.store.renderedAt(p)!;
    const written = (p: string) => Math.floor(fs.statSync(publisher.store.fileFor(p)).mtimeMs);

    // A change commits (its commit hook), its page is asked for, then its reaction runs: the
    // request's render serves the reaction, and each page is rendered once.
    const first = change(a!);
    publisher.invalidate(first);
    let before = publisher.renders;
    const asked = publisher.pageFor(productPath(a!));
    await publisher.refresh(first.paths);
    expect(await asked).toBeDefined();
    expect(publisher.renders - before).toBe(first.paths.length);
    for (const p of first.paths) expect(publisher.store.has(p)).toBe(true);
    // The product's page was stored before any page that lists it began to render, and those
    // one after the other, the sitemap's files last.
    const listing = first.paths.filter((p) => p !== productPath(a!)).sort((x, y) => started(x) - started(y));
    for (const p of listing) expect(started(p)).toBeGreaterThanOrEqual(written(productPath(a!)));
    for (let i = 1; i < listing.length; i++) expect(started(listing[i]!)).toBeGreaterThanOrEqual(written(listing[i - 1]!));
    const firstSitemap = listing.findIndex((p) => isSitemapPath(p));
    expect(firstSitemap).toBeGreaterThan(0);
    expect(listing.slice(firstSitemap).every((p) => isSitemapPath(p))).toBe(true);

    // Two changes in a row: the pages both touch (the marketplace, the landing page, the
    // sitemap's page file) are rendered once for both.
    const [second, third] = [change(b!), change(c!)];
    publisher.invalidate(second);
    publisher.invalidate(third);
    before = publisher.renders;
    await Promise.all([publisher.refresh(second.paths), publisher.refresh(third.paths)]);
    expect(publisher.renders - before).toBe(new Set([...second.paths, ...third.paths]).size);
    expect(publisher.pending).toBe(0);

    // A page rendered before a change is not current for it: the change's reaction renders it again.
    publisher.invalidate(first);
    before = publisher.renders;
    await publisher.refresh(first.paths);
    expect(publisher.renders - before).toBe(first.paths.length);

    // The sitemap's files wait for the pages visitors see, whichever change queued them first:
    // a change of the sitemap alone, then one of the marketplace and the landing page.
    const sitemap = [SITEMAP_PAGES_PATH, productSitemapPath(a!), productSitemapPath(b!), productSitemapPath(c!)].filter((p, i, all) => all.indexOf(p) === i);
    const visible = ['/marketplace', '/'];
    await Promise.all([publisher.refresh(sitemap), publisher.refresh(visible)]);
    const inOrder = [...sitemap, ...visible].sort((x, y) => started(x) - started(y));
    // The first sitemap file had the lane to itself; the pages went next, then the other files.
    expect(inOrder.slice(1, 3).sort()).toEqual([...visible].sort());
    for (let i = 1; i < inOrder.length; i++) expect(started(inOrder[i]!)).toBeGreaterThanOrEqual(written(inOrder[i - 1]!));
  });
});

describe('web standards: methods, addresses nothing serves, charset, JSON-LD', () => {
  const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  const ID = '00000000-0000-4000-8000-000000000000';
  const send = (method: string, address: string) => fetch(origin + address, { method, headers: { origin } });

  it('every declared API path answers a method it lacks with 405 and Allow, OPTIONS with 204 and Allow; an unknown /api path is the JSON 404', async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-on-demand-'));
    await startSite();
    const byPath = new Map<string, string[]>();
    for (const route of API_ROUTES) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route.method]);
    const wrong: string[] = [];
    for (const [template, declared] of byPath) {
      const lacking = METHODS.find((m) => !declared.includes(m) && !(m === 'GET' && declared.includes('HEAD')));
      if (!lacking) continue;
      const address = template.replace(/\{[^}]+\}/g, ID);
      const answer = await send(lacking, address);
      const allow = (answer.headers.get('allow') ?? '').split(', ');
      const body = (await answer.json().catch(() => null)) as { error?: { code?: string } } | null;
      if (answer.status !== 405 || body?.error?.code !== 'METHOD_NOT_ALLOWED' || !declared.every((m) => allow.includes(m)) || !allow.includes('OPTIONS')) {
        wrong.push(`${lacking} ${address}: ${answer.status} allow=${allow.join(',')} ${JSON.stringify(body)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(byPath.size).toBeGreaterThan(100);

    const options = await send('OPTIONS', '/api/health');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(options.headers.get('access-control-allow-origin')).toBeNull();
    for (const method of ['GET', 'POST']) {
      const unknown = await send(method, '/api/no-such-route/here');
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });

  it('every page, prebuilt, stored or on demand, answers GET and HEAD only; HTML names its charset', async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-on-demand-'));
    const publisher = await startSite();
    await publisher.start('build-methods');
    const [id] = await newProducts(1);
    for (const [method, address] of [
      ['PUT', '/'],
      ['DELETE', '/marketplace'],
      ['POST', '/terms'],
      ['PATCH', productPath(id!)],
      ['POST', '/library'],
      ['DELETE', '/no-such-page'],
    ] as const) {
      const answer = await send(method, address);
      expect(answer.status, `${method} ${address}`).toBe(405);
      expect(answer.headers.get('allow'), `${method} ${address}`).toBe('GET, HEAD, OPTIONS');
    }
    const options = await send('OPTIONS', '/marketplace');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    for (const address of ['/', '/community', productPath(id!), '/no-such-page']) {
      expect((await fetch(origin + address)).headers.get('content-type'), address).toBe('text/html; charset=utf-8');
    }
  });

  it('every date in a page’s JSON-LD is ISO 8601, and the pages that show breadcrumbs describe them', async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-on-demand-'));
    await seedReferenceData(t.db); // the built-in tools, for a tool page
    const publisher = await startSite();
    await publisher.start('build-json-ld');
    const [id] = await newProducts(1);
    const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
    const dates: string[] = [];
    const wrong: string[] = [];
    const walk = (value: unknown, at: string): void => {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}[${i}]`));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${at}.${k}`);
      else if (/date/i.test(at.split('.').at(-1) ?? '') && typeof value === 'string') (ISO.test(value) ? dates : wrong).push(`${at}=${value}`);
    };
    const typesOf = async (address: string) => {
      const { status, text: html } = await get(address);
      expect(status, address).toBe(200);
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as unknown);
      blocks.forEach((block, i) => walk(block, `${address}#${i}`));
      return blocks.flat().map((block) => (block as { '@type'?: string })['@type']);
    };
    expect(await typesOf(productPath(id!))).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']));
    expect(await typesOf('/tools/n8n')).toEqual(expect.arrayContaining(['SoftwareApplication', 'BreadcrumbList']));
    for (const address of ['/', '/marketplace', '/ai-tools']) await typesOf(address);
    expect(wrong).toEqual([]);
    expect(dates.some((d) => d.includes('/tools/n8n') && d.includes('dateModified'))).toBe(true);
  });
});
