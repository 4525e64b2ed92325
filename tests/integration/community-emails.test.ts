/**
 * The emails of community notices and 'Off' meaning nothing at all (issue 18, docs/decisions/041),
 * on a real database and the real job engine:
 * - a reply, a mention and an accepted answer each queue one email (reference
 *   `notice:<notification id>`) for a recipient set to 'Email at once', once however often the
 *   job runs; none for a post held for review, none for a recipient whose kind is Off (who gets
 *   no in-app notice either);
 * - the tool-update and new-product fan-outs write no notice to a follower whose kind is Off,
 *   while the other followers get theirs; a creator with sales Off gets no sale notice.
 * The mail provider is the one outside service: a memory mailer stands in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { setMailer } from '@/functions/_shared/mailer';
import { drainJobs, enqueue, jobsReady, listJobs } from '@/functions/jobs';
import { createReply, createThread, editReply } from '@/functions/community/community.service';
import { acceptAnswer } from '@/functions/community/answers.service';
import { COMMUNITY_EMAILS, queueCommunityNoticeEmails } from '@/functions/community/notice-emails.job';
import { insertUpdate } from '@/functions/tool-updates/tool-updates.repository';
import { TOOL_UPDATE_FAN_OUT } from '@/functions/tool-updates/fan-out.job';
import { NEW_PRODUCT_FAN_OUT } from '@/functions/notifications/new-product.job';
import { notifyCreatorOfOrder } from '@/functions/notifications/notifications.service';
import type { EmailChannel, EmailKind } from '@/src/shared/email-preferences';
import { deliverQueuedEmails } from '../support/emails';
import { MemoryMailer } from '../support/mailer';
import { createProduct, createUser } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
const TOOL = 'claude';

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await t.db
    .insertInto('ai_tools')
    .values({ id: TOOL, name: 'Claude' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await jobsReady(t.db);
});

afterAll(async () => {
  setMailer(undefined);
  resetAuth();
  await closeDb();
});

let handles = 0;
async function person(name: string, preferences: Partial<Record<EmailKind, EmailChannel>> = {}) {
  const user = await createUser(t.db, { fullName: name, userType: 'community' });
  const handle = `person${Date.now().toString(36)}${handles++}`;
  await t.db.updateTable('profiles').set({ handle }).where('id', '=', user.id).execute();
  const rows = Object.entries(preferences).map(([kind, channel]) => ({ user_id: user.id, kind: kind as EmailKind, channel: channel!, previous_channel: null }));
  if (rows.length) await t.db.insertInto('notification_preferences').values(rows).execute();
  return { ...user, handle };
}

const noticesOf = (userId: string) =>
  t.db.selectFrom('user_notifications').select(['id', 'kind', 'community_reply_id', 'update_id', 'product_id']).where('user_id', '=', userId).execute();
const emailsOf = (userId: string) =>
  t.db.selectFrom('email_messages').select(['id', 'kind', 'reference', 'channel', 'payload']).where('user_id', '=', userId).orderBy('kind').execute();
const drainCommunity = () => drainJobs(t.db, { maxMs: 30_000, names: [COMMUNITY_EMAILS] });

async function question(authorId: string, title: string, body = 'What works for you?') {
  return createThread(t.db, authorId, { spaceId: 'help', kind: 'question', title, body, tags: [], toolIds: [], productIds: [], productId: null });
}

describe('community notices are emailed', () => {
  it('a reply, a mention and an accepted answer each queue one email at once, once however often the job runs', async () => {
    const asker = await person('Asker Ann', { community_reply: 'instant' });
    const answerer = await person('Answerer Al', { community_answer_accepted: 'instant' });
    const mentioned = await person('Mentioned Mia', { community_mention: 'instant' });
    const q = await question(asker.id, 'How do I chain prompts?');
    const reply = await createReply(t.db, answerer.id, q.id, { body: `Chain them in order; @${mentioned.handle} wrote a guide.` });
    await acceptAnswer(t.db, asker.id, q.id, reply.id);
    const mailer = new MemoryMailer();
    setMailer(mailer);
    await drainCommunity();
    await deliverQueuedEmails(t.db);

    const [replyNotice] = await noticesOf(asker.id);
    const [mentionNotice] = await noticesOf(mentioned.id);
    const [acceptedNotice] = await noticesOf(answerer.id);
    expect(replyNotice).toMatchObject({ kind: 'community_reply', community_reply_id: reply.id });
    expect(mentionNotice).toMatchObject({ kind: 'community_mention', community_reply_id: reply.id });
    expect(acceptedNotice).toMatchObject({ kind: 'community_answer_accepted', community_reply_id: reply.id });
    expect(await emailsOf(asker.id)).toMatchObject([{ kind: 'community_reply', reference: `notice:${replyNotice!.id}`, channel: 'instant' }]);
    expect(await emailsOf(mentioned.id)).toMatchObject([{ kind: 'community_mention', reference: `notice:${mentionNotice!.id}`, channel: 'instant' }]);
    expect(await emailsOf(answerer.id)).toMatchObject([{ kind: 'community_answer_accepted', reference: `notice:${acceptedNotice!.id}`, channel: 'instant' }]);
    expect((await emailsOf(asker.id))[0]!.payload).toMatchObject({
      subject: 'Answerer Al replied in “How do I chain prompts?”',
      card: { title: 'How do I chain prompts?', url: `/community/${q.id}#reply-${reply.id}` },
    });

    // Sent at once, one each, with the thread's absolute link.
    const toAsker = mailer.sent.filter((m) => m.to === asker.email);
    expect(toAsker.map((m) => m.subject)).toEqual(['Answerer Al replied in “How do I chain prompts?”']);
    expect(toAsker[0]!.text).toContain(`/community/${q.id}#reply-${reply.id}`);
    expect(mailer.sent.filter((m) => m.to === mentioned.email).map((m) => m.subject)).toEqual(['Answerer Al mentioned you in “How do I chain prompts?”']);
    expect(mailer.sent.filter((m) => m.to === answerer.email).map((m) => m.subject)).toEqual(['Asker Ann accepted your answer in “How do I chain prompts?”']);

    // The job again (a retry, a second drain): nothing more.
    expect(await queueCommunityNoticeEmails(t.db, [replyNotice!.id, mentionNotice!.id, acceptedNotice!.id])).toBe(0);
    await enqueue(t.db, COMMUNITY_EMAILS, { noticeIds: [replyNotice!.id, mentionNotice!.id, acceptedNotice!.id] });
    await drainCommunity();
    await deliverQueuedEmails(t.db);
    for (const user of [asker, mentioned, answerer]) expect(await emailsOf(user.id)).toHaveLength(1);
    expect(mailer.sent.filter((m) => [asker.email, mentioned.email, answerer.email].includes(m.to))).toHaveLength(3);
  });

  it('queues nothing, and tells nobody, for a post held for review', async () => {
    const asker = await person('Held Asker', { community_reply: 'instant' });
    const mentioned = await person('Held Mentioned', { community_mention: 'instant' });
    const q = await question(asker.id, 'Where are good prompt libraries?');
    const jobsBefore = (await listJobs(t.db, { name: COMMUNITY_EMAILS })).length;
    // A new account's reply with a link is held (docs/decisions/037).
    const held = await createReply(t.db, (await person('New Newt')).id, q.id, { body: `See https://spam.example and ask @${mentioned.handle}` });
    expect(held.heldForReview).toBe(true);
    const newbie = await person('New Nora');
    const ok = await createReply(t.db, newbie.id, q.id, { body: 'No links from me.' });
    await drainCommunity();
    await deliverQueuedEmails(t.db);
    // An edit that adds a link is held too: its mention tells nobody.
    await editReply(t.db, newbie.id, ok.id, { body: `Now with https://spam.example for @${mentioned.handle}` });
    await drainCommunity();
    await deliverQueuedEmails(t.db);
    expect((await noticesOf(asker.id)).map((n) => n.community_reply_id)).toEqual([ok.id]);
    expect(await noticesOf(mentioned.id)).toEqual([]);
    expect(await emailsOf(mentioned.id)).toEqual([]);
    expect((await emailsOf(asker.id)).map((m) => m.kind)).toEqual(['community_reply']);
    // One job: the plain reply's; the held posts enqueued none.
    expect((await listJobs(t.db, { name: COMMUNITY_EMAILS })).length).toBe(jobsBefore + 1);
  });

  it('writes neither the notice nor the email for a kind set to Off, and still tells the others', async () => {
    const asker = await person('Quiet Asker', { community_reply: 'off', community_answer_accepted: 'off' });
    const mentioned = await person('Quiet Mentioned', { community_mention: 'off' });
    const follower = await person('Loud Follower');
    const answerer = await person('Quiet Answerer', { community_answer_accepted: 'off' });
    const q = await question(asker.id, 'Which model for summaries?');
    await createReply(t.db, follower.id, q.id, { body: 'Following this.' });
    const reply = await createReply(t.db, answerer.id, q.id, { body: `Use a small one, says @${mentioned.handle}.` });
    await acceptAnswer(t.db, asker.id, q.id, reply.id);
    await drainCommunity();
    await deliverQueuedEmails(t.db);
    for (const user of [asker, mentioned, answerer]) {
      expect(await noticesOf(user.id)).toEqual([]);
      expect(await emailsOf(user.id)).toEqual([]);
    }
    // The follower (defaults: replies 'Email at once') gets the reply's notice and email.
    const notices = await noticesOf(follower.id);
    expect(notices).toMatchObject([{ kind: 'community_reply', community_reply_id: reply.id }]);
    expect(await emailsOf(follower.id)).toMatchObject([{ kind: 'community_reply', reference: `notice:${notices[0]!.id}`, channel: 'instant' }]);
  });
});

describe("'Off' stops the in-app notice of the fan-outs", () => {
  it('a follower with tool updates Off gets no notice of a feature update, another follower does; security follows its own kind', async () => {
    const off = await person('Off Otto', { tool_update: 'off' });
    const on = await person('On Ona');
    await t.db
      .insertInto('ai_tool_follows')
      .values([off, on].map((u) => ({ user_id: u.id, tool_id: TOOL })))
      .execute();
    const admin = await createUser(t.db, { fullName: 'Team Admin' });
    const post = async (updateType: 'feature' | 'security', title: string) => {
      const row = await insertUpdate(t.db, { toolId: TOOL, authorId: admin.id, title, content: `${title}.`, updateType, version: null });
      await enqueue(t.db, TOOL_UPDATE_FAN_OUT, { updateId: row.id });
      await drainJobs(t.db, { maxMs: 30_000, names: [TOOL_UPDATE_FAN_OUT, 'email.notifications'] });
      return row.id;
    };
    const feature = await post('feature', 'Longer context');
    expect((await noticesOf(off.id)).filter((n) => n.update_id === feature)).toEqual([]);
    expect((await noticesOf(on.id)).filter((n) => n.update_id === feature)).toHaveLength(1);
    expect((await emailsOf(off.id)).filter((m) => m.reference === `update:${feature}`)).toEqual([]);
    // 'Security updates' is its own kind (default 'Email at once'): Otto still hears of a security fix.
    const security = await post('security', 'Prompt injection fix');
    expect((await noticesOf(off.id)).filter((n) => n.update_id === security)).toHaveLength(1);
    expect((await noticesOf(on.id)).filter((n) => n.update_id === security)).toHaveLength(1);
  });

  it('a follower with new products Off gets no notice of a new product, another follower does', async () => {
    const creator = await createUser(t.db, { fullName: 'Creator Cy' });
    const off = await person('Off Ola', { new_product: 'off' });
    const on = await person('On Oli');
    await t.db
      .insertInto('follows')
      .values([off, on].map((u) => ({ follower_id: u.id, following_id: creator.id })))
      .execute();
    const product = await createProduct(t.db, creator.id, { title: 'Prompt pack', published_at: new Date() });
    await enqueue(t.db, NEW_PRODUCT_FAN_OUT, { productId: product.id });
    await drainJobs(t.db, { maxMs: 30_000, names: [NEW_PRODUCT_FAN_OUT] });
    expect((await noticesOf(off.id)).filter((n) => n.product_id === product.id)).toEqual([]);
    expect((await noticesOf(on.id)).filter((n) => n.product_id === product.id)).toHaveLength(1);
  });

  it('a creator with sales and refunds Off gets no sale notice, another creator does', async () => {
    const buyer = await createUser(t.db, { fullName: 'Buyer Bo', userType: 'buyer' });
    const notices = [];
    for (const [name, preferences] of [
      ['Quiet Seller', { sale: 'off' }],
      ['Busy Seller', {}],
    ] as const) {
      const creator = await person(name, preferences);
      const product = await createProduct(t.db, creator.id, { title: `${name}'s kit`, price: 19 });
      const order = await t.db
        .insertInto('orders')
        .values({ buyer_id: buyer.id, product_id: product.id, creator_id: creator.id, amount_cents: 1900, fee_cents: 190, provider: 'local', status: 'paid' })
        .returningAll()
        .executeTakeFirstOrThrow();
      await t.db.transaction().execute((trx) => notifyCreatorOfOrder(trx, order, 'sale'));
      notices.push((await noticesOf(creator.id)).length);
    }
    expect(notices).toEqual([0, 1]);
  });
});
