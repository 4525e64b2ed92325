/**
 * Follow-ups of moderation (issue 16, docs/decisions/037 and 042), through the real routes, the
 * real job engine and a real database (PGlite, or PostgreSQL with DATABASE_URL):
 * - approving a post held for review sends exactly the notices its publication would have sent
 *   (a reply to your thread, to your reply, @mentions, a question on your product) and queues
 *   their emails through 'email.community', in the reaction to 'post.approved' that runs after
 *   the approval has answered; an edit held for review tells only its mentions; approving twice,
 *   or the event coming again, tells nobody twice;
 * - 'Lift suspension' (POST /api/admin/users/{userId}/unsuspend): administrators only, a reason,
 *   logged like every action, 409 NOT_SUSPENDED when there is no suspension;
 * - the user is told of a suspension and of its lifting: a notice in /tool-updates' feed and a
 *   transactional email (no unsubscribe) saying until when and why.
 * The mail provider is the one outside service: the tests' memory mailer stands in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { setMailer } from '@/functions/_shared/mailer';
import { drainJobs, emit, jobsReady, listJobs } from '@/functions/jobs';
import { createReply, createThread, editReply } from '@/functions/community/community.service';
import { ANNOUNCE_APPROVED } from '@/functions/community/announce-approved.job';
import { COMMUNITY_EMAILS } from '@/functions/community/notice-emails.job';
import { SUSPENSION_EMAILS } from '@/functions/moderation/suspension-notices.job';
import { assertCanPost } from '@/functions/community/post-guard';
import { GET as queueRoute } from '@/src/pages/api/admin/reports';
import { POST as actionRoute } from '@/src/pages/api/admin/reports/[id]/actions';
import { GET as logRoute } from '@/src/pages/api/admin/moderation-actions';
import { POST as liftRoute } from '@/src/pages/api/admin/users/[userId]/unsuspend';
import { PUT as reportRoute } from '@/src/pages/api/reports/[kind]/[targetId]';
import { GET as feedRoute } from '@/src/pages/api/notifications/index';
import type { EmailChannel, EmailKind } from '@/src/shared/email-preferences';
import { deliverQueuedEmails } from '../support/emails';
import { call, signUp, testMailer, type TestSession } from '../support/api';
import { createProduct, createUser } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let admin: TestSession;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  admin = await signUp('buyer', 'Ada Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  await jobsReady(t.db);
});

afterAll(async () => {
  setMailer(undefined);
  resetAuth();
  await closeDb();
});

let handles = 0;
/** A community member with a handle; `days` old (a new account's links are held), with email preferences. */
async function person(name: string, options: { days?: number; preferences?: Partial<Record<EmailKind, EmailChannel>> } = {}) {
  const user = await createUser(t.db, { fullName: name, userType: 'community' });
  const handle = `member${Date.now().toString(36)}${handles++}`;
  await t.db.updateTable('profiles').set({ handle }).where('id', '=', user.id).execute();
  if (options.days)
    await t.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - options.days * DAY) })
      .where('id', '=', user.id)
      .execute();
  const rows = Object.entries(options.preferences ?? {}).map(([kind, channel]) => ({
    user_id: user.id,
    kind: kind as EmailKind,
    channel: channel!,
    previous_channel: null,
  }));
  if (rows.length) await t.db.insertInto('notification_preferences').values(rows).execute();
  return { ...user, handle };
}

const act = (who: TestSession | null, id: string, json: unknown) =>
  call(actionRoute, `/api/admin/reports/${id}/actions`, { method: 'POST', session: who, params: { id }, json });
const lift = (who: TestSession | null, userId: string, json: unknown) =>
  call(liftRoute, `/api/admin/users/${userId}/unsuspend`, { method: 'POST', session: who, params: { userId }, json });

/** The open report of a target, as the administrator reads the queue. */
async function openReportOf(targetId: string) {
  const res = await call(queueRoute, '/api/admin/reports?status=open&limit=100', { session: admin });
  expect(res.status).toBe(200);
  const item = res.body.items.find((r: { targetId: string }) => r.targetId === targetId);
  expect(item, `no open report of ${targetId}`).toBeTruthy();
  return item as { id: string; reason: string };
}

