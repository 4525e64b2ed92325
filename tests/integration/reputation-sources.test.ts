/**
 * Reputation that sock puppets cannot farm (issue 29, docs/decisions/052), through the real
 * routes on a real database: an unverified account cannot vote at all (403) and its follow adds
 * nothing; a brand-new verified account's vote and follow add nothing; an account verified and a
 * day old adds one source a day per person it rewards (the one worth most); an account made at
 * the receiver's own sign-up address adds nothing; an administrator sees and resets a figure with
 * a reason, logged, and nobody else may.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { getReputation } from '@/functions/community-qa/reputation.service';
import { REPUTATION_POINTS } from '@/src/shared/reputation';
import { POST as threadsRoute } from '@/src/pages/api/community/threads/index';
import { POST as replyRoute } from '@/src/pages/api/community/threads/[threadId]/replies';
import { PUT as voteThreadRoute } from '@/src/pages/api/community/threads/[threadId]/vote';
import { PUT as voteReplyRoute } from '@/src/pages/api/community/replies/[replyId]/vote';
import { PUT as followRoute } from '@/src/pages/api/follows/users/[userId]';
import { GET as adminReputationRoute } from '@/src/pages/api/admin/users/[userId]/reputation/index';
import { POST as resetRoute } from '@/src/pages/api/admin/users/[userId]/reputation/reset';
import { call, signUp, type TestSession } from '../support/api';
import { createTestDb, type TestDb } from '../support/test-db';

vi.hoisted(() => {
  process.env['RATE_LIMIT_SCALE'] = '1000';
});

let t: TestDb;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await t.db.insertInto('ai_tools').values({ id: 'claude', name: 'Claude' }).execute();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

/** Makes an account `days` old, as if it had signed up then. */
const age = (who: TestSession, days: number) =>
  t.db
    .updateTable('users')
    .set({ created_at: new Date(Date.now() - days * DAY) })
    .where('id', '=', who.userId)
    .execute();

const score = async (who: TestSession) => (await getReputation(t.db, who.userId)).score;

