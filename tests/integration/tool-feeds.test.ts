/**
 * Tool updates that arrive by themselves (issue 17, docs/decisions/039 and 060): changelog
 * feeds served by a real HTTP server on 127.0.0.1 (reachable only through the test-only
 * OUTBOUND_ALLOW_HOSTS), fetched by one job per source (enqueued by the minute's scan) and
 * posted through the tool-updates service. Each entry is posted once however many scans and
 * drains overlap, a source is never fetched by two jobs at once, followers get one notice each,
 * 304 is nothing new, HTML, oversized, slow, broken or redirected-inside answers give a clear
 * status and no update, a failing source is retried by its job and paused after 5 failures in
 * a row, its maintainer told (in the app and by email), updates are dated by their entries
 * (docs/decisions/043), and only the tool's maintainer (or an administrator) manages its
 * sources. Both drivers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { downloadProduct } from '@/functions/downloads/downloads.service';
import { sql } from 'kysely';
import { drainJobs, enqueue } from '@/functions/jobs';
import { enqueueDueFetches, FEED_FETCH_JOB } from '@/functions/tool-feeds/feed-job';
import { TOOL_UPDATE_FAN_OUT } from '@/functions/tool-updates/fan-out.job';
import { fetchChangelogSourceNow } from '@/functions/tool-feeds/tool-feeds.service';
import { CHANGELOG_SEED_SOURCES, seedChangelogSources } from '@/functions/tool-feeds/seed-sources';
import { adoptRequestedSources } from '@/functions/tool-feeds/tool-feeds.repository';
import { GET as listSourcesRoute, POST as addSourceRoute } from '@/src/pages/api/tools/[toolId]/changelog-sources/index';
import { DELETE as removeSourceRoute } from '@/src/pages/api/tools/[toolId]/changelog-sources/[sourceId]/index';
import { POST as resumeRoute } from '@/src/pages/api/tools/[toolId]/changelog-sources/[sourceId]/resume';
import { POST as fetchNowRoute } from '@/src/pages/api/tools/[toolId]/changelog-sources/[sourceId]/fetch';
import { PATCH as retypeRoute } from '@/src/pages/api/tools/[toolId]/updates/[updateId]';
import { GET as listUpdatesRoute } from '@/src/pages/api/tools/[toolId]/updates';
import { GET as toolFeedXml } from '@/src/pages/tools/[toolId]/feed.xml';
import { getFeed } from '@/functions/notifications/notifications.service';
import type { ChangelogSourceView } from '@/src/shared/tool-feeds';
import { deliverQueuedEmails } from '../support/emails';
import { call, signUp, testMailer, type TestSession } from '../support/api';
import { createProduct, ensureCategories } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';
import { startWebhookReceiver, type ReceiverAnswer, type WebhookReceiver } from '../support/webhook-receiver';

// The feed server's port is chosen before the environment is read: it is the one private
// address fetches may reach (OUTBOUND_ALLOW_HOSTS, tests only).
const env = await vi.hoisted(async () => {
  const { execFileSync } = await import('node:child_process');
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  const port = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
  process.env['OUTBOUND_ALLOW_HOSTS'] = `127.0.0.1:${port}`;
  process.env['RATE_LIMIT_SCALE'] = '20';
  return { port };
});

let t: TestDb;
let server: WebhookReceiver;
let maintainer: TestSession;
let other: TestSession;
let admin: TestSession;
let followers: TestSession[];
let buyer: TestSession;

const fixture = (name: string) => fs.readFileSync(path.resolve('tests/support/feeds', name), 'utf8');
const ATOM = 'application/atom+xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';

async function addSource(session: TestSession, toolId: string, url: string): Promise<ChangelogSourceView> {
  const response = await call(addSourceRoute, `/api/tools/${toolId}/changelog-sources`, { method: 'POST', session, params: { toolId }, json: { url } });
  if (response.status !== 201) throw new Error(`add answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as ChangelogSourceView;
}

const sourceRow = (id: string) => t.db.selectFrom('ai_tool_changelog_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const updatesOf = (toolId: string) =>
  t.db.selectFrom('ai_tool_updates').selectAll().where('tool_id', '=', toolId).orderBy('created_at').orderBy('id').execute();
const noticesOf = (userId: string) =>
  t.db
    .selectFrom('user_notifications as n')
    .innerJoin('ai_tool_updates as u', 'u.id', 'n.update_id')
    .select(['n.update_id', 'n.reason', 'u.tool_id'])
    .where('n.user_id', '=', userId)
    .execute();

/** The notices are written by each update's fan-out job (docs/decisions/040): run it. */
const fanOut = () => drainJobs(t.db, { names: [TOOL_UPDATE_FAN_OUT] });