/** Each user's community notices as [kind, reply id] pairs. */
async function noticesOf(userId: string) {
  const rows = await t.db
    .selectFrom('user_notifications')
    .select(['id', 'kind', 'community_thread_id', 'community_reply_id', 'actor_id'])
    .where('user_id', '=', userId)
    .orderBy('kind')
    .execute();
  return rows;
}
/** A discussion in the Help space, as its author starts it. */
const discussion = (authorId: string, title: string, body: string) =>
  createThread(t.db, authorId, { spaceId: 'help', kind: 'discussion', title, body, tags: [], toolIds: [], productIds: [], productId: null });
const emailsOf = (userId: string) =>
  t.db.selectFrom('email_messages').select(['kind', 'reference', 'status']).where('user_id', '=', userId).orderBy('kind').execute();
const communityJobs = async () => (await listJobs(t.db, { name: COMMUNITY_EMAILS })).length;
/** The reaction to 'post.approved': the approval answered before it ran. */
const announceApprovals = () => drainJobs(t.db, { maxMs: 30_000, names: [ANNOUNCE_APPROVED] });
const drainCommunity = async () => {
  await drainJobs(t.db, { maxMs: 30_000, names: [COMMUNITY_EMAILS] });
  await deliverQueuedEmails(t.db);
};

