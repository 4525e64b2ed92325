/**
 * The community (issue 16, docs/decisions/035), through the real routes on a real database
 * (PGlite, or PostgreSQL with DATABASE_URL): spaces kept with the AI tools, who may do what on
 * every route (author, another user, an administrator, a visitor), the 15-minute edit window,
 * soft deletes that keep replies, one level of nesting with quotes, locked threads, votes exact
 * under 100 concurrent toggles, follows, mentions and replies notifying into the feed, the
 * sorts, filters, typo-tolerant search and keyset pages of the list, and the hot score's SQL
 * twin agreeing with the shared function.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { hotScore } from '@/src/shared/community';
import { GET as spacesRoute } from '@/src/pages/api/community/spaces';
import { GET as listRoute, POST as createRoute } from '@/src/pages/api/community/threads/index';
import { DELETE as deleteThreadRoute, GET as threadRoute, PATCH as editThreadRoute } from '@/src/pages/api/community/threads/[threadId]/index';
import { GET as repliesRoute, POST as replyRoute } from '@/src/pages/api/community/threads/[threadId]/replies';
import { GET as viewerRoute } from '@/src/pages/api/community/threads/[threadId]/viewer';
import { DELETE as unvoteThreadRoute, PUT as voteThreadRoute } from '@/src/pages/api/community/threads/[threadId]/vote';
import { DELETE as unfollowRoute, PUT as followRoute } from '@/src/pages/api/community/threads/[threadId]/follow';
import { DELETE as deleteReplyRoute, PATCH as editReplyRoute } from '@/src/pages/api/community/replies/[replyId]/index';
import { DELETE as unvoteReplyRoute, PUT as voteReplyRoute } from '@/src/pages/api/community/replies/[replyId]/vote';
import { POST as previewRoute } from '@/src/pages/api/community/preview';
import { GET as feedRoute } from '@/src/pages/api/notifications/index';
import { call, signUp, type TestSession } from '../support/api';
import { createProduct, ensureCategories } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

vi.hoisted(() => {
  process.env['RATE_LIMIT_SCALE'] = '1000';
});

let t: TestDb;
let ada: TestSession;
let bob: TestSession;
let admin: TestSession;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await ensureCategories(t.db);
  for (const [id, name] of [
    ['claude', 'Claude'],
    ['chatgpt', 'ChatGPT'],
  ] as const)
    await t.db.insertInto('ai_tools').values({ id, name }).execute();
  [ada, bob, admin] = await Promise.all([signUp('community', 'Ada Lovelace'), signUp('community', 'Bob Builder'), signUp('community', 'Ana Admin')]);
  await t.db.updateTable('profiles').set({ handle: 'ada' }).where('id', '=', ada.userId).execute();
  await t.db.updateTable('profiles').set({ handle: 'bob' }).where('id', '=', bob.userId).execute();
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  // Established accounts: a new one's posting limits and link hold (docs/decisions/037) are tests/integration/moderation.test.ts's.
  await t.db
    .updateTable('users')
    .set({ created_at: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) })
    .where('id', 'in', [ada.userId, bob.userId, admin.userId])
    .execute();
});

// Each test starts a new posting day for the shared authors (10 threads a day, docs/decisions/037):
// the threads of earlier tests move 25 hours back, which no test here reads.
beforeEach(async () => {
  await t.db
    .updateTable('community_threads')
    .set({ created_at: sql`created_at - interval '25 hours'` })
    .where('author_id', 'in', [ada.userId, bob.userId, admin.userId])
    .execute();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

const body = (n = 0) => `Some **useful** text number ${n}.`;

const create = (who: TestSession | null, json: unknown) => call(createRoute, '/api/community/threads', { method: 'POST', session: who, json });
const get = (who: TestSession | null, id: string) => call(threadRoute, `/api/community/threads/${id}`, { session: who, params: { threadId: id } });
const edit = (who: TestSession | null, id: string, json: unknown) =>
  call(editThreadRoute, `/api/community/threads/${id}`, { method: 'PATCH', session: who, params: { threadId: id }, json });
const remove = (who: TestSession | null, id: string) =>
  call(deleteThreadRoute, `/api/community/threads/${id}`, { method: 'DELETE', session: who, params: { threadId: id } });
const reply = (who: TestSession | null, id: string, json: unknown) =>
  call(replyRoute, `/api/community/threads/${id}/replies`, { method: 'POST', session: who, params: { threadId: id }, json });
const replies = (id: string, query = '') => call(repliesRoute, `/api/community/threads/${id}/replies${query}`, { params: { threadId: id } });
const editReply = (who: TestSession | null, id: string, json: unknown) =>
  call(editReplyRoute, `/api/community/replies/${id}`, { method: 'PATCH', session: who, params: { replyId: id }, json });
const removeReply = (who: TestSession | null, id: string) =>
  call(deleteReplyRoute, `/api/community/replies/${id}`, { method: 'DELETE', session: who, params: { replyId: id } });
const voteThread = (who: TestSession | null, id: string, on = true) =>
  call(on ? voteThreadRoute : unvoteThreadRoute, `/api/community/threads/${id}/vote`, {
    method: on ? 'PUT' : 'DELETE',
    session: who,
    params: { threadId: id },
    address: `203.0.113.${Math.floor(Math.random() * 250)}`,
  });
const voteReply = (who: TestSession | null, id: string, on = true) =>
  call(on ? voteReplyRoute : unvoteReplyRoute, `/api/community/replies/${id}/vote`, { method: on ? 'PUT' : 'DELETE', session: who, params: { replyId: id } });
const follow = (who: TestSession | null, id: string, on = true) =>
  call(on ? followRoute : unfollowRoute, `/api/community/threads/${id}/follow`, { method: on ? 'PUT' : 'DELETE', session: who, params: { threadId: id } });
const list = (query: string) => call(listRoute, `/api/community/threads${query}`);
const feed = (who: TestSession) => call(feedRoute, '/api/notifications', { session: who });

async function startThread(who: TestSession, overrides: Record<string, unknown> = {}) {
  const res = await create(who, { spaceId: 'claude', title: 'How do you prompt Claude for code?', body: body(), ...overrides });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; [key: string]: unknown };
}

async function noticesOf(who: TestSession) {
  const res = await feed(who);
  expect(res.status).toBe(200);
  return (res.body.items as { kind: string; threadId?: string; replyId?: string | null; actorName?: string }[]).filter((i) => i.kind.startsWith('community_'));
}

describe('spaces', () => {
  it("lists the tools' spaces alphabetically whatever the case ('n8n' among the Ns, not after 'Zebra')", async () => {
    await t.db
      .insertInto('ai_tools')
      .values([
        { id: 'zebra-ai', name: 'Zebra AI' },
        { id: 'aardvark-ai', name: 'aardvark ai' },
      ])
      .execute();
    const res = await call(spacesRoute, '/api/community/spaces');
    const toolNames = (res.body.items as { name: string; kind: string }[]).filter((s) => s.kind === 'tool').map((s) => s.name);
    expect(toolNames[0]).toBe('aardvark ai');
    expect(toolNames).toEqual([...toolNames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    await t.db.deleteFrom('ai_tools').where('id', 'in', ['zebra-ai', 'aardvark-ai']).execute();
  });

  it('has the general spaces and one per AI tool, kept with the ai_tools rows', async () => {
    const res = await call(spacesRoute, '/api/community/spaces');
    expect(res.status).toBe(200);
    const ids = (res.body.items as { id: string }[]).map((s) => s.id);
    expect(ids.slice(0, 5)).toEqual(['show-and-tell', 'help', 'prompt-engineering', 'automation', 'marketplace-feedback']);
    expect(ids).toEqual(expect.arrayContaining(['claude', 'chatgpt']));
    expect(res.body.nextCursor).toBeNull();
    // A new tool gets its space at once; a renamed one renames it; a slug a general space holds is not taken.
    await t.db.insertInto('ai_tools').values({ id: 'new-tool', name: 'New Tool' }).execute();
    await t.db.updateTable('ai_tools').set({ name: 'Newer Tool' }).where('id', '=', 'new-tool').execute();
    await t.db.insertInto('ai_tools').values({ id: 'help', name: 'Help Desk AI' }).execute();
    const spaces = await t.db
      .selectFrom('community_spaces')
      .select(['id', 'name', 'kind', 'tool_id'])
      .where('tool_id', 'in', ['new-tool', 'help'])
      .orderBy('name')
      .execute();
    expect(spaces).toEqual([
      { id: expect.stringMatching(/^tool-[0-9a-f]{12}$/), name: 'Help Desk AI', kind: 'tool', tool_id: 'help' },
      { id: 'new-tool', name: 'Newer Tool', kind: 'tool', tool_id: 'new-tool' },
    ]);
  });
});

describe('starting a thread', () => {
  it('needs a session, a space, a 5-150 character title and a body of up to 20,000', async () => {
    expect((await create(null, { spaceId: 'claude', title: 'Hello there', body: 'x' })).status).toBe(401);
    const bad = await create(ada, { spaceId: 'claude', title: 'Hey', body: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ title: 'The title must be at least 5 characters', body: 'Write something' });
    const long = await create(ada, { spaceId: 'claude', title: 'x'.repeat(151), body: 'y'.repeat(20_001) });
    expect(long.body.error.fields).toEqual({ title: 'The title must be at most 150 characters', body: 'Posts can be at most 20,000 characters' });
    expect((await create(ada, { spaceId: 'nowhere', title: 'Hello there', body: 'x' })).body.error.fields).toEqual({ spaceId: 'Choose a space' });
    expect((await create(ada, { spaceId: 'claude', title: 'Hello there', body: 'x', toolIds: ['not-a-tool'] })).body.error.fields).toEqual({
      toolIds: 'Unknown AI tool: not-a-tool',
    });
    expect((await create(ada, { spaceId: 'claude', title: 'Hello there', body: 'x', surprise: 1 })).status).toBe(400);
    // Exactly at the limits is fine.
    expect((await create(ada, { spaceId: 'claude', title: 'x'.repeat(150), body: 'y'.repeat(20_000) })).status).toBe(201);
  });

  it('stores sanitized HTML, links tools and products, and the author follows it', async () => {
    const product = await createProduct(t.db, bob.userId, { title: 'Prompt pack', status: 'published' });
    const thread = await startThread(ada, {
      title: 'Scripts <script>alert(1)</script> in titles stay text',
      body: '<img src=x onerror=alert(1)> [click](javascript:alert(1)) and [ok](https://example.com)',
      tags: ['Prompts', '#code'],
      toolIds: ['claude'],
      productIds: [product.id],
    });
    expect(thread).toMatchObject({
      title: 'Scripts <script>alert(1)</script> in titles stay text',
      tags: ['prompts', 'code'],
      linkedTools: [{ id: 'claude', name: 'Claude' }],
      linkedProducts: [{ id: product.id, title: 'Prompt pack' }],
      kind: 'discussion',
      deleted: false,
      editedAt: null,
    });
    expect(thread['bodyHtml']).not.toMatch(/<img|<script|href="javascript/i);
    expect(thread['bodyHtml']).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(thread['bodyHtml']).toContain('<a href="https://example.com" rel="nofollow ugc noopener">ok</a>');
    const viewer = await call(viewerRoute, `/api/community/threads/${thread.id}/viewer`, { session: ada, params: { threadId: thread.id } });
    expect(viewer.body).toMatchObject({ signedIn: true, following: true, ownThread: true, editableUntil: { thread: expect.any(String) } });
    const visitor = await call(viewerRoute, `/api/community/threads/${thread.id}/viewer`, { params: { threadId: thread.id } });
    expect(visitor.body).toMatchObject({ signedIn: false, following: false, ownThread: false, editableUntil: {} });
  });
});

describe('permissions on a thread', () => {
  it('lets only its author edit, within 15 minutes, shown as edited', async () => {
    const thread = await startThread(ada);
    expect((await edit(null, thread.id, { title: 'Changed title' })).status).toBe(401);
    expect((await edit(bob, thread.id, { title: 'Changed title' })).status).toBe(404);
    expect((await edit(admin, thread.id, { title: 'Changed title' })).status).toBe(404);
    expect((await edit(ada, thread.id, { title: 'Hey' })).body.error.fields).toEqual({ title: 'The title must be at least 5 characters' });
    const edited = await edit(ada, thread.id, { title: 'Changed title', body: 'New *body*' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Changed title', body: 'New *body*', bodyHtml: '<p>New <em>body</em></p>', editedAt: expect.any(String) });
    await t.db
      .updateTable('community_threads')
      .set({ created_at: sql`now() - interval '16 minutes'` })
      .where('id', '=', thread.id)
      .execute();
    const late = await edit(ada, thread.id, { title: 'Too late now' });
    expect(late.status).toBe(403);
    expect(late.body.error.code).toBe('EDIT_WINDOW_CLOSED');
  });

  it("deletes softly: 'This post was deleted', replies kept, out of the lists; someone else's is 404", async () => {
    const thread = await startThread(ada, { title: 'A thread to delete later' });
    const r = await reply(bob, thread.id, { body: 'A reply that stays.' });
    expect(r.status).toBe(201);
    expect((await remove(null, thread.id)).status).toBe(401);
    expect((await remove(bob, thread.id)).status).toBe(404);
    expect((await remove(admin, thread.id)).status).toBe(404);
    expect((await remove(ada, thread.id)).status).toBe(204);
    const after = await get(null, thread.id);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ deleted: true, author: null, body: '', bodyHtml: '', excerpt: 'This post was deleted' });
    expect((await replies(thread.id)).body.items).toMatchObject([{ id: r.body.id, body: 'A reply that stays.' }]);
    const listed = await list('?sort=new&limit=100');
    expect((listed.body.items as { id: string }[]).map((i) => i.id)).not.toContain(thread.id);
    // Deleting again is harmless; replying to it is refused.
    expect((await remove(ada, thread.id)).status).toBe(204);
    expect((await reply(bob, thread.id, { body: 'Late reply' })).status).toBe(409);
  });

  it('hides a hidden thread from everyone but administrators', async () => {
    const thread = await startThread(ada, { title: 'A thread moderation hides' });
    await t.db.updateTable('community_threads').set({ hidden_at: new Date() }).where('id', '=', thread.id).execute();
    expect((await get(null, thread.id)).status).toBe(404);
    expect((await get(ada, thread.id)).status).toBe(404);
    expect((await get(admin, thread.id)).status).toBe(200);
    expect((await reply(bob, thread.id, { body: 'Hello?' })).status).toBe(404);
    expect((await edit(ada, thread.id, { title: 'Changed title' })).status).toBe(404);
  });

  it("refuses replies and edits on a locked thread: 403 'This discussion is locked'", async () => {
    const thread = await startThread(ada, { title: 'A thread moderation locks' });
    await t.db.updateTable('community_threads').set({ locked_at: new Date() }).where('id', '=', thread.id).execute();
    for (const res of [
      await reply(bob, thread.id, { body: 'Can I still reply?' }),
      await reply(ada, thread.id, { body: 'Or me?' }),
      await reply(admin, thread.id, { body: 'Admin?' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'THREAD_LOCKED', message: 'This discussion is locked' });
    }
    expect((await edit(ada, thread.id, { title: 'Changed title' })).body.error.message).toBe('This discussion is locked');
    expect((await get(null, thread.id)).body.locked).toBe(true);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(null, unknown)).status).toBe(404);
    expect((await get(null, 'not-a-uuid')).status).toBe(400);
    expect((await reply(ada, unknown, { body: 'x' })).status).toBe(404);
    expect((await voteThread(ada, unknown)).status).toBe(404);
    expect((await editReply(ada, unknown, { body: 'x' })).status).toBe(404);
  });
});

describe('replies', () => {
  it('nest one level, quote a nested reply, and only their author edits or deletes them', async () => {
    const thread = await startThread(ada, { title: 'Nesting replies properly' });
    const top = (await reply(bob, thread.id, { body: 'Top-level reply' })).body;
    expect(top).toMatchObject({ parentReplyId: null, quoted: null, author: { name: 'Bob Builder' } });
    const nested = (await reply(ada, thread.id, { body: 'Nested reply', parentReplyId: top.id })).body;
    expect(nested).toMatchObject({ parentReplyId: top.id, quoted: null });
    const deeper = (await reply(bob, thread.id, { body: 'Reply to the nested one', parentReplyId: nested.id })).body;
    expect(deeper).toMatchObject({ parentReplyId: top.id, quoted: { id: nested.id, authorName: 'Ada Lovelace', excerpt: 'Nested reply' } });
    const other = await startThread(bob, { title: 'Another thread entirely' });
    expect((await reply(ada, other.id, { body: 'x', parentReplyId: top.id })).status).toBe(404);

    expect((await editReply(null, top.id, { body: 'Edited' })).status).toBe(401);
    expect((await editReply(ada, top.id, { body: 'Edited' })).status).toBe(404);
    expect((await editReply(admin, top.id, { body: 'Edited' })).status).toBe(404);
    expect((await editReply(bob, top.id, { body: '' })).body.error.fields).toEqual({ body: 'Write something' });
    const edited = await editReply(bob, top.id, { body: 'Edited **reply**' });
    expect(edited.body).toMatchObject({ body: 'Edited **reply**', bodyHtml: '<p>Edited <strong>reply</strong></p>', editedAt: expect.any(String) });
    await t.db
      .updateTable('community_replies')
      .set({ created_at: sql`now() - interval '16 minutes'` })
      .where('id', '=', top.id)
      .execute();
    expect((await editReply(bob, top.id, { body: 'Too late' })).body.error.code).toBe('EDIT_WINDOW_CLOSED');

    expect((await removeReply(null, top.id)).status).toBe(401);
    expect((await removeReply(ada, top.id)).status).toBe(404);
    expect((await removeReply(admin, top.id)).status).toBe(404);
    expect((await removeReply(bob, top.id)).status).toBe(204);
    const listed = (await replies(thread.id)).body.items as { id: string; deleted: boolean; author: unknown; body: string }[];
    expect(listed.map((r) => r.id)).toEqual([top.id, nested.id, deeper.id]);
    expect(listed[0]).toMatchObject({ deleted: true, author: null, body: '' });
    expect((await get(null, thread.id)).body.replyCount).toBe(3);
  });

  it('pages replies oldest first with a keyset cursor', async () => {
    const thread = await startThread(ada, { title: 'Many replies to page' });
    for (let i = 0; i < 5; i++) expect((await reply(bob, thread.id, { body: `Reply ${i}` })).status).toBe(201);
    const first = await replies(thread.id, '?limit=2');
    expect(first.body.items.map((r: { body: string }) => r.body)).toEqual(['Reply 0', 'Reply 1']);
    const seen = [...first.body.items];
    let cursor = first.body.nextCursor as string | null;
    while (cursor) {
      const next = await replies(thread.id, `?limit=2&cursor=${cursor}`);
      seen.push(...next.body.items);
      cursor = next.body.nextCursor;
    }
    expect(seen.map((r: { body: string }) => r.body)).toEqual(['Reply 0', 'Reply 1', 'Reply 2', 'Reply 3', 'Reply 4']);
    expect((await replies(thread.id, '?cursor=forged')).status).toBe(400);
  });
});

describe('notifications', () => {
  it('tells the thread author and followers of replies, the reply answered, and the people mentioned', async () => {
    const carol = await signUp('community', 'Carol Follower');
    const thread = await startThread(ada, { title: 'Notify me about replies', body: 'Hello @bob and @nobody-here' });
    // The mention in the thread's body.
    expect((await noticesOf(bob)).filter((n) => n.threadId === thread.id)).toMatchObject([
      { kind: 'community_mention', replyId: null, actorName: 'Ada Lovelace' },
    ]);
    expect((await follow(carol, thread.id)).body).toEqual({ following: true });
    const first = (await reply(bob, thread.id, { body: 'Here is my answer' })).body;
    const adaNotices = (await noticesOf(ada)).filter((n) => n.threadId === thread.id);
    expect(adaNotices).toMatchObject([{ kind: 'community_reply', replyId: first.id, actorName: 'Bob Builder' }]);
    expect((await noticesOf(carol)).filter((n) => n.threadId === thread.id)).toHaveLength(1);
    // Carol stops following; Ada replies to Bob's reply and mentions Bob: Bob hears once (the mention), Carol not at all.
    expect((await follow(carol, thread.id, false)).body).toEqual({ following: false });
    const second = (await reply(ada, thread.id, { body: 'Thanks @bob!', parentReplyId: first.id })).body;
    expect(second.bodyHtml).toContain('<a href="/@bob" class="mention" rel="nofollow ugc noopener">@bob</a>');
    const bobNotices = (await noticesOf(bob)).filter((n) => n.threadId === thread.id && n.replyId === second.id);
    expect(bobNotices).toMatchObject([{ kind: 'community_mention' }]);
    expect((await noticesOf(carol)).filter((n) => n.threadId === thread.id)).toHaveLength(1);
    // Nobody is told about their own post.
    expect((await noticesOf(ada)).filter((n) => n.replyId === second.id)).toEqual([]);
    // The feed entry reads well.
    const entry = (await feed(ada)).body.items.find((i: { replyId?: string }) => i.replyId === first.id);
    expect(entry).toMatchObject({ threadTitle: 'Notify me about replies', excerpt: 'Here is my answer', isRead: false });
  });
});

describe('follows', () => {
  it('need a session and a visible thread; following is idempotent', async () => {
    const thread = await startThread(ada, { title: 'Follow this discussion' });
    expect((await follow(null, thread.id)).status).toBe(401);
    expect((await follow(null, thread.id, false)).status).toBe(401);
    expect((await follow(bob, thread.id)).body).toEqual({ following: true });
    expect((await follow(bob, thread.id)).body).toEqual({ following: true });
    expect((await follow(admin, thread.id, false)).body).toEqual({ following: false });
    expect((await follow(bob, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    await t.db.updateTable('community_threads').set({ hidden_at: new Date() }).where('id', '=', thread.id).execute();
    expect((await follow(bob, thread.id)).status).toBe(404);
    expect((await call(viewerRoute, `/api/community/threads/${thread.id}/viewer`, { session: ada, params: { threadId: thread.id } })).status).toBe(404);
    expect((await call(viewerRoute, `/api/community/threads/${thread.id}/viewer`, { session: admin, params: { threadId: thread.id } })).status).toBe(200);
  });
});

describe('votes', () => {
  it('refuses votes on your own posts and needs a session', async () => {
    const thread = await startThread(ada, { title: 'Vote on this thread' });
    const r = (await reply(bob, thread.id, { body: 'Vote on this reply' })).body;
    expect((await voteThread(null, thread.id)).status).toBe(401);
    const own = await voteThread(ada, thread.id);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('OWN_POST_VOTE');
    expect((await voteReply(bob, r.id)).status).toBe(403);
    expect((await voteThread(bob, thread.id)).body).toEqual({ voteCount: 1, voted: true });
    expect((await voteThread(bob, thread.id)).body).toEqual({ voteCount: 1, voted: true });
    expect((await voteThread(admin, thread.id)).body).toEqual({ voteCount: 2, voted: true });
    expect((await voteReply(ada, r.id)).body).toEqual({ voteCount: 1, voted: true });
    expect((await voteThread(bob, thread.id, false)).body).toEqual({ voteCount: 1, voted: false });
    expect((await voteReply(ada, r.id, false)).body).toEqual({ voteCount: 0, voted: false });
    const viewer = await call(viewerRoute, `/api/community/threads/${thread.id}/viewer`, { session: admin, params: { threadId: thread.id } });
    expect(viewer.body).toMatchObject({ voted: true, voteCount: 1, votedReplyIds: [] });
  });

  it('counts exactly under 100 concurrent toggles', async () => {
    const thread = await startThread(ada, { title: 'A very popular thread' });
    const voters = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp('community', `Voter ${'ABCDEFGHIJKLMNOPQRST'[i]}`)));
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('community_votes')
            .select(sql<string>`count(*)`.as('n'))
            .where('thread_id', '=', thread.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const stored = async () =>
      await t.db.selectFrom('community_threads').select(['vote_count', 'hot_score', 'created_at']).where('id', '=', thread.id).executeTakeFirstOrThrow();
    // 100 up-votes at once, five from each person: 20.
    let results = await Promise.all(voters.flatMap((v) => Array.from({ length: 5 }, () => voteThread(v, thread.id))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await stored()).vote_count).toBe(20);
    expect(await count()).toBe(20);
    // 100 toggles at once, votes and unvotes mixed: the count is the rows, whatever the order.
    results = await Promise.all(voters.flatMap((v, i) => Array.from({ length: 5 }, (_, j) => voteThread(v, thread.id, (i + j) % 2 === 0))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await stored()).vote_count).toBe(await count());
    // 100 unvotes at once: 0.
    results = await Promise.all(voters.flatMap((v) => Array.from({ length: 5 }, () => voteThread(v, thread.id, false))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await stored()).vote_count).toBe(0);
    expect(await count()).toBe(0);
    // The stored hot score is the shared function's.
    await Promise.all(voters.slice(0, 7).map((v) => voteThread(v, thread.id)));
    const row = await stored();
    expect(row.vote_count).toBe(7);
    expect(row.hot_score).toBeCloseTo(hotScore(7, row.created_at), 6);
  });
});

describe('the list', () => {
  it('sorts, filters by space and tag, searches with typos, and pages by keyset', async () => {
    const mark = `z${Date.now().toString(36)}`;
    const a = await startThread(ada, { spaceId: 'help', title: `Automating invoices with agents ${mark}`, tags: ['invoices', mark] });
    const b = await startThread(bob, { spaceId: 'help', title: `Prompting for spreadsheets ${mark}`, tags: [mark] });
    const c = await startThread(ada, { spaceId: 'automation', title: `Scheduling workflows nightly ${mark}`, tags: [mark] });
    await voteThread(bob, a.id);
    await voteThread(admin, a.id);
    await voteThread(ada, b.id);
    await reply(bob, c.id, { body: 'Answered' });
    const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id);

    expect(ids(await list(`?tag=${mark}&sort=new`))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list(`?tag=${mark}&sort=top_all`))).toEqual([a.id, b.id, c.id]);
    expect(ids(await list(`?tag=${mark}&sort=top_week`))).toEqual([a.id, b.id, c.id]);
    expect(ids(await list(`?tag=${mark}&sort=hot`))[0]).toBe(a.id);
    expect(ids(await list(`?tag=${mark}&sort=unanswered`))).toEqual([b.id, a.id]);
    expect(ids(await list(`?tag=${mark}&space=help&sort=new`))).toEqual([b.id, a.id]);
    expect(ids(await list(`?tag=invoices`))).toEqual([a.id]);
    // Typo tolerance: 'invoces' finds 'invoices', 'sprydsheets' finds 'spreadsheets'; prefixes match.
    expect(ids(await list(`?search=invoces+${mark}`))).toEqual([a.id]);
    expect(ids(await list(`?search=spreadsheats`))).toContain(b.id);
    expect(ids(await list(`?search=schedul+${mark}`))).toEqual([c.id]);
    expect((await list('?search=qqqqqqqqqq')).body.items).toEqual([]);

    // Keyset pages: every sort walks all of them once.
    for (const sort of ['hot', 'new', 'top_all', 'unanswered']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: Awaited<ReturnType<typeof list>> = await list(`?tag=${mark}&sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        seen.push(...ids(res));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual(ids(await list(`?tag=${mark}&sort=${sort}`)));
    }
    expect((await list('?space=nowhere')).status).toBe(404);
    expect((await list('?sort=best')).status).toBe(400);
    expect((await list('?cursor=forged')).status).toBe(400);
    const summary = (await list(`?tag=${mark}&sort=new&limit=1`)).body.items[0];
    expect(summary).toMatchObject({ id: c.id, url: `/community/${c.id}`, spaceName: 'Automation', replyCount: 1, author: { name: 'Ada Lovelace' } });
  });
});

describe('preview', () => {
  it('renders as a post would, for signed-in users', async () => {
    expect((await call(previewRoute, '/api/community/preview', { method: 'POST', json: { body: 'x' } })).status).toBe(401);
    const res = await call(previewRoute, '/api/community/preview', { method: 'POST', session: ada, json: { body: '**hi** <script>x</script> @bob' } });
    expect(res.status).toBe(200);
    expect(res.body.html).toBe(
      '<p><strong>hi</strong> &lt;script&gt;x&lt;/script&gt; <a href="/@bob" class="mention" rel="nofollow ugc noopener">@bob</a></p>',
    );
  });
});
