/**
 * Follows, tool updates and notifications against a real database (PGlite, or PostgreSQL
 * through the Neon driver with DATABASE_URL): posting an update records it with its fan-out job
 * and returns; the job (run here by drainJobs, by the worker under npm start) writes exactly
 * one notice per follower plus the security notices; only maintainers and admins
 * post; nobody reads or marks another user's notifications; follows are idempotent and the
 * counts stay exact under 100 concurrent toggles.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { followPerson, followTool, unfollowPerson, unfollowTool } from '@/functions/follows/follows.service';
import { postToolUpdate } from '@/functions/tool-updates/tool-updates.service';
import { drainJobs, listJobs } from '@/functions/jobs';
import { buildAtomFeed } from '@/functions/tool-updates/feed';
import { GET as getToolFollows } from '@/src/pages/api/follows/tools/index';
import { DELETE as unfollowToolRoute, PUT as followToolRoute } from '@/src/pages/api/follows/tools/[toolId]';
import { DELETE as unfollowUserRoute, PUT as followUserRoute } from '@/src/pages/api/follows/users/[userId]';
import { GET as listUpdatesRoute, POST as postUpdateRoute } from '@/src/pages/api/tools/[toolId]/updates';
import { GET as feedRoute } from '@/src/pages/api/notifications/index';
import { GET as unreadRoute } from '@/src/pages/api/notifications/unread-count';
import { POST as readOneRoute } from '@/src/pages/api/notifications/[id]/read';
import { POST as readAllRoute } from '@/src/pages/api/notifications/read-all';
import { GET as toolFeedXml } from '@/src/pages/tools/[toolId]/feed.xml';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';
import type { APIContext } from 'astro';

let t: TestDb;
let admin: TestSession;
let maintainer: TestSession;
let stranger: TestSession;

const TOOL = 'n8n';
const OTHER_TOOL = 'zapier';
const update = {
  title: 'Queue mode for self-hosted instances',
  content: 'Workers now pick up executions from a Redis queue, so long workflows no longer block the editor.',
  updateType: 'feature' as const,
  version: '1.80',
};

const notificationsOf = (updateId: string) =>
  t.db.selectFrom('user_notifications').select(['user_id', 'reason', 'is_read']).where('update_id', '=', updateId).execute();

async function follow(userId: string, toolId = TOOL) {
  await t.db.insertInto('ai_tool_follows').values({ user_id: userId, tool_id: toolId }).execute();
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  for (const [id, name] of [
    [TOOL, 'n8n'],
    [OTHER_TOOL, 'Zapier'],
    ['claude', 'Claude'],
    ['chatgpt', 'ChatGPT'],
  ] as const) {
    await t.db.insertInto('ai_tools').values({ id, name }).execute();
  }
  admin = await signUp('community', 'Team Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  maintainer = await signUp('creator', 'Zapier Maintainer');
  await t.db.updateTable('ai_tools').set({ claimed_by: maintainer.userId, maintainer_name: 'Zapier Team' }).where('id', '=', OTHER_TOOL).execute();
  stranger = await signUp('buyer', 'Just Browsing');
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('posting a tool update', () => {
  it('creates the update and exactly one notification per follower', async () => {
    const followers = await Promise.all(Array.from({ length: 7 }, (_, i) => createUser(t.db, { fullName: `Follower ${i}`, userType: 'buyer' })));
    for (const f of followers) await follow(f.id);
    const unrelated = await createUser(t.db, { userType: 'buyer' });
    await follow(unrelated.id, OTHER_TOOL);

    const res = await call(postUpdateRoute, `/api/tools/${TOOL}/updates`, { method: 'POST', session: admin, params: { toolId: TOOL }, json: update });
    expect(res.status).toBe(201);
    expect(res.body.update).toMatchObject({
      toolId: TOOL,
      toolName: 'n8n',
      title: update.title,
      updateType: 'feature',
      version: '1.80',
      authorName: 'Team Admin',
    });
    // The request only recorded the update and its job: the notices come from the job.
    expect(res.body.notifying.jobId).toEqual(expect.any(String));
    expect(await notificationsOf(res.body.update.id)).toEqual([]);
    await drainJobs(t.db);

    const rows = await notificationsOf(res.body.update.id);
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set(followers.map((f) => f.id)));
    expect(rows.every((r) => r.reason === 'follow' && r.is_read === false)).toBe(true);
  });

  it("links each update to its tool's page: the detail page, or the landing page of a tool without one", async () => {
    await t.db.insertInto('ai_tools').values({ id: 'landing-only', name: 'Landing Only', detail_page: false }).execute();
    const reader = await signUp('buyer', 'Link Reader');
    await follow(reader.userId, 'landing-only');
    await follow(reader.userId, TOOL);
    for (const toolId of ['landing-only', TOOL]) {
      const res = await call(postUpdateRoute, `/api/tools/${toolId}/updates`, { method: 'POST', session: admin, params: { toolId }, json: update });
      expect(res.status).toBe(201);
      expect(res.body.update.toolHref).toBe(toolId === TOOL ? `/tools/${TOOL}` : '/tools/landing-only/landing');
    }
    await drainJobs(t.db);
    const feed = await call(feedRoute, '/api/notifications', { session: reader });
    const hrefs = (feed.body.items as { kind: string; toolId?: string; toolHref?: string }[])
      .filter((i) => i.kind === 'tool_update')
      .map((i) => [i.toolId, i.toolHref]);
    expect(hrefs).toEqual(
      expect.arrayContaining([
        ['landing-only', '/tools/landing-only/landing'],
        [TOOL, `/tools/${TOOL}`],
      ]),
    );
  });

  it('a security update also reaches buyers of products built on the tool who do not follow it', async () => {
    const seller = await createUser(t.db, { userType: 'creator' });
    const builtOnTool = await createProduct(t.db, seller.id, { ai_tool_type: TOOL, title: 'n8n lead router' });
    const archived = await createProduct(t.db, seller.id, { ai_tool_type: TOOL, title: 'Old n8n flow', status: 'archived' });
    const otherTool = await createProduct(t.db, seller.id, { ai_tool_type: 'claude', title: 'Claude prompts' });
    const buyerSession = await signUp('buyer', 'Impacted Buyer');
    const buyer = { id: buyerSession.userId };
    const archivedBuyer = await createUser(t.db, { userType: 'buyer' });
    const followingBuyer = await createUser(t.db, { userType: 'buyer' });
    const otherBuyer = await createUser(t.db, { userType: 'buyer' });
    await follow(followingBuyer.id);
    for (const [userId, productId] of [
      [buyer.id, builtOnTool.id],
      [buyer.id, builtOnTool.id],
      [archivedBuyer.id, archived.id],
      [followingBuyer.id, builtOnTool.id],
      [otherBuyer.id, otherTool.id],
    ] as const) {
      await t.db.insertInto('downloads').values({ user_id: userId, product_id: productId, download_type: 'free' }).execute();
    }
    const followerCount = Number(
      (
        await t.db
          .selectFrom('ai_tool_follows')
          .select(sql<string>`count(*)`.as('n'))
          .where('tool_id', '=', TOOL)
          .executeTakeFirstOrThrow()
      ).n,
    );

    const res = await call(postUpdateRoute, `/api/tools/${TOOL}/updates`, {
      method: 'POST',
      session: admin,
      params: { toolId: TOOL },
      json: {
        title: 'Patch for credential leak in logs',
        content: 'Credentials could appear in execution logs of failed HTTP nodes. Update and rotate the affected keys.',
        updateType: 'security',
        version: '1.80.2',
      },
    });
    expect(res.status).toBe(201);
    await drainJobs(t.db);
    const rows = await notificationsOf(res.body.update.id);
    // Every follower once, plus the two buyers who do not follow; the Claude buyer not at all.
    expect(rows).toHaveLength(followerCount + 2);
    expect(rows.filter((r) => r.reason === 'security_impact')).toHaveLength(3);
    const reasons = Object.fromEntries(rows.map((r) => [r.user_id, r.reason]));
    expect(reasons[buyer.id]).toBe('security_impact');
    expect(reasons[archivedBuyer.id]).toBe('security_impact');
    expect(reasons[followingBuyer.id]).toBe('security_impact');
    expect(reasons[otherBuyer.id]).toBeUndefined();

    // The buyer sees it on /tool-updates with the product that makes it matter to them.
    const feed = await call(feedRoute, '/api/notifications', { session: buyerSession });
    expect(feed.status).toBe(200);
    expect(feed.body.items[0]).toMatchObject({
      id: res.body.update.id,
      reason: 'security_impact',
      isRead: false,
      impactedProduct: { id: builtOnTool.id, title: 'n8n lead router' },
    });
  });

  it('keeps the update when a notice fails to write: the job is retried, then writes every notice once', async () => {
    const victim = await createUser(t.db, { userType: 'buyer' });
    await follow(victim.id);
    await sql
      .raw(
        `
      create function refuse_one_notice() returns trigger language plpgsql as $$
      begin
        if new.user_id = '${victim.id}' then raise exception 'simulated failure'; end if;
        return new;
      end $$`,
      )
      .execute(t.db);
    await sql`create trigger refuse_one_notice before insert on user_notifications for each row execute function refuse_one_notice()`.execute(t.db);
    let posted;
    try {
      posted = await postToolUpdate(t.db, admin.userId, TOOL, { ...update, title: 'This update survives a failing notice' });
      const run = await drainJobs(t.db);
      expect(run.failed).toBe(1);
    } finally {
      await sql`drop trigger refuse_one_notice on user_notifications`.execute(t.db);
      await sql`drop function refuse_one_notice()`.execute(t.db);
    }
    // The update is there; the job waits for its retry with the error it failed with.
    expect(await t.db.selectFrom('ai_tool_updates').select('id').where('id', '=', posted.update.id).execute()).toHaveLength(1);
    const [job] = await listJobs(t.db, { name: 'notify.tool-update', state: 'retry' });
    expect(job?.data).toEqual({ updateId: posted.update.id });
    expect(job?.output).toMatchObject({ message: expect.stringContaining('simulated failure') });
    expect(job!.startAfter.getTime()).toBeGreaterThan(Date.now());
    expect(await notificationsOf(posted.update.id)).toEqual([]);
    // Its retry falls due (moved to now here, rather than waiting out the backoff) and writes every notice once.
    await sql`update pgboss.job set start_after = now() where id = ${job!.id}::uuid`.execute(t.db);
    await drainJobs(t.db);
    const rows = await notificationsOf(posted.update.id);
    const followers = await t.db.selectFrom('ai_tool_follows').select('user_id').where('tool_id', '=', TOOL).execute();
    expect(rows).toHaveLength(followers.length);
    expect(rows.map((r) => r.user_id)).toContain(victim.id);
  });

  it('is refused to anyone but the tool maintainer or an admin, and to visitors', async () => {
    const count = async () =>
      (
        await t.db
          .selectFrom('ai_tool_updates')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const asStranger = await call(postUpdateRoute, `/api/tools/${TOOL}/updates`, { method: 'POST', session: stranger, params: { toolId: TOOL }, json: update });
    expect(asStranger.status).toBe(403);
    expect(asStranger.body.error.code).toBe('NOT_TOOL_MAINTAINER');
    // The Zapier maintainer maintains Zapier only.
    const wrongTool = await call(postUpdateRoute, `/api/tools/${TOOL}/updates`, {
      method: 'POST',
      session: maintainer,
      params: { toolId: TOOL },
      json: update,
    });
    expect(wrongTool.status).toBe(403);
    const visitor = await call(postUpdateRoute, `/api/tools/${TOOL}/updates`, { method: 'POST', session: null, params: { toolId: TOOL }, json: update });
    expect(visitor.status).toBe(401);
    const unknown = await call(postUpdateRoute, '/api/tools/photoshop/updates', {
      method: 'POST',
      session: admin,
      params: { toolId: 'photoshop' },
      json: update,
    });
    expect(unknown.status).toBe(404);
    expect(await count()).toBe(before);

    const own = await call(postUpdateRoute, `/api/tools/${OTHER_TOOL}/updates`, {
      method: 'POST',
      session: maintainer,
      params: { toolId: OTHER_TOOL },
      json: { ...update, version: '' },
    });
    expect(own.status).toBe(201);
    expect(own.body.update.version).toBeNull();

    const forMaintainer = await call(listUpdatesRoute, `/api/tools/${OTHER_TOOL}/updates`, { session: maintainer, params: { toolId: OTHER_TOOL } });
    expect(forMaintainer.body.canPost).toBe(true);
    const forStranger = await call(listUpdatesRoute, `/api/tools/${OTHER_TOOL}/updates`, { session: stranger, params: { toolId: OTHER_TOOL } });
    expect(forStranger.body.canPost).toBe(false);
    expect(forStranger.body.items[0].title).toBe(update.title);
  });

  it('answers field messages for an invalid update', async () => {
    const res = await call(postUpdateRoute, `/api/tools/${TOOL}/updates`, {
      method: 'POST',
      session: admin,
      params: { toolId: TOOL },
      json: { title: 'Hi', content: '', updateType: 'rumour' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        title: 'Title must be at least 5 characters',
        content: 'Content is required',
        updateType: 'Choose feature, announcement, bug fix, security or other',
      },
    });
  });

  it('requests a content rebuild, since prebuilt tool pages show the latest update date', async () => {
    await t.db.deleteFrom('rebuild_requests').execute();
    await postToolUpdate(t.db, admin.userId, 'n8n', {
      title: 'Queue mode gets autoscaling',
      content: 'Workers now scale with the queue length.',
      updateType: 'feature',
    });
    const requests = await t.db.selectFrom('rebuild_requests').select('reason').execute();
    expect(requests.map((r) => r.reason)).toEqual(['tool_update']);
  });

  it('is in the tool feed as Atom, escaped', async () => {
    await postToolUpdate(t.db, admin.userId, 'claude', {
      title: 'Tools & <agents> "beta"',
      content: 'Use <tool_use> blocks & more.',
      updateType: 'announcement',
    });
    const feedOf = (toolId: string, headers: Record<string, string> = {}) =>
      toolFeedXml({ params: { toolId }, request: new Request(`http://localhost/tools/${toolId}/feed.xml`, { headers }) } as unknown as APIContext);
    const response = await feedOf('claude');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/atom+xml');
    const etag = response.headers.get('etag')!;
    const lastModified = response.headers.get('last-modified')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(lastModified).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // A reader holding this feed gets 304 and no body, by its ETag or its date; a changed ETag gets the feed.
    for (const held of [{ 'if-none-match': etag }, { 'if-modified-since': lastModified }] as Record<string, string>[]) {
      const again = await feedOf('claude', held);
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.text()).toBe('');
    }
    expect((await feedOf('claude', { 'if-none-match': '"older"', 'if-modified-since': lastModified })).status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain('<title>Claude: Tools &amp; &lt;agents&gt; &quot;beta&quot;</title>');
    expect(xml).toContain('<content type="text">Use &lt;tool_use&gt; blocks &amp; more.</content>');
    expect(xml).toContain('<category term="announcement" label="Announcement"/>');
    const missing = await feedOf('photoshop');
    expect(missing.status).toBe(404);
    expect(
      buildAtomFeed({
        selfUrl: 'http://x.test/f',
        pageUrl: 'http://x.test/',
        title: 't',
        subtitle: 's',
        updates: [],
        fallbackUpdated: new Date('2026-01-01T00:00:00Z'),
        siteUrl: 'http://x.test',
      }),
    ).toContain('<updated>2026-01-01T00:00:00.000Z</updated>');
  });
});

describe('notifications belong to their user', () => {
  let alice: TestSession;
  let bob: TestSession;
  let aliceNotice: string;

  beforeAll(async () => {
    alice = await signUp('buyer', 'Alice Reader');
    bob = await signUp('buyer', 'Bob Reader');
    await follow(alice.userId, 'chatgpt');
    await postToolUpdate(t.db, admin.userId, 'chatgpt', {
      title: 'Projects get shared memory',
      content: 'Chats inside a project can now reference each other when memory is on.',
      updateType: 'feature',
    });
    await postToolUpdate(t.db, admin.userId, 'chatgpt', {
      title: 'Fixed file uploads in voice mode',
      content: 'Files attached during a voice conversation are now kept in the chat history.',
      updateType: 'bug_fix',
    });
    await drainJobs(t.db);
    const row = await t.db
      .selectFrom('user_notifications')
      .select('id')
      .where('user_id', '=', alice.userId)
      .orderBy('created_at', 'asc')
      .executeTakeFirstOrThrow();
    aliceNotice = row.id;
  });

  it('lists only the reader’s own updates, newest first, with the unread count', async () => {
    const mine = await call(feedRoute, '/api/notifications', { session: alice });
    expect(mine.status).toBe(200);
    expect(mine.body.unreadCount).toBe(2);
    expect(mine.body.items.map((i: { title: string }) => i.title)).toEqual(['Fixed file uploads in voice mode', 'Projects get shared memory']);
    const theirs = await call(feedRoute, '/api/notifications', { session: bob });
    expect(theirs.body).toMatchObject({ items: [], unreadCount: 0, nextCursor: null });
    expect((await call(unreadRoute, '/api/notifications/unread-count', { session: bob })).body).toEqual({ count: 0 });
    expect((await call(feedRoute, '/api/notifications', { session: null })).status).toBe(401);
  });

  it('refuses to mark another user’s notification, and changes nothing', async () => {
    const res = await call(readOneRoute, `/api/notifications/${aliceNotice}/read`, { method: 'POST', session: bob, params: { id: aliceNotice } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOTIFICATION_NOT_FOUND');
    const all = await call(readAllRoute, '/api/notifications/read-all', { method: 'POST', session: bob });
    expect(all.body).toEqual({ marked: 0, unreadCount: 0 });
    expect((await call(unreadRoute, '/api/notifications/unread-count', { session: alice })).body).toEqual({ count: 2 });
    expect((await call(readOneRoute, '/api/notifications/x/read', { method: 'POST', session: bob, params: { id: 'not-a-uuid' } })).status).toBe(400); // a malformed id is refused before any query
    expect((await call(readOneRoute, `/api/notifications/${aliceNotice}/read`, { method: 'POST', session: null, params: { id: aliceNotice } })).status).toBe(
      401,
    );
  });

  it('marks one read, then all read', async () => {
    const one = await call(readOneRoute, `/api/notifications/${aliceNotice}/read`, { method: 'POST', session: alice, params: { id: aliceNotice } });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ unreadCount: 1 });
    const row = await t.db.selectFrom('user_notifications').select(['is_read', 'read_at']).where('id', '=', aliceNotice).executeTakeFirstOrThrow();
    expect(row.is_read).toBe(true);
    expect(row.read_at).toBeInstanceOf(Date);
    const again = await call(readOneRoute, `/api/notifications/${aliceNotice}/read`, { method: 'POST', session: alice, params: { id: aliceNotice } });
    expect(again.body).toEqual({ unreadCount: 1 });
    const all = await call(readAllRoute, '/api/notifications/read-all', { method: 'POST', session: alice });
    expect(all.body).toEqual({ marked: 1, unreadCount: 0 });
  });

  it('pages through the feed with a cursor', async () => {
    for (let i = 0; i < 23; i++) {
      await postToolUpdate(t.db, admin.userId, 'chatgpt', {
        title: `Weekly model note ${i}`,
        content: 'A routine note about model behaviour this week.',
        updateType: 'other',
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await call(feedRoute, path, { session: alice });
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((i: { id: string }) => i.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });
});

describe('following tools', () => {
  it('needs a user, and is idempotent both ways', async () => {
    const user = await signUp('buyer', 'Tool Fan');
    expect((await call(followToolRoute, `/api/follows/tools/${TOOL}`, { method: 'PUT', session: null, params: { toolId: TOOL } })).status).toBe(401);
    const base = (await call(getToolFollows, '/api/follows/tools', { session: user })).body.counts[TOOL];
    const first = await call(followToolRoute, `/api/follows/tools/${TOOL}`, { method: 'PUT', session: user, params: { toolId: TOOL } });
    const second = await call(followToolRoute, `/api/follows/tools/${TOOL}`, { method: 'PUT', session: user, params: { toolId: TOOL } });
    expect(first.body).toEqual({ toolId: TOOL, following: true, followerCount: base + 1 });
    expect(second.body).toEqual(first.body);
    const state = await call(getToolFollows, '/api/follows/tools', { session: user });
    expect(state.body.following).toEqual([TOOL]);
    const off = await call(unfollowToolRoute, `/api/follows/tools/${TOOL}`, { method: 'DELETE', session: user, params: { toolId: TOOL } });
    const offAgain = await call(unfollowToolRoute, `/api/follows/tools/${TOOL}`, { method: 'DELETE', session: user, params: { toolId: TOOL } });
    expect(off.body).toEqual({ toolId: TOOL, following: false, followerCount: base });
    expect(offAgain.body).toEqual(off.body);
    expect((await call(followToolRoute, '/api/follows/tools/photoshop', { method: 'PUT', session: user, params: { toolId: 'photoshop' } })).status).toBe(404);
    const visitor = await call(getToolFollows, '/api/follows/tools', { session: null });
    expect(visitor.body.following).toEqual([]);
    expect(visitor.body.counts[TOOL]).toBe(base);
  });

  it('keeps the count exact under 100 concurrent toggles', async () => {
    const users = await Promise.all(Array.from({ length: 25 }, () => createUser(t.db, { userType: 'buyer' })));
    const ops = Array.from({ length: 100 }, (_, i) => {
      const user = users[i % users.length]!;
      return i % 3 === 1 ? () => unfollowTool(t.db, user.id, 'chatgpt') : () => followTool(t.db, user.id, 'chatgpt');
    });
    await Promise.all(ops.map((op) => op()));
    const rows = await t.db.selectFrom('ai_tool_follows').select('user_id').where('tool_id', '=', 'chatgpt').execute();
    const state = await followTool(t.db, users[0]!.id, 'chatgpt');
    expect(state.followerCount).toBe(rows.length + (rows.some((r) => r.user_id === users[0]!.id) ? 0 : 1));
  });
});

describe('following people', () => {
  it('needs a user, refuses oneself, and is idempotent both ways', async () => {
    const fan = await signUp('buyer', 'Creator Fan');
    const creator = await signUp('creator', 'Famous Creator');
    expect((await call(followUserRoute, '/api/follows/users/x', { method: 'PUT', session: null, params: { userId: creator.userId } })).status).toBe(401);
    const self = await call(followUserRoute, '/api/follows/users/x', { method: 'PUT', session: creator, params: { userId: creator.userId } });
    expect(self.status).toBe(400);
    expect(self.body.error.code).toBe('CANNOT_FOLLOW_SELF');
    const missing = await call(followUserRoute, '/api/follows/users/x', { method: 'PUT', session: fan, params: { userId: 'nobody-here' } });
    expect(missing.status).toBe(404);

    const once = await call(followUserRoute, '/api/follows/users/x', { method: 'PUT', session: fan, params: { userId: creator.userId } });
    const twice = await call(followUserRoute, '/api/follows/users/x', { method: 'PUT', session: fan, params: { userId: creator.userId } });
    expect(once.body).toEqual({ userId: creator.userId, following: true, followerCount: 1, followingCount: 0 });
    expect(twice.body).toEqual(once.body);
    const fanRow = await t.db.selectFrom('profiles').select('following_count').where('id', '=', fan.userId).executeTakeFirstOrThrow();
    expect(fanRow.following_count).toBe(1);
    const off = await call(unfollowUserRoute, '/api/follows/users/x', { method: 'DELETE', session: fan, params: { userId: creator.userId } });
    const offAgain = await call(unfollowUserRoute, '/api/follows/users/x', { method: 'DELETE', session: fan, params: { userId: creator.userId } });
    expect(off.body).toMatchObject({ following: false, followerCount: 0 });
    expect(offAgain.body).toEqual(off.body);
  });

  it('keeps follower and following counts exact under 100 concurrent toggles, both directions', async () => {
    const star = await createUser(t.db, { fullName: 'Star Creator' });
    const fans = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db, { userType: 'buyer' })));
    const ops: (() => Promise<unknown>)[] = [];
    for (let i = 0; i < 100; i++) {
      const fan = fans[i % fans.length]!;
      // Fans follow and unfollow the star while the star follows some of them back: the
      // same pairs of profile rows are locked from both sides at once.
      if (i % 10 === 9) ops.push(() => followPerson(t.db, star.id, fans[Math.floor(i / 10)]!.id));
      else if (i % 4 === 3) ops.push(() => unfollowPerson(t.db, fan.id, star.id));
      else ops.push(() => followPerson(t.db, fan.id, star.id));
    }
    await Promise.all(ops.map((op) => op()));
    const mismatches = await sql<{ id: string }>`
      select p.id from profiles p
      where p.follower_count <> (select count(*) from follows f where f.following_id = p.id)
         or p.following_count <> (select count(*) from follows f where f.follower_id = p.id)
    `.execute(t.db);
    expect(mismatches.rows).toEqual([]);
    const starRow = await t.db.selectFrom('profiles').select(['follower_count', 'following_count']).where('id', '=', star.id).executeTakeFirstOrThrow();
    expect(starRow.follower_count).toBeGreaterThan(0);
    expect(starRow.following_count).toBe(10);
  });
});