describe('approving a post held for review', () => {
  it('sends a held question the notices it would have sent at once (mentions, the product’s creator), once', async () => {
    const creator = await person('Cora Creator', { days: 30 });
    const product = await createProduct(t.db, creator.id, { title: 'Prompt Pack' });
    const mentioned = await person('Milo Mentioned', { days: 30, preferences: { community_mention: 'instant' } });
    const asker = await person('Nia Newcomer');
    const jobsBefore = await communityJobs();

    const held = await createThread(t.db, asker.id, {
      spaceId: 'help',
      kind: 'question',
      title: 'Does this pack work with Claude?',
      body: `The page https://example.com/pack says so. @${mentioned.handle}, have you tried it?`,
      tags: [],
      toolIds: [],
      productIds: [],
      productId: product.id,
    });
    expect(held.heldForReview).toBe(true);
    expect(await noticesOf(creator.id)).toEqual([]);
    expect(await noticesOf(mentioned.id)).toEqual([]);
    expect(await communityJobs()).toBe(jobsBefore);

    const report = await openReportOf(held.id);
    expect(report.reason).toBe('held_links');
    const approved = await act(admin, report.id, { action: 'approve', reason: 'A real question.' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await noticesOf(mentioned.id)).toEqual([]);
    await announceApprovals();

    expect(await noticesOf(mentioned.id)).toMatchObject([
      { kind: 'community_mention', community_thread_id: held.id, community_reply_id: null, actor_id: asker.id },
    ]);
    expect(await noticesOf(creator.id)).toMatchObject([{ kind: 'community_product_question', community_thread_id: held.id, actor_id: asker.id }]);
    expect(await noticesOf(asker.id)).toEqual([]);
    // The mention's email goes through the same job as a post published at once.
    expect(await communityJobs()).toBe(jobsBefore + 1);
    await drainCommunity();
    const [mention] = await noticesOf(mentioned.id);
    expect(await emailsOf(mentioned.id)).toMatchObject([{ kind: 'community_mention', reference: `notice:${mention!.id}` }]);
    // The product question has no email kind: in the app only.
    expect(await emailsOf(creator.id)).toEqual([]);

    // Approving again: refused, and nobody is told twice even if the event comes again.
    expect((await act(admin, report.id, { action: 'approve', reason: 'Again.' })).body.error.code).toBe('REPORT_RESOLVED');
    await t.db.transaction().execute((trx) => emit(trx, 'post.approved', { kind: 'thread', id: held.id }));
    expect((await announceApprovals()).completed).toBe(1);
    await drainCommunity();
    expect(await noticesOf(mentioned.id)).toHaveLength(1);
    expect(await noticesOf(creator.id)).toHaveLength(1);
    expect(await emailsOf(mentioned.id)).toHaveLength(1);
    expect(await communityJobs()).toBe(jobsBefore + 1);
  });

  it('sends a held reply the notices it would have sent at once: the followers, the reply answered, the mentioned', async () => {
    const owner = await person('Olga Owner', { days: 30, preferences: { community_reply: 'instant' } });
    const helper = await person('Hal Helper', { days: 30, preferences: { community_reply: 'instant' } });
    const mentioned = await person('Mo Mentioned', { days: 30, preferences: { community_mention: 'instant' } });
    const newbie = await person('Ned Newbie');
    const thread = await discussion(owner.id, 'Sharing prompt libraries', 'Which ones do you use?');
    const parent = await createReply(t.db, helper.id, thread.id, { body: 'I keep mine in a repository.' });
    const ownerBefore = (await noticesOf(owner.id)).length;

    // A reply to the helper's reply, with a link and a mention, from a new account: held.
    const held = await createReply(t.db, newbie.id, thread.id, {
      parentReplyId: parent.id,
      body: `Mine is at https://example.com/lib, ask @${mentioned.handle}`,
    });
    expect(held.heldForReview).toBe(true);
    expect((await noticesOf(owner.id)).length).toBe(ownerBefore);
    expect(await noticesOf(helper.id)).toEqual([]);
    expect(await noticesOf(mentioned.id)).toEqual([]);

    const report = await openReportOf(held.id);
    expect((await act(admin, report.id, { action: 'approve', reason: 'Useful link.' })).status).toBe(200);
    await announceApprovals();
    // The owner follows their thread, the helper wrote the reply answered (and follows the thread
    // they replied to), the mentioned person gets the mention only; the writer nothing.
    expect((await noticesOf(owner.id)).filter((n) => n.community_reply_id === held.id)).toMatchObject([{ kind: 'community_reply', actor_id: newbie.id }]);
    expect(await noticesOf(helper.id)).toMatchObject([{ kind: 'community_reply', community_reply_id: held.id }]);
    expect(await noticesOf(mentioned.id)).toMatchObject([{ kind: 'community_mention', community_reply_id: held.id }]);
    expect(await noticesOf(newbie.id)).toEqual([]);
    await drainCommunity();
    const replyEmails = (await emailsOf(owner.id)).filter((e) => e.kind === 'community_reply');
    expect(replyEmails.length).toBe(ownerBefore + 1);
    expect(await emailsOf(helper.id)).toMatchObject([{ kind: 'community_reply' }]);
    expect(await emailsOf(mentioned.id)).toMatchObject([{ kind: 'community_mention' }]);

    // The same reply published at once (an older account) tells the same people the same way.
    const twin = await createReply(t.db, (await person('Old Olly', { days: 30 })).id, thread.id, {
      parentReplyId: parent.id,
      body: `Mine too, ask @${mentioned.handle}`,
    });
    const kindsFor = async (replyId: string) =>
      Object.fromEntries(
        await Promise.all(
          [owner, helper, mentioned].map(
            async (u) => [u.fullName, (await noticesOf(u.id)).filter((n) => n.community_reply_id === replyId).map((n) => n.kind)] as const,
          ),
        ),
      );
    expect(await kindsFor(held.id)).toEqual(await kindsFor(twin.id));
  });

  it('tells only the mentions of an edit that was held, as an edit published at once does', async () => {
    const owner = await person('Tess Thread', { days: 30 });
    const mentioned = await person('Edd Mentioned', { days: 30 });
    const newbie = await person('Nell New');
    const thread = await discussion(owner.id, 'Editing with links', 'Go ahead.');
    const reply = await createReply(t.db, newbie.id, thread.id, { body: 'No link yet.' });
    const ownerNotices = (await noticesOf(owner.id)).length;
    const edited = await editReply(t.db, newbie.id, reply.id, { body: `Now https://example.com/x for @${mentioned.handle}` });
    expect(edited.heldForReview).toBe(true);
    expect(await noticesOf(mentioned.id)).toEqual([]);
    const report = await openReportOf(reply.id);
    expect((await act(admin, report.id, { action: 'approve', reason: 'Fine.' })).status).toBe(200);
    await announceApprovals();
    expect(await noticesOf(mentioned.id)).toMatchObject([{ kind: 'community_mention', community_reply_id: reply.id }]);
    expect((await noticesOf(owner.id)).length).toBe(ownerNotices);
  });
});

describe('suspensions: lifting one early, and telling the user', () => {
  /** An open report of a new thread of `authorId`. */
  async function reportedThreadOf(authorId: string) {
    const reporter = await signUp('buyer', 'Rita Reporter');
    const thread = await t.db
      .insertInto('community_threads')
      .values({ space_id: 'help', author_id: authorId, title: 'Buy my stuff now', body: 'Body text', body_html: '<p>Body text</p>' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reported = await call(reportRoute, `/api/reports/thread/${thread.id}`, {
      method: 'PUT',
      session: reporter,
      params: { kind: 'thread', targetId: thread.id },
      json: { reason: 'spam' },
    });
    expect(reported.status).toBe(201);
    return openReportOf(thread.id);
  }
  async function suspendAuthorOf(author: { id: string }, until: Date, reason: string) {
    const report = await reportedThreadOf(author.id);
    const res = await act(admin, report.id, { action: 'suspend', reason, until: until.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { reportId: report.id, actionId: res.body.log[0].id as string };
  }
  const feedOf = async (who: TestSession) => {
    const res = await call(feedRoute, '/api/notifications', { session: who });
    expect(res.status).toBe(200);
    return (res.body.items as { kind: string }[]).filter((i) => i.kind === 'account_suspension');
  };
  // The job writes the email to the outbox; followUps: its delivery runs in the same drain.
  const drainSuspensionEmails = () => drainJobs(t.db, { maxMs: 30_000, names: [SUSPENSION_EMAILS], followUps: true });

  it('tells the suspended user until when and why, in the app and by a transactional email', async () => {
    const mailer = testMailer();
    const bad = await signUp('community', 'Sam Spammer');
    const until = new Date(Date.now() + 7 * DAY);
    const { actionId } = await suspendAuthorOf({ id: bad.userId }, until, 'Repeated advertising.');

    expect(await feedOf(bad)).toEqual([
      expect.objectContaining({ kind: 'account_suspension', lifted: false, until: until.toISOString(), reason: 'Repeated advertising.', isRead: false }),
    ]);
    await drainSuspensionEmails();
    const mails = mailer.sent.filter((m) => m.to === bad.email && /suspended/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your toolmint account is suspended until \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC$/);
    expect(mails[0]!.text).toContain('Reason: Repeated advertising.');
    expect(mails[0]!.text).toContain('cannot be unsubscribed from');
    expect(mails[0]!.headers?.['List-Unsubscribe']).toBeUndefined();
    // One email of the outbox per action, sent with its row as the provider's idempotency key.
    const rows = await t.db.selectFrom('email_messages').select(['id', 'status']).where('reference', '=', `suspension:${actionId}`).execute();
    expect(rows).toEqual([{ id: mails[0]!.idempotencyKey, status: 'sent' }]);
    // Run again, the job has nothing left to send.
    await drainSuspensionEmails();
    expect(mailer.sent.filter((m) => m.to === bad.email && /suspended/.test(m.subject))).toHaveLength(1);
  });

  it('lifts a suspension early for administrators only, logged with its reason; the user is told; 409 when there is none', async () => {
    const mailer = testMailer();
    const bad = await signUp('community', 'Una Unlucky');
    const bystander = await signUp('buyer', 'Bo Bystander');
    await suspendAuthorOf({ id: bad.userId }, new Date(Date.now() + 3 * DAY), 'Looked like spam.');
    expect(await assertCanPost(t.db, bad.userId, { action: 'thread', text: 'hi' }).catch((e: { code: string }) => e.code)).toBe('SUSPENDED');

    // Who may: signed out 401, a user 403, a bad id 400, nobody by that id 404, no reason 400.
    expect((await lift(null, bad.userId, { reason: 'x' })).status).toBe(401);
    expect((await lift(bystander, bad.userId, { reason: 'x' })).body.error.code).toBe('FORBIDDEN');
    expect((await lift(admin, 'not a user!', { reason: 'x' })).status).toBe(400);
    expect((await lift(admin, 'no-such-user-id', { reason: 'x' })).body.error.code).toBe('PROFILE_NOT_FOUND');
    const noReason = await lift(admin, bad.userId, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields).toHaveProperty('reason');
    // Not through a report (the one that led to it is resolved): the suspension is the user's.
    const another = await reportedThreadOf(bad.userId);
    const throughReport = await act(admin, another.id, { action: 'unsuspend', reason: 'x' });
    expect(throughReport.status).toBe(409);
    expect(throughReport.body.error.code).toBe('ACTION_NOT_APPLICABLE');

    const lifted = await lift(admin, bad.userId, { reason: 'Appeal accepted: a genuine member.' });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    expect(lifted.body).toMatchObject({
      action: 'unsuspend',
      actorId: admin.userId,
      targetKind: 'profile',
      targetId: bad.userId,
      subjectUserId: bad.userId,
      reportId: null,
      reason: 'Appeal accepted: a genuine member.',
      until: null,
    });
    const profile = await t.db.selectFrom('profiles').select(['suspended_until', 'suspension_reason']).where('id', '=', bad.userId).executeTakeFirstOrThrow();
    expect(profile).toEqual({ suspended_until: null, suspension_reason: null });
    expect(await assertCanPost(t.db, bad.userId, { action: 'thread', text: 'hi' })).toEqual({ hold: false });
    const log = await call(logRoute, '/api/admin/moderation-actions?limit=100', { session: admin });
    expect(log.body.items.find((e: { id: string }) => e.id === lifted.body.id)).toMatchObject({
      action: 'unsuspend',
      actorName: 'Ada Admin',
      subjectName: 'Una Unlucky',
    });

    // Told: the newest notice says it is lifted and why; an email says so too.
    const [newest, older] = await feedOf(bad);
    expect(newest).toMatchObject({ lifted: true, until: null, reason: 'Appeal accepted: a genuine member.' });
    expect(older).toMatchObject({ lifted: false, reason: 'Looked like spam.' });
    await drainSuspensionEmails();
    const liftedMail = mailer.sent.filter((m) => m.to === bad.email && m.subject === 'Your toolmint account is no longer suspended');
    expect(liftedMail).toHaveLength(1);
    expect(liftedMail[0]!.text).toContain('Reason: Appeal accepted: a genuine member.');
    expect(liftedMail[0]!.text).toContain('cannot be unsubscribed from');

    // Nothing left to lift: 409 with a clear message, nothing logged, nobody told again.
    const again = await lift(admin, bad.userId, { reason: 'Twice.' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'NOT_SUSPENDED', message: 'This account is not suspended' });
    expect((await lift(admin, bystander.userId, { reason: 'Never was.' })).body.error.code).toBe('NOT_SUSPENDED');
    // A suspension that ended by itself is not suspended either.
    await t.db
      .updateTable('profiles')
      .set({ suspended_until: new Date(Date.now() - 1000), suspension_reason: 'Old.' })
      .where('id', '=', bystander.userId)
      .execute();
    expect((await lift(admin, bystander.userId, { reason: 'Ended.' })).body.error.code).toBe('NOT_SUSPENDED');
    expect(
      await t.db.selectFrom('moderation_actions').select('id').where('action', '=', 'unsuspend').where('subject_user_id', '=', bad.userId).execute(),
    ).toHaveLength(1);
    expect(await feedOf(bad)).toHaveLength(2);
  });
});