/** The run after every due source's schedule: `hours` from now. */
const later = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000);

/** The fetch jobs that are due, run as the worker would. */
const runFetchJobs = () => drainJobs(t.db, { names: [FEED_FETCH_JOB] });

/** A minute of the worker with the clock at `now`: the scan enqueues a job per due source, and they run. */
async function fetchDue(now?: Date) {
  await enqueueDueFetches(t.db, now);
  return runFetchJobs();
}

/** The fetch jobs of one source (its singletonKey), oldest first. */
async function fetchJobsOf(sourceId: string) {
  const { rows } = await sql<{ state: string; retry_count: number; start_after: Date }>`
    select state, retry_count, start_after from pgboss.job where name = ${FEED_FETCH_JOB} and singleton_key = ${sourceId} order by created_on`.execute(t.db);
  return rows.map((r) => ({ state: r.state, retryCount: r.retry_count, startAfter: new Date(r.start_after) }));
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  server = await startWebhookReceiver(env.port);
  await ensureCategories(t.db);
  maintainer = await signUp('creator', 'Mia Maintainer');
  other = await signUp('creator', 'Otto Other');
  admin = await signUp('creator', 'Ada Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  followers = [await signUp('buyer', 'Fay Follower'), await signUp('buyer', 'Finn Follower')];
  buyer = await signUp('buyer', 'Bea Buyer');
  for (const [id, name] of [
    ['n8n', 'n8n'],
    ['cursor', 'Cursor'],
    ['make', 'Make'],
    ['zapier', 'Zapier'],
    ['claude', 'Claude'],
  ] as const)
    await t.db
      .insertInto('ai_tools')
      .values({ id, name, claimed_by: id === 'claude' ? null : maintainer.userId })
      .execute();
  for (const f of followers)
    await t.db
      .insertInto('ai_tool_follows')
      .values(['n8n', 'cursor'].map((tool_id) => ({ user_id: f.userId, tool_id })))
      .execute();
  // A buyer of a product built on n8n: security updates reach them without following.
  const creator = await signUp('creator', 'Cleo Creator');
  const product = await createProduct(t.db, creator.userId, {
    title: 'n8n lead router',
    price: 0,
    pricing_model: 'free',
    ai_tool_type: 'n8n',
    content_delivery_type: 'text',
    content_text: 'The workflow JSON.',
  });
  await downloadProduct(t.db, buyer.userId, product.id);
});

afterAll(async () => {
  await server?.close();
  resetAuth();
  await closeDb();
});

