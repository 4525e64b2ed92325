/**
 * Background jobs (docs/decisions/040) against a real database (PGlite, or PostgreSQL through
 * the Neon driver with DATABASE_URL): pg-boss on our handle. A job enqueued in a transaction
 * exists only if it commits; the fan-out of a tool update writes exactly one notice per
 * follower, in batches, whether its job runs once, twice, or in two drains at once; a failing
 * job is retried with backoff and, after its last retry, kept as failed with its error, which
 * administrators read at GET /api/admin/jobs; GET /api/cron/jobs drains only with the secret.
 * Publishing a product notifies its creator's followers the same way ('new_product').
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { defineJob, drainJobs, enqueue, jobsReady, listJobs } from '@/functions/jobs';
import { JOBS_SCHEMA } from '@/functions/jobs/engine';
import { postToolUpdate } from '@/functions/tool-updates/tool-updates.service';
import { TOOL_UPDATE_FAN_OUT } from '@/functions/tool-updates/fan-out.job';
import { NEW_PRODUCT_FAN_OUT } from '@/functions/notifications/new-product.job';
import { GET as adminJobsRoute } from '@/src/pages/api/admin/jobs';
import { GET as cronJobsRoute } from '@/src/pages/api/cron/jobs';
import { addSyntheticFollowers } from '@/scripts/lib/synthetic-followers';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser, ensureCategories, productInput } from '../support/factories';
import { changeProductStatus, createProduct as publishProduct } from '@/functions/products/products.service';
import { GET as feedRoute } from '@/src/pages/api/notifications/index';
import { createTestDb, type TestDb } from '../support/test-db';

const CRON_SECRET = vi.hoisted(() => {
  process.env['CRON_SECRET'] = 'jobs-cron-secret-0123456789';
  return process.env['CRON_SECRET'];
});

let t: TestDb;
let admin: TestSession;
let stranger: TestSession;

const TOOL = 'n8n';
const FOLLOWERS = 2345; // three batches of 1,000

const echoed: string[] = [];
defineJob<{ word: string }>('test.echo', async (data) => {
  echoed.push(data.word);
});
let attempts = 0;
defineJob<{ n: number }>(
  'test.always-fails',
  async () => {
    attempts++;
    throw new Error(`the provider is down (attempt ${attempts})`);
  },
  { retryLimit: 2, retryDelay: 30, backoff: true },
);

/** Notices of an update: [user id, count] for any user with more than one, and the total. */
async function noticesOf(updateId: string) {
  const rows = await sql<{ user_id: string; n: number }>`
    select user_id, count(*)::int as n from user_notifications where update_id = ${updateId}::uuid group by user_id
  `.execute(t.db);
  return { total: rows.rows.length, duplicates: rows.rows.filter((r) => r.n > 1) };
}