async function startThread(author: TestSession, title: string): Promise<string> {
  const res = await call(threadsRoute, '/api/community/threads', {
    method: 'POST',
    session: author,
    json: { spaceId: 'claude', title, body: 'What works for you?', tags: [] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function replyTo(author: TestSession, threadId: string): Promise<string> {
  const res = await call(replyRoute, `/api/community/threads/${threadId}/replies`, {
    method: 'POST',
    session: author,
    params: { threadId },
    json: { body: 'Chapters work for me.' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const voteThread = (who: TestSession, threadId: string) =>
  call(voteThreadRoute, `/api/community/threads/${threadId}/vote`, { method: 'PUT', session: who, params: { threadId } });
const voteReply = (who: TestSession, replyId: string) =>
  call(voteReplyRoute, `/api/community/replies/${replyId}/vote`, { method: 'PUT', session: who, params: { replyId } });
const follow = (who: TestSession, userId: string) => call(followRoute, `/api/follows/users/${userId}`, { method: 'PUT', session: who, params: { userId } });

describe('what counts towards a reputation', () => {
  it("an unverified account's vote is refused and its follow adds nothing; a brand-new verified account's vote and follow add nothing", async () => {
    const author = await signUp('community', 'Rita Receiver');
    const threadId = await startThread(author, 'How do you give Claude a long PDF?');
    const before = await score(author);
    expect(before).toBe(0);

    const unverified = await signUp('community', 'Una Unverified', { verified: false });
    await age(unverified, 30);
    const refused = await voteThread(unverified, threadId);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    expect((await follow(unverified, author.userId)).status).toBe(200);
    expect(await score(author)).toBe(before);

    const fresh = await signUp('community', 'Nico New');
    expect((await voteThread(fresh, threadId)).status).toBe(200);
    expect((await follow(fresh, author.userId)).status).toBe(200);
    // Both are real: the post shows the vote, the profile the followers.
    const thread = await t.db.selectFrom('community_threads').select('vote_count').where('id', '=', threadId).executeTakeFirstOrThrow();
    expect(thread.vote_count).toBe(1);
    const followers = await t.db.selectFrom('follows').select('follower_id').where('following_id', '=', author.userId).execute();
    expect(followers).toHaveLength(2);
    // But none of it is reputation.
    expect(await getReputation(t.db, author.userId)).toEqual({ score: 0, parts: { upvotes: 0, acceptedAnswers: 0, reviews: 0, followers: 0 } });
  });

  it("an older verified account's vote counts, once a day per person it rewards", async () => {
    const author = await signUp('community', 'Otto Author');
    const threadId = await startThread(author, 'Which model summarises contracts best?');
    const helper = await signUp('community', 'Hana Helper');
    const other = await startThread(helper, 'Prompt for meeting notes?');
    const replyId = await replyTo(author, other);

    const elder = await signUp('community', 'Elsa Elder');
    await age(elder, 5);
    expect((await voteThread(elder, threadId)).status).toBe(200);
    expect(await getReputation(t.db, author.userId)).toMatchObject({ score: REPUTATION_POINTS.upvote, parts: { upvotes: 1, followers: 0 } });
    // The same giver the same day (noon yesterday, UTC, for all three): a second vote and a follow add nothing more.
    expect((await voteReply(elder, replyId)).status).toBe(200);
    expect((await follow(elder, author.userId)).status).toBe(200);
    const noonYesterday = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 1, 12));
    // created_at is never written by the app (CreatedAt): the test moves it with plain SQL.
    await sql`update community_votes set created_at = ${noonYesterday} where user_id = ${elder.userId}`.execute(t.db);
    await t.db.updateTable('follows').set({ created_at: noonYesterday }).where('follower_id', '=', elder.userId).execute();
    expect(await score(author)).toBe(REPUTATION_POINTS.upvote);
    // On another day the follow counts too (the account was more than a day old then).
    await t.db
      .updateTable('follows')
      .set({ created_at: new Date(noonYesterday.getTime() - DAY) })
      .where('follower_id', '=', elder.userId)
      .execute();
    expect(await getReputation(t.db, author.userId)).toMatchObject({
      score: REPUTATION_POINTS.upvote + REPUTATION_POINTS.follower,
      parts: { upvotes: 1, followers: 1 },
    });
    // A second older giver counts on its own.
    const second = await signUp('community', 'Sid Second');
    await age(second, 10);
    expect((await voteReply(second, replyId)).status).toBe(200);
    expect(await getReputation(t.db, author.userId)).toMatchObject({ parts: { upvotes: 2, followers: 1 } });
  });

  it('never counts what an account made at the receiver’s own sign-up address gives', async () => {
    const address = '10.200.7.9';
    const author = await signUp('community', 'Sal Samehost', { address });
    const threadId = await startThread(author, 'Best way to chunk a wiki for RAG?');
    const puppet = await signUp('community', 'Pip Puppet', { address });
    await age(puppet, 30);
    expect((await voteThread(puppet, threadId)).status).toBe(200);
    expect((await follow(puppet, author.userId)).status).toBe(200);
    // On a day of its own, so the follow would count on its own but for the address.
    await t.db
      .updateTable('follows')
      .set({ created_at: new Date(Date.now() - 2 * DAY) })
      .where('follower_id', '=', puppet.userId)
      .execute();
    expect(await score(author)).toBe(0);
    // Only a keyed hash of the address is kept.
    const origins = await t.db.selectFrom('account_origins').select('address_key').where('user_id', 'in', [author.userId, puppet.userId]).execute();
    expect(origins).toHaveLength(2);
    expect(origins[0]!.address_key).toBe(origins[1]!.address_key);
    expect(JSON.stringify(origins)).not.toContain('10.200');
  });
});

describe("an administrator's view and reset", () => {
  it('shows the figure and its parts, resets it with a reason, logged; refuses everyone else', async () => {
    const admin = await signUp('community', 'Ada Admin');
    await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const author = await signUp('community', 'Fay Farmed');
    const threadId = await startThread(author, 'How do I price a prompt pack?');
    const elder = await signUp('community', 'Eli Elder');
    await age(elder, 5);
    expect((await voteThread(elder, threadId)).status).toBe(200);
    const path = `/api/admin/users/${author.userId}/reputation`;

    const member = await signUp('community', 'Mo Member');
    const peek = await call(adminReputationRoute, path, { session: member, params: { userId: author.userId } });
    expect(peek.status).toBe(403);
    expect(peek.body.error.code).toBe('FORBIDDEN');
    const tried = await call(resetRoute, `${path}/reset`, { method: 'POST', session: member, params: { userId: author.userId }, json: { reason: 'Mine now' } });
    expect(tried.status).toBe(403);
    expect(await t.db.selectFrom('reputation_resets').select('id').execute()).toEqual([]);
    expect((await call(adminReputationRoute, path, { params: { userId: author.userId } })).status).toBe(401);

    const seen = await call(adminReputationRoute, path, { session: admin, params: { userId: author.userId } });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      userId: author.userId,
      fullName: 'Fay Farmed',
      score: REPUTATION_POINTS.upvote,
      parts: { upvotes: 1, acceptedAnswers: 0, reviews: 0, followers: 0 },
      resets: [],
    });
    const missing = await call(adminReputationRoute, '/api/admin/users/no-such-user/reputation', { session: admin, params: { userId: 'no-such-user' } });
    expect(missing.status).toBe(404);

    const noReason = await call(resetRoute, `${path}/reset`, { method: 'POST', session: admin, params: { userId: author.userId }, json: { reason: '' } });
    expect(noReason.status).toBe(400);
    const reset = await call(resetRoute, `${path}/reset`, {
      method: 'POST',
      session: admin,
      params: { userId: author.userId },
      json: { reason: 'Up-votes from accounts made to farm reputation.' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toMatchObject({
      score: 0,
      parts: { upvotes: 0, acceptedAnswers: 0, reviews: 0, followers: 0 },
      resets: [
        {
          reason: 'Up-votes from accounts made to farm reputation.',
          scoreBefore: REPUTATION_POINTS.upvote,
          actor: { id: admin.userId, fullName: 'Ada Admin' },
        },
      ],
    });
    // Nothing was deleted: the vote stays on the post; what comes after the reset counts again.
    const thread = await t.db.selectFrom('community_threads').select('vote_count').where('id', '=', threadId).executeTakeFirstOrThrow();
    expect(thread.vote_count).toBe(1);
    const later = await signUp('community', 'Lu Later');
    await age(later, 5);
    expect((await voteThread(later, threadId)).status).toBe(200);
    expect(await score(author)).toBe(REPUTATION_POINTS.upvote);
  });
});