describe('the job', () => {
  it('posts each entry of a GitHub releases feed once, however many runs overlap; followers get one notice each', async () => {
    server.answer('/n8n/releases.atom', (request): ReceiverAnswer =>
      request.headers['if-none-match'] === '"rel-1"'
        ? { status: 304, headers: { etag: '"rel-1"' } }
        : { status: 200, headers: { 'content-type': ATOM, etag: '"rel-1"' }, body: fixture('github-releases.atom') },
    );
    const source = await addSource(maintainer, 'n8n', server.url('/n8n/releases.atom'));
    expect(source).toMatchObject({ toolId: 'n8n', kind: null, lastStatus: null, pausedAt: null, consecutiveFailures: 0 });

    // Three scans at once make one job (one per source), and three drains at once run it once.
    await Promise.all([enqueueDueFetches(t.db), enqueueDueFetches(t.db), enqueueDueFetches(t.db)]);
    expect(await fetchJobsOf(source.id)).toEqual([expect.objectContaining({ state: 'created' })]);
    const runs = await Promise.all([runFetchJobs(), runFetchJobs(), runFetchJobs()]);
    expect(runs.reduce((n, r) => n + r.completed, 0)).toBe(1);
    expect(server.on('/n8n/releases.atom')).toHaveLength(1);
    await fanOut();

    const updates = await updatesOf('n8n');
    expect(updates.map((u) => [u.title, u.update_type, u.version, u.author_id])).toEqual([
      ['n8n@1.80.0', 'security', '1.80.0', null],
      ['n8n@1.80.1', 'bug_fix', '1.80.1', null],
      ['n8n@1.81.0', 'feature', '1.81.0', null],
    ]);
    for (const f of followers) expect((await noticesOf(f.userId)).filter((n) => n.tool_id === 'n8n')).toHaveLength(3);
    // The security entry reached the buyer of a product built on n8n, who does not follow it.
    expect(await noticesOf(buyer.userId)).toEqual([{ update_id: updates[0]!.id, reason: 'security_impact', tool_id: 'n8n' }]);
    expect(await sourceRow(source.id)).toMatchObject({ kind: 'atom', etag: '"rel-1"', consecutive_failures: 0, last_status: 'Fetched: 3 new updates' });

    // The next run is conditional: 304, nothing new.
    const before = server.on('/n8n/releases.atom').length;
    expect(await fetchDue(later(1.1))).toMatchObject({ completed: 1, failed: 0 });
    const conditional = server.on('/n8n/releases.atom').slice(before);
    expect(conditional).toHaveLength(1);
    expect(conditional[0]!.headers['if-none-match']).toBe('"rel-1"');
    expect((await sourceRow(source.id)).last_status).toBe('Not modified since the last fetch');
    expect(await updatesOf('n8n')).toHaveLength(3);
  });

  it('posts an entry once when its job runs again or two sources list it', async () => {
    server.answer('/n8n/mirror.atom', { status: 200, headers: { 'content-type': ATOM }, body: fixture('github-releases.atom') });
    const mirror = await addSource(maintainer, 'n8n', server.url('/n8n/mirror.atom'));
    await fetchDue(later(2));
    expect(await updatesOf('n8n')).toHaveLength(3);
    expect((await sourceRow(mirror.id)).last_status).toBe('Fetched: nothing new');
    // Its job again (a worker that died before reporting it done): fetched again, nothing posted twice.
    const before = server.on('/n8n/mirror.atom').length;
    expect(await enqueue(t.db, FEED_FETCH_JOB, { sourceId: mirror.id }, { singletonKey: mirror.id })).toEqual(expect.any(String));
    expect(await runFetchJobs()).toMatchObject({ completed: 1, failed: 0 });
    expect(server.on('/n8n/mirror.atom').length).toBe(before + 1);
    expect(await updatesOf('n8n')).toHaveLength(3);
    await call(removeSourceRoute, `/api/tools/n8n/changelog-sources/${mirror.id}`, {
      method: 'DELETE',
      session: maintainer,
      params: { toolId: 'n8n', sourceId: mirror.id },
    });
  });

  it('never fetches one source in two jobs at once; Fetch now waits for the running job', async () => {
    // The feed answers only when the test lets it, so the job is surely still running at each check.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.answer('/n8n/slow.atom', { status: 200, headers: { 'content-type': ATOM }, body: fixture('github-releases.atom'), heldUntil: released });
    const slow = await addSource(maintainer, 'n8n', server.url('/n8n/slow.atom'));
    expect(await enqueueDueFetches(t.db)).toBeGreaterThanOrEqual(1);
    const first = runFetchJobs();
    await vi.waitFor(() => expect(server.on('/n8n/slow.atom')).toHaveLength(1));
    // While its job runs: the scan's next job for it is dropped, another drain has nothing to run,
    // and 'Fetch now' answers that it is being fetched.
    expect(await enqueue(t.db, FEED_FETCH_JOB, { sourceId: slow.id }, { singletonKey: slow.id })).toBeNull();
    expect(await runFetchJobs()).toMatchObject({ completed: 0, failed: 0 });
    const now = await call(fetchNowRoute, `/api/tools/n8n/changelog-sources/${slow.id}/fetch`, {
      method: 'POST',
      session: maintainer,
      params: { toolId: 'n8n', sourceId: slow.id },
    });
    expect(now.status).toBe(409);
    expect(now.body.error.code).toBe('FEED_FETCH_RUNNING');
    release();
    expect(await first).toMatchObject({ completed: 1, failed: 0 });
    expect(server.on('/n8n/slow.atom')).toHaveLength(1);
    expect(await fetchJobsOf(slow.id)).toEqual([expect.objectContaining({ state: 'completed' })]);
    await call(removeSourceRoute, `/api/tools/n8n/changelog-sources/${slow.id}`, {
      method: 'DELETE',
      session: maintainer,
      params: { toolId: 'n8n', sourceId: slow.id },
    });
  });

  it('stores RSS entries as text and every reader shows them escaped, the Atom feed included', async () => {
    server.answer('/cursor/rss.xml', {
      status: 200,
      headers: { 'content-type': RSS, 'last-modified': 'Thu, 19 Nov 2026 17:00:00 GMT' },
      body: fixture('changelog.rss'),
    });
    const source = await addSource(maintainer, 'cursor', server.url('/cursor/rss.xml'));
    const response = await call(fetchNowRoute, `/api/tools/cursor/changelog-sources/${source.id}/fetch`, {
      method: 'POST',
      session: maintainer,
      params: { toolId: 'cursor', sourceId: source.id },
    });
    expect(response.status).toBe(200);
    expect(response.body.outcome).toMatchObject({ ok: true, posted: 3, status: 'Fetched: 3 new updates', paused: false });
    expect(response.body.source).toMatchObject({ kind: 'rss', lastStatus: 'Fetched: 3 new updates' });
    const updates = await updatesOf('cursor');
    expect(updates.map((u) => u.update_type)).toEqual(['announcement', 'bug_fix', 'feature']);
    const scripted = updates.find((u) => u.title.includes('script'))!;
    expect(scripted.title).toBe('<script>alert("title")</script> Slow tab completions fixed');
    expect(updates.some((u) => u.content.includes('alert('))).toBe(false);
    const feed = await toolFeedXml({ params: { toolId: 'cursor' }, request: new Request('http://localhost/tools/cursor/feed.xml') } as never);
    const xml = await feed.text();
    expect(xml).toContain('&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; Slow tab completions fixed');
    expect(xml).not.toContain('<script');
    // Last-Modified is sent back as If-Modified-Since.
    await fetchDue(later(1.1));
    expect(server.on('/cursor/rss.xml').at(-1)!.headers['if-modified-since']).toBe('Thu, 19 Nov 2026 17:00:00 GMT');
  });

  it("dates each update by its entry (published, else updated), never in the future, else when fetched; the tool's updates and the notices follow", async () => {
    await t.db.insertInto('ai_tools').values({ id: 'runway', name: 'Runway', claimed_by: maintainer.userId }).execute();
    await t.db
      .insertInto('ai_tool_follows')
      .values(followers.map((f) => ({ user_id: f.userId, tool_id: 'runway' })))
      .execute();
    server.answer('/runway/dated.atom', { status: 200, headers: { 'content-type': ATOM }, body: fixture('dated-entries.atom') });
    const source = await addSource(maintainer, 'runway', server.url('/runway/dated.atom'));
    // A source that fetched before: all its new entries are posted, not only a first fetch's newest 3.
    await t.db
      .updateTable('ai_tool_changelog_sources')
      .set({ last_success_at: new Date('2024-01-01T00:00:00Z') })
      .where('id', '=', source.id)
      .execute();
    const before = Date.now();
    const { outcome } = await fetchChangelogSourceNow(t.db, maintainer.userId, 'runway', source.id);
    const after = Date.now();
    expect(outcome).toMatchObject({ ok: true, posted: 5 });
    await fanOut();

    const updates = await updatesOf('runway');
    const at = Object.fromEntries(updates.map((u) => [u.title, new Date(u.created_at).getTime()]));
    expect(new Date(at['Gen-3 Alpha: video from text and images']!).toISOString()).toBe('2024-03-05T12:00:00.000Z');
    expect(new Date(at['Motion Brush for everyone']!).toISOString()).toBe('2024-01-10T08:00:00.000Z');
    // Dated ahead (2099), dated in words, not dated: when it was fetched.
    for (const title of ['Scheduled: the spring release notes', 'A release whose date does not parse', 'A release without a date']) {
      expect(at[title], title).toBeGreaterThanOrEqual(before);
      expect(at[title], title).toBeLessThanOrEqual(after);
    }

    // The tool's updates newest first: the three fetched now, then 2024-03, then 2024-01.
    const listed = await call(listUpdatesRoute, '/api/tools/runway/updates', { params: { toolId: 'runway' } });
    const titles: string[] = listed.body.items.map((u: { title: string }) => u.title);
    expect(titles.slice(3)).toEqual(['Gen-3 Alpha: video from text and images', 'Motion Brush for everyone']);
    expect(listed.body.items.map((u: { createdAt: string }) => Date.parse(u.createdAt))).toEqual(
      [...updates].reverse().map((u) => new Date(u.created_at).getTime()),
    );

    // Each follower's notice carries its update's date, and their feed is in the same order.
    for (const f of followers) {
      const notices = await t.db
        .selectFrom('user_notifications as n')
        .innerJoin('ai_tool_updates as u', 'u.id', 'n.update_id')
        .select(['n.created_at as noticed_at', 'u.created_at'])
        .where('n.user_id', '=', f.userId)
        .where('u.tool_id', '=', 'runway')
        .execute();
      expect(notices).toHaveLength(5);
      for (const n of notices) expect(new Date(n.noticed_at).getTime()).toBe(new Date(n.created_at).getTime());
      const feed = await getFeed(t.db, f.userId, { toolId: 'runway' });
      expect(feed.items.map((i) => ('title' in i ? i.title : i.id))).toEqual(titles);
    }
  });

  it('gives HTML, oversized, slow, broken, failing and redirected-inside answers a clear status and posts nothing', async () => {
    const big = `<?xml version="1.0"?><rss version="2.0"><channel><title>big</title>${'<item><title>x</title><guid>g</guid></item>'.repeat(60_000)}</channel></rss>`;
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    server.answer('/make/page', { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: fixture('page.html') });
    server.answer('/make/big.xml', { status: 200, headers: { 'content-type': RSS }, body: big });
    server.answer('/make/slow.xml', { status: 200, headers: { 'content-type': RSS }, body: fixture('changelog.rss'), delayMs: 1500 });
    server.answer('/make/broken.rss', { status: 200, headers: { 'content-type': RSS }, body: fixture('broken.rss') });
    server.answer('/make/missing.xml', { status: 404, body: 'Not Found' });
    server.answer('/make/inside.xml', { status: 302, headers: { location: 'http://127.0.0.1:9/private' } });
    server.answer('/make/loop.xml', { status: 302, headers: { location: '/make/loop.xml' } });
    const expected: [string, string][] = [
      ['/make/page', 'Last fetch failed: not a feed'],
      ['/make/big.xml', 'Last fetch failed: the feed is larger than 2 MB'],
      ['/make/slow.xml', 'Last fetch failed: no answer within 0.5 s'],
      ['/make/broken.rss', 'Last fetch failed: malformed feed'],
      ['/make/missing.xml', 'Last fetch failed: the server answered HTTP 404'],
    ];
    for (const [at, status] of expected) {
      const source = await addSource(maintainer, 'make', server.url(at));
      const { outcome, source: after } = await fetchChangelogSourceNow(t.db, maintainer.userId, 'make', source.id, { timeoutMs: 500 });
      expect(outcome, at).toMatchObject({ ok: false, posted: 0, status, paused: false });
      expect(after, at).toMatchObject({ lastStatus: status, consecutiveFailures: 1, kind: null, lastSuccessAt: null });
      await call(removeSourceRoute, `/api/tools/make/changelog-sources/${source.id}`, {
        method: 'DELETE',
        session: maintainer,
        params: { toolId: 'make', sourceId: source.id },
      });
    }
    for (const [at, status] of [
      ['/make/inside.xml', 'Last fetch failed: The URL must start with https://'],
      ['/make/loop.xml', 'Last fetch failed: more than 5 redirects'],
    ] as const) {
      const source = await addSource(maintainer, 'make', server.url(at));
      const before = server.on(at).length;
      const { outcome } = await fetchChangelogSourceNow(t.db, maintainer.userId, 'make', source.id);
      expect(outcome.status, at).toBe(status);
      if (at === '/make/loop.xml') expect(server.on(at).length - before).toBe(6);
      await call(removeSourceRoute, `/api/tools/make/changelog-sources/${source.id}`, {
        method: 'DELETE',
        session: maintainer,
        params: { toolId: 'make', sourceId: source.id },
      });
    }
    expect(await updatesOf('make')).toEqual([]);
  });

  it('retries a failing source through its job, pauses it after 5 failures in a row, emails its maintainer once, and fetches it again when resumed', async () => {
    let broken = true;
    server.answer('/zapier/releases.atom', (): ReceiverAnswer =>
      broken ? { status: 503, body: 'down' } : { status: 200, headers: { 'content-type': ATOM }, body: fixture('github-releases.atom') },
    );
    const source = await addSource(maintainer, 'zapier', server.url('/zapier/releases.atom'));
    const mailer = testMailer();
    const mailed = () => mailer.sent.filter((m) => m.to === maintainer.email && /paused/.test(m.subject));
    const listedSource = async () =>
      (await call(listSourcesRoute, '/api/tools/zapier/changelog-sources', { session: maintainer, params: { toolId: 'zapier' } })).body.items[0];
    // The scan enqueues its job; the job fails and pg-boss retries it: 5 attempts of one job.
    await enqueueDueFetches(t.db);
    const failures: number[] = [];
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const before = Date.now();
      await runFetchJobs();
      await deliverQueuedEmails(t.db);
      failures.push((await sourceRow(source.id)).consecutive_failures);
      expect(mailed(), `attempt ${attempt}`).toHaveLength(attempt === 5 ? 1 : 0);
      const jobs = await fetchJobsOf(source.id);
      expect(jobs).toHaveLength(1);
      if (attempt < 5) {
        expect(jobs[0]).toMatchObject({ state: 'retry', retryCount: attempt - 1 });
        waits.push(jobs[0]!.startAfter.getTime() - before);
        // Its maintainers see when it is tried again; the scan adds no second job meanwhile (its
        // next fetch is 15 minutes after a failure: looked at half an hour on, it is due).
        expect(await listedSource()).toMatchObject({ consecutiveFailures: attempt, nextFetchAt: jobs[0]!.startAfter.toISOString() });
        await enqueueDueFetches(t.db, later(0.5));
        expect(await fetchJobsOf(source.id)).toHaveLength(1);
        await sql`update pgboss.job set start_after = now() where name = ${FEED_FETCH_JOB} and singleton_key = ${source.id} and state = 'retry'`.execute(t.db);
      } else {
        // Paused instead of retried.
        expect(jobs[0]).toMatchObject({ state: 'completed', retryCount: 4 });
      }
    }
    expect(failures).toEqual([1, 2, 3, 4, 5]);
    // The n-th retry after 15 min × 2^(n-1) to 15 min × 2^n (pg-boss's backoff; it was 15, 30, 60, 120 min).
    waits.forEach((wait, i) => {
      expect(wait, `retry ${i + 1}`).toBeGreaterThanOrEqual(15 * 60_000 * 2 ** i - 1000);
      expect(wait, `retry ${i + 1}`).toBeLessThanOrEqual(15 * 60_000 * 2 ** (i + 1) + 10_000);
    });
    const paused = await sourceRow(source.id);
    expect(paused.paused_at).not.toBeNull();
    expect(paused.last_status).toBe('Last fetch failed: the server answered HTTP 503');
    expect(mailed()[0]!.subject).toBe('A changelog feed of Zapier is paused');
    expect(mailed()[0]!.text).toContain(server.url('/zapier/releases.atom'));
    // And in the app, once: a tool notice in the maintainer's notifications, to the tool's sources.
    const inApp = (await getFeed(t.db, maintainer.userId)).items.filter((i) => i.kind === 'tool_notice');
    expect(inApp).toEqual([
      expect.objectContaining({
        toolId: 'zapier',
        toolEvent: 'source_paused',
        isRead: false,
        note: `${server.url('/zapier/releases.atom')}: Last fetch failed: the server answered HTTP 503`,
        href: '/ai-tools/manage/zapier#changelog-sources',
      }),
    ]);
    // Paused: no scan enqueues it, however late.
    const before = server.on('/zapier/releases.atom').length;
    await fetchDue(later(48));
    expect(server.on('/zapier/releases.atom').length).toBe(before);
    expect(await fetchJobsOf(source.id)).toHaveLength(1);
    const listed = await listedSource();
    expect(listed).toMatchObject({ id: source.id, consecutiveFailures: 5, nextFetchAt: null });
    expect(listed.pausedAt).not.toBeNull();

    broken = false;
    const resumed = await call(resumeRoute, `/api/tools/zapier/changelog-sources/${source.id}/resume`, {
      method: 'POST',
      session: maintainer,
      params: { toolId: 'zapier', sourceId: source.id },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ pausedAt: null, consecutiveFailures: 0 });
    await fetchDue(later(0.01));
    expect(await updatesOf('zapier')).toHaveLength(3);
    expect(await sourceRow(source.id)).toMatchObject({ paused_at: null, consecutive_failures: 0, last_status: 'Fetched: 3 new updates' });
    expect(mailed()).toHaveLength(1);
  });
});