async function post(title: string, updateType: 'feature' | 'security' = 'feature') {
  return postToolUpdate(t.db, admin.userId, TOOL, { title, content: 'What changed, and what to do about it.', updateType });
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await t.db.insertInto('ai_tools').values({ id: TOOL, name: 'n8n' }).execute();
  admin = await signUp('community', 'Jobs Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  stranger = await signUp('buyer', 'Not An Admin');
  await addSyntheticFollowers(t.db, { count: FOLLOWERS, prefix: 'fan-', toolId: TOOL });
  await jobsReady(t.db);
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('the engine', () => {
  it('records a job enqueued in a transaction only if the transaction commits', async () => {
    await t.db.transaction().execute(async (trx) => {
      await enqueue(trx, 'test.echo', { word: 'committed' });
    });
    await t.db
      .transaction()
      .execute(async (trx) => {
        await enqueue(trx, 'test.echo', { word: 'rolled back' });
        throw new Error('roll back');
      })
      .catch(() => {});
    await drainJobs(t.db, { names: ['test.echo'] });
    expect(echoed).toEqual(['committed']);
    expect((await listJobs(t.db, { name: 'test.echo' })).map((j) => j.state)).toEqual(['completed']);
  });

  it('refuses a job nobody defined, before it reaches the database', async () => {
    await expect(enqueue(t.db, 'test.nobody', {})).rejects.toThrow(/No job named test\.nobody/);
  });
});

// The fan-out jobs only: a finished fan-out enqueues the email jobs of decision 041, whose
// runs (tests/integration/email-notifications.test.ts) would otherwise be counted here.
const drainFanOut = () => drainJobs(t.db, { names: [TOOL_UPDATE_FAN_OUT] });
const drainNewProducts = () => drainJobs(t.db, { names: [NEW_PRODUCT_FAN_OUT] });

describe('the fan-out of a tool update', () => {
  it('writes exactly one notice per follower, in batches, after the request has answered', async () => {
    const posted = await post('Queue mode for workers');
    expect(posted.notifying.jobId).toEqual(expect.any(String));
    expect((await noticesOf(posted.update.id)).total).toBe(0);
    const run = await drainFanOut();
    expect(run).toMatchObject({ completed: 1, failed: 0 });
    expect(await noticesOf(posted.update.id)).toEqual({ total: FOLLOWERS, duplicates: [] });
  });

  it('a security update reaches the buyers of products built on the tool first, then every follower once', async () => {
    const seller = await createUser(t.db, { userType: 'creator' });
    const product = await createProduct(t.db, seller.id, { ai_tool_type: TOOL, title: 'n8n lead router' });
    const buyer = await createUser(t.db, { userType: 'buyer' });
    await t.db.insertInto('downloads').values({ user_id: buyer.id, product_id: product.id, download_type: 'free' }).execute();
    // A follower who also downloaded it: the more specific reason.
    await t.db.insertInto('downloads').values({ user_id: 'fan-0000007', product_id: product.id, download_type: 'free' }).execute();
    const posted = await post('Patch for a credential leak', 'security');
    await drainFanOut();
    expect(await noticesOf(posted.update.id)).toEqual({ total: FOLLOWERS + 1, duplicates: [] });
    const reasons = await t.db
      .selectFrom('user_notifications')
      .select(['user_id', 'reason'])
      .where('update_id', '=', posted.update.id)
      .where('reason', '=', 'security_impact')
      .orderBy('user_id')
      .execute();
    expect(reasons.map((r) => r.user_id).sort()).toEqual([buyer.id, 'fan-0000007'].sort());
  });

  it('a job run twice, and a continuation overlapping it, write each notice once', async () => {
    const posted = await post('Faster triggers');
    // The same fan-out again, and a continuation from the middle of the followers.
    await enqueue(t.db, TOOL_UPDATE_FAN_OUT, { updateId: posted.update.id });
    await enqueue(t.db, TOOL_UPDATE_FAN_OUT, { updateId: posted.update.id, phase: 'follow', after: 'fan-0001000' });
    const first = await drainFanOut();
    expect(first).toMatchObject({ completed: 3, failed: 0 });
    // And once more after everything was written.
    await enqueue(t.db, TOOL_UPDATE_FAN_OUT, { updateId: posted.update.id });
    await drainFanOut();
    expect(await noticesOf(posted.update.id)).toEqual({ total: FOLLOWERS, duplicates: [] });
  });

  it('two drains at once never run one attempt twice, and write each notice once', async () => {
    const posted = await post('Workflow history');
    for (let i = 0; i < 3; i++) await enqueue(t.db, TOOL_UPDATE_FAN_OUT, { updateId: posted.update.id });
    const [a, b] = await Promise.all([drainFanOut(), drainFanOut()]);
    // Four jobs in all (the post's and three more), each run by exactly one of the drains.
    expect(a.completed + b.completed).toBe(4);
    expect(a.failed + b.failed).toBe(0);
    expect(await noticesOf(posted.update.id)).toEqual({ total: FOLLOWERS, duplicates: [] });
    const jobs = await listJobs(t.db, { name: TOOL_UPDATE_FAN_OUT });
    const mine = jobs.filter((j) => (j.data as { updateId: string }).updateId === posted.update.id);
    expect(mine.map((j) => j.state)).toEqual(['completed', 'completed', 'completed', 'completed']);
  });

  it('an update deleted before its job runs notifies nobody, and the job completes', async () => {
    const posted = await post('Never mind');
    await t.db.deleteFrom('ai_tool_updates').where('id', '=', posted.update.id).execute();
    expect(await drainFanOut()).toMatchObject({ completed: 1, failed: 0 });
    expect((await noticesOf(posted.update.id)).total).toBe(0);
  });
});

describe('the fan-out of a new product', () => {
  it('notifies every follower of its creator once, in their feed, and not again when it is published again', async () => {
    await ensureCategories(t.db);
    const creator = await signUp('creator', 'Ada Creator');
    const reader = await signUp('buyer', 'Follows Ada');
    await t.db.insertInto('follows').values({ follower_id: reader.userId, following_id: creator.userId }).execute();
    await addSyntheticFollowers(t.db, { count: 1500, prefix: 'ada-', creatorId: creator.userId });
    const product = await publishProduct(
      t.db,
      creator.userId,
      productInput({
        title: 'Contract Review Prompt Pack',
        description: 'Twenty prompts that help you review contracts. Spot risky clauses and save hours.',
        content_delivery_type: 'text',
        content_text: 'Prompt one...',
        category_id: 'business',
        status: 'published',
      }),
    );
    expect(product.status).toBe('published');
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from user_notifications where product_id = ${product.id}::uuid`.execute(t.db)).rows[0]!.n);
    expect(await count()).toBe(0);
    expect(await drainNewProducts()).toMatchObject({ completed: 1, failed: 0 });
    expect(await count()).toBe(1501);
    const feed = await call(feedRoute, '/api/notifications', { session: reader });
    expect(feed.status).toBe(200);
    expect(feed.body.items[0]).toMatchObject({
      kind: 'new_product',
      productId: product.id,
      productTitle: 'Contract Review Prompt Pack',
      creatorId: creator.userId,
      creatorName: 'Ada Creator',
      isRead: false,
    });
    // Archived and published again: its job runs again and writes nothing twice.
    await changeProductStatus(t.db, creator.userId, product.id, { status: 'archived' });
    await changeProductStatus(t.db, creator.userId, product.id, { status: 'published' });
    expect(await drainNewProducts()).toMatchObject({ completed: 1, failed: 0 });
    expect(await count()).toBe(1501);
  });

  it('a draft notifies nobody', async () => {
    const creator = await signUp('creator', 'Quiet Creator');
    await addSyntheticFollowers(t.db, { count: 3, prefix: 'quiet-', creatorId: creator.userId });
    await publishProduct(
      t.db,
      creator.userId,
      productInput({
        title: 'Unfinished Sales Playbook',
        description: 'A playbook for outbound sales that is not finished yet, so it stays a draft.',
        content_delivery_type: 'text',
        content_text: 'Step one...',
        category_id: 'business',
        status: 'draft',
      }),
    );
    await drainNewProducts();
    expect(await listJobs(t.db, { name: 'notify.new-product', state: 'created' })).toEqual([]);
    const notices = await sql<{ n: string }>`select count(*) as n from user_notifications where user_id like 'quiet-%'`.execute(t.db);
    expect(Number(notices.rows[0]!.n)).toBe(0);
  });
});

describe('a failing job', () => {
  it('is retried with backoff, then kept as failed with its error, which administrators can read', async () => {
    const id = await enqueue(t.db, 'test.always-fails', { n: 1 });
    const jobOf = async () => (await listJobs(t.db, { name: 'test.always-fails' })).find((j) => j.id === id)!;
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      expect(await drainJobs(t.db, { names: ['test.always-fails'] })).toMatchObject({ completed: 0, failed: 1 });
      const job = await jobOf();
      expect(job.output).toMatchObject({ message: `the provider is down (attempt ${attempt})`, name: 'Error' });
      if (attempt < 3) {
        // Waiting for its retry, not before its delay; nothing runs it early.
        expect(job.state).toBe('retry');
        // Attempts so far before this one: pg-boss counts a retry when it starts.
        expect(job.retryCount).toBe(attempt - 1);
        delays.push(job.startAfter.getTime() - before);
        expect(await drainJobs(t.db, { names: ['test.always-fails'] })).toMatchObject({ completed: 0, failed: 0 });
        // Its time comes (moved to now here rather than waited for).
        await sql`update pgboss.job set start_after = now() where id = ${id}::uuid`.execute(t.db);
      } else {
        expect(job.state).toBe('failed');
        expect(job.retryCount).toBe(2);
      }
    }
    expect(attempts).toBe(3);
    // At least the base delay each time (backoff adds to it, with jitter).
    expect(delays.every((d) => d >= 25_000)).toBe(true);

    const listed = await call(adminJobsRoute, '/api/admin/jobs?state=failed&name=test.always-fails', { session: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toMatchObject({
      id,
      name: 'test.always-fails',
      state: 'failed',
      data: { n: 1 },
      error: { message: 'the provider is down (attempt 3)', name: 'Error' },
      retryCount: 2,
      retryLimit: 2,
    });
    expect(listed.body.nextCursor).toBeNull();
    const refused = await call(adminJobsRoute, '/api/admin/jobs?state=failed', { session: stranger });
    expect(refused.status).toBe(403);
    const visitor = await call(adminJobsRoute, '/api/admin/jobs', { session: null });
    expect(visitor.status).toBe(401);
  });

  it('pages the administrators’ list with a cursor, newest first', async () => {
    for (let i = 0; i < 3; i++) await enqueue(t.db, 'test.echo', { word: `page ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ name: 'test.echo', limit: '2', ...(cursor ? { cursor } : {}) });
      const res = await call(adminJobsRoute, `/api/admin/jobs?${query}`, { session: admin });
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((j: { id: string }) => j.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    const all = await listJobs(t.db, { name: 'test.echo' });
    expect(seen).toEqual(all.map((j) => j.id));
    expect(new Set(seen).size).toBe(4);
  });
});

describe('GET /api/cron/jobs', () => {
  it('runs nothing without the cron secret, and drains the due jobs and the periodic ones with it', async () => {
    // What earlier tests left (the email jobs their fan-outs enqueued, and the thousands of
    // emails those queue for the synthetic followers) is not this test's: it is taken off the
    // queue unsent (sending it took from 3 to 50 s, depending on how much was due), so the
    // route's bounded drain here has only this test's work and the periodic jobs.
    await sql.raw(`delete from ${JOBS_SCHEMA}.job where state in ('created', 'retry')`).execute(t.db);
    await t.db.deleteFrom('email_messages').execute();
    await enqueue(t.db, 'test.echo', { word: 'from cron' });
    const refused = await call(cronJobsRoute, '/api/cron/jobs', { headers: { authorization: 'Bearer not-the-secret' } });
    expect(refused.status).toBe(401);
    expect(echoed).not.toContain('from cron');
    const ran = await call(cronJobsRoute, '/api/cron/jobs', { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(ran.status).toBe(200);
    expect(ran.body.timedOut).toBe(false);
    expect(echoed).toContain('from cron');
    // The periodic jobs were sent once for their period and ran.
    for (const name of ['maintenance.sweep', 'tool-feeds.scan']) {
      expect((await listJobs(t.db, { name })).map((j) => j.state)).toEqual(['completed']);
    }
    // A second call within the period does not send them again.
    await call(cronJobsRoute, '/api/cron/jobs', { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(await listJobs(t.db, { name: 'maintenance.sweep' })).toHaveLength(1);
  });
});