describe('managing sources', () => {
  it('lets only the maintainer or an administrator list, add, fetch, resume, remove and re-type', async () => {
    const source = await addSource(maintainer, 'n8n', server.url('/n8n/other.atom'));
    const [update] = await updatesOf('n8n');
    const sourcePath = `/api/tools/n8n/changelog-sources/${source.id}`;
    const sourceParams = { toolId: 'n8n', sourceId: source.id };
    const attempts = [
      () => call(listSourcesRoute, '/api/tools/n8n/changelog-sources', { session: other, params: { toolId: 'n8n' } }),
      () =>
        call(addSourceRoute, '/api/tools/n8n/changelog-sources', {
          method: 'POST',
          session: other,
          params: { toolId: 'n8n' },
          json: { url: server.url('/x') },
        }),
      () => call(fetchNowRoute, `${sourcePath}/fetch`, { method: 'POST', session: other, params: sourceParams }),
      () => call(resumeRoute, `${sourcePath}/resume`, { method: 'POST', session: other, params: sourceParams }),
      () => call(removeSourceRoute, sourcePath, { method: 'DELETE', session: other, params: sourceParams }),
      () =>
        call(retypeRoute, `/api/tools/n8n/updates/${update!.id}`, {
          method: 'PATCH',
          session: other,
          params: { toolId: 'n8n', updateId: update!.id },
          json: { updateType: 'other' },
        }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('NOT_TOOL_MAINTAINER_OF_SOURCES');
    }
    const visitor = await call(listSourcesRoute, '/api/tools/n8n/changelog-sources', { params: { toolId: 'n8n' } });
    expect(visitor.status).toBe(401);
    const unknown = await call(listSourcesRoute, '/api/tools/no-such-tool/changelog-sources', { session: maintainer, params: { toolId: 'no-such-tool' } });
    expect(unknown.status).toBe(404);
    // Another tool's source through this tool's path is not found.
    const wrongTool = await call(resumeRoute, `/api/tools/cursor/changelog-sources/${source.id}/resume`, {
      method: 'POST',
      session: maintainer,
      params: { toolId: 'cursor', sourceId: source.id },
    });
    expect(wrongTool.status).toBe(404);
    expect((await sourceRow(source.id)).removed_at).toBeNull();
    expect(await updatesOf('n8n')).toHaveLength(3);

    // An administrator may, on a tool nobody maintains.
    expect((await addSource(admin, 'claude', server.url('/claude/releases.atom'))).toolId).toBe('claude');
    expect((await call(listSourcesRoute, '/api/tools/claude/changelog-sources', { session: maintainer, params: { toolId: 'claude' } })).status).toBe(403);

    // The maintainer re-types an update: the badge changes, and becoming a security update reaches buyers.
    const feature = (await updatesOf('n8n')).find((u) => u.update_type === 'feature')!;
    const retyped = await call(retypeRoute, `/api/tools/n8n/updates/${feature.id}`, {
      method: 'PATCH',
      session: maintainer,
      params: { toolId: 'n8n', updateId: feature.id },
      json: { updateType: 'security' },
    });
    expect(retyped.status).toBe(200);
    expect(retyped.body).toMatchObject({ id: feature.id, updateType: 'security', toolId: 'n8n' });
    await fanOut();
    expect((await noticesOf(buyer.userId)).filter((n) => n.update_id === feature.id)).toEqual([
      { update_id: feature.id, reason: 'security_impact', tool_id: 'n8n' },
    ]);
    const listed = await call(listUpdatesRoute, '/api/tools/n8n/updates', { params: { toolId: 'n8n' } });
    expect(listed.body.items.find((u: { id: string }) => u.id === feature.id).updateType).toBe('security');
    const badType = await call(retypeRoute, `/api/tools/n8n/updates/${feature.id}`, {
      method: 'PATCH',
      session: maintainer,
      params: { toolId: 'n8n', updateId: feature.id },
      json: { updateType: 'urgent' },
    });
    expect(badType.status).toBe(400);
    const elsewhere = (await updatesOf('cursor'))[0]!;
    const notThisTool = await call(retypeRoute, `/api/tools/n8n/updates/${elsewhere.id}`, {
      method: 'PATCH',
      session: maintainer,
      params: { toolId: 'n8n', updateId: elsewhere.id },
      json: { updateType: 'other' },
    });
    expect(notThisTool.status).toBe(404);
  });

  it('checks every URL (https with a real, public host), refuses duplicates and a sixth source, and lets a removed URL come back', async () => {
    for (const url of [
      'ftp://example.com/feed.xml',
      'not a url',
      'https://127.0.0.1/feed.xml',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/feed',
      'https://localhost/feed',
      'https://no-such-host.invalid/feed.xml',
      'http://example.com/feed.xml',
      '',
    ]) {
      const response = await call(addSourceRoute, '/api/tools/cursor/changelog-sources', {
        method: 'POST',
        session: maintainer,
        params: { toolId: 'cursor' },
        json: { url },
      });
      expect(response.status, url).toBe(400);
      expect(response.body.error.fields.url, url).toBeTruthy();
    }
    const duplicate = await call(addSourceRoute, '/api/tools/cursor/changelog-sources', {
      method: 'POST',
      session: maintainer,
      params: { toolId: 'cursor' },
      json: { url: server.url('/cursor/rss.xml') },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('CHANGELOG_SOURCE_EXISTS');

    const added: ChangelogSourceView[] = [];
    for (let i = 0; i < 4; i++) added.push(await addSource(maintainer, 'cursor', server.url(`/cursor/extra-${i}.xml`)));
    const sixth = await call(addSourceRoute, '/api/tools/cursor/changelog-sources', {
      method: 'POST',
      session: maintainer,
      params: { toolId: 'cursor' },
      json: { url: server.url('/cursor/extra-5.xml') },
    });
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.code).toBe('CHANGELOG_SOURCE_LIMIT_REACHED');

    const removed = added[0]!;
    const gone = await call(removeSourceRoute, `/api/tools/cursor/changelog-sources/${removed.id}`, {
      method: 'DELETE',
      session: maintainer,
      params: { toolId: 'cursor', sourceId: removed.id },
    });
    expect(gone.status).toBe(204);
    const again = await call(removeSourceRoute, `/api/tools/cursor/changelog-sources/${removed.id}`, {
      method: 'DELETE',
      session: maintainer,
      params: { toolId: 'cursor', sourceId: removed.id },
    });
    expect(again.status).toBe(404);
    const list = await call(listSourcesRoute, '/api/tools/cursor/changelog-sources', { session: maintainer, params: { toolId: 'cursor' } });
    expect(list.body.items.map((s: ChangelogSourceView) => s.id)).not.toContain(removed.id);
    expect(list.body.nextCursor).toBeNull();
    const back = await addSource(maintainer, 'cursor', removed.url);
    expect(back.id).toBe(removed.id);
    // A removed source is not fetched.
    for (const s of added.slice(1))
      await call(removeSourceRoute, `/api/tools/cursor/changelog-sources/${s.id}`, {
        method: 'DELETE',
        session: maintainer,
        params: { toolId: 'cursor', sourceId: s.id },
      });
    const before = server.on('/cursor/extra-1.xml').length;
    await fetchDue(later(3));
    expect(server.on('/cursor/extra-1.xml').length).toBe(before);
  });
});

describe('seed sources', () => {
  it("seeds the built-in tools' public feeds once, and a removed one stays removed", async () => {
    expect(CHANGELOG_SEED_SOURCES.every((s) => s.url.startsWith('https://'))).toBe(true);
    // 11 of the 14: Make, Stable Diffusion and Runway publish no feed we could confirm (docs/decisions/043).
    expect(CHANGELOG_SEED_SOURCES.map((s) => s.toolId).sort()).toEqual(
      ['bolt', 'chatgpt', 'claude', 'cursor', 'deepseek', 'gemini', 'github-copilot', 'lovable', 'midjourney', 'n8n', 'zapier'].sort(),
    );
    const present = new Set((await t.db.selectFrom('ai_tools').select('id').execute()).map((r) => r.id));
    const expected = CHANGELOG_SEED_SOURCES.filter((s) => present.has(s.toolId));
    const inserted = await seedChangelogSources(t.db, { force: true });
    expect(inserted).toBe(expected.length);
    expect(await seedChangelogSources(t.db, { force: true })).toBe(0);
    const seeded = await t.db
      .selectFrom('ai_tool_changelog_sources')
      .select(['id', 'tool_id', 'url', 'added_by'])
      .where(
        'url',
        'in',
        expected.map((s) => s.url),
      )
      .execute();
    expect(seeded.map((s) => s.tool_id).sort()).toEqual(expected.map((s) => s.toolId).sort());
    expect(seeded.every((s) => s.added_by === null)).toBe(true);
    const n8n = seeded.find((s) => s.tool_id === 'n8n')!;
    expect(n8n.url).toBe('https://github.com/n8n-io/n8n/releases.atom');
    await t.db.updateTable('ai_tool_changelog_sources').set({ removed_at: new Date() }).where('id', '=', n8n.id).execute();
    expect(await seedChangelogSources(t.db, { force: true })).toBe(0);
    expect((await sourceRow(n8n.id)).removed_at).not.toBeNull();
    // Never fetched here: the seeded rows are put back out of the schedule before any run.
    await t.db
      .updateTable('ai_tool_changelog_sources')
      .set({ removed_at: new Date() })
      .where(
        'id',
        'in',
        seeded.map((s) => s.id),
      )
      .execute();
  });

  it('adopts the sources a submitter gave with a tool once it is approved, once, https only', async () => {
    const requested = ['https://make.example/changelog.xml', 'http://make.example/plain.xml'];
    await t.db.updateTable('ai_tools').set({ requested_sources: requested, status: 'pending' }).where('id', '=', 'make').execute();
    expect(await adoptRequestedSources(t.db)).toBe(0);
    await t.db.updateTable('ai_tools').set({ status: 'approved' }).where('id', '=', 'make').execute();
    expect(await adoptRequestedSources(t.db)).toBe(1);
    expect(await adoptRequestedSources(t.db)).toBe(0);
    const adopted = await t.db.selectFrom('ai_tool_changelog_sources').selectAll().where('url', '=', requested[0]!).executeTakeFirstOrThrow();
    expect(adopted.tool_id).toBe('make');
    // Out of the schedule again: nothing here fetches the internet.
    await t.db.updateTable('ai_tool_changelog_sources').set({ removed_at: new Date() }).where('id', '=', adopted.id).execute();
  });
});
