/**
 * Email notifications (issue 18, docs/decisions/041) on a real database, through real Requests
 * and src/middleware.ts for the routes:
 * - preferences per kind: who gets an email at once, a digest line, or nothing, for a security
 *   update and a feature update; the settings routes refuse what a kind does not offer;
 * - a fan-out or a delivery that runs twice sends once; the provider down keeps the email
 *   queued, its 'email.deliver' job retried with backoff, then sent once; after the last retry
 *   it is kept as 'failed' (docs/decisions/059);
 * - an account deleted, email turned off or an address suppressed: nothing already queued goes;
 * - the one-click unsubscribe with a valid, a forged, an expired and an unknown-kind token, and
 *   its 'Undo';
 * - a digest built exactly once by two overlapping runs, none for a user with nothing new;
 * - Resend's webhook: a validly signed hard bounce suppresses the address (the settings say
 *   so), a bad signature changes nothing.
 * The mail provider is the one outside service: a memory mailer (and a refusing one) stands in.
 */
import { randomBytes } from 'node:crypto';
import type { APIContext } from 'astro';
import { Webhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { getEnv } from '@/env';
import { setMailer, type Mailer } from '@/functions/_shared/mailer';
import { drainJobs, jobsReady, listJobs } from '@/functions/jobs';
import { enqueueNotificationEmails } from '@/functions/email/jobs';
import { buildDigests, lastCompletePeriod } from '@/functions/email/digest.service';
import { queueNewProductEmails, queueNotificationEmail, queueToolUpdateEmails } from '@/functions/email/email.service';
import { createUnsubscribeToken } from '@/functions/email/unsubscribe-token';
import { insertUpdate, insertUpdateNoticeBatch } from '@/functions/tool-updates/tool-updates.repository';
import { defaultPreferences, type EmailPreferences } from '@/src/shared/email-preferences';
import * as settingsRoute from '@/src/pages/api/settings/notifications';
import * as unsubscribeRoute from '@/src/pages/api/unsubscribe/index';
import * as undoRoute from '@/src/pages/api/unsubscribe/undo';
import * as webhookRoute from '@/src/pages/api/email/webhook';
import { call, signUp, type TestSession } from '../support/api';
import { deliverQueuedEmails } from '../support/emails';
import { MemoryMailer } from '../support/mailer';
import { createProduct } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

const WEBHOOK_SECRET = vi.hoisted(() => {
  const secret = `whsec_${Buffer.from('toolmint-test-resend-webhook-secret').toString('base64')}`;
  process.env['RESEND_WEBHOOK_SECRET'] = secret;
  process.env['RATE_LIMIT_SCALE'] = '100';
  return secret;
});

type Handler = (context: APIContext) => Response | Promise<Response>;
// The delivery job renders with the site's own address.
const SITE_URL = getEnv().SITE_URL;

let t: TestDb;
let admin: TestSession;
const TOOL = 'claude';

/** A mailer that refuses every message, like a provider that is down. */
class DownMailer implements Mailer {
  readonly destination = 'down';
  tries = 0;
  readonly triedTo: string[] = [];
  async send(message: { to: string }): Promise<void> {
    this.tries++;
    this.triedTo.push(message.to);
    throw new Error('Resend refused the email (503): service unavailable');
  }
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await t.db
    .insertInto('ai_tools')
    .values({ id: TOOL, name: 'Claude' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  admin = await signUp('community', 'Team Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

async function follower(name: string): Promise<TestSession> {
  const user = await signUp('buyer', name);
  await t.db.insertInto('ai_tool_follows').values({ user_id: user.userId, tool_id: TOOL }).execute();
  return user;
}

const settings = (session: TestSession) => call(settingsRoute.GET as Handler, '/api/settings/notifications', { session });
const save = (session: TestSession, preferences: Partial<EmailPreferences> | Record<string, string>) =>
  call(settingsRoute.PUT as Handler, '/api/settings/notifications', {
    method: 'PUT',
    session,
    json: { preferences: { ...defaultPreferences(), ...preferences } },
  });

/**
 * A tool update and its notices, as the notices' fan-out job writes them, then the email fan-out
 * ('email.notifications'), called directly: these tests choose when (and through which mailer)
 * emails go. The same through the job engine: 'as jobs on the engine' below.
 */
async function post(type: 'security' | 'feature', title: string) {
  const row = await insertUpdate(t.db, {
    toolId: TOOL,
    authorId: admin.userId,
    title,
    content: `${title}: what changed and what to do.`,
    updateType: type,
    version: null,
  });
  await insertUpdateNoticeBatch(t.db, { id: row.id, toolId: TOOL, createdAt: new Date(row.created_at) }, 'follow', '', 100_000);
  await queueToolUpdateEmails(t.db, row.id);
  return row.id;
}

const messagesOf = (reference: string) => t.db.selectFrom('email_messages').selectAll().where('reference', '=', reference).orderBy('user_id').execute();
const sentTo = (mailer: MemoryMailer, email: string) => mailer.sent.filter((m) => m.to === email);

/** Runs the outbox's due deliveries with `mailer` as the mail transport, as the worker would. */
async function deliverWith<M extends Mailer>(mailer: M): Promise<M> {
  setMailer(mailer);
  try {
    await deliverQueuedEmails(t.db);
  } finally {
    setMailer(undefined);
  }
  return mailer;
}

/** The delivery job of message `id` in state 'retry', due now instead of after its backoff (the clock moved on). */
async function retryDueNow(id: string): Promise<void> {
  await sql`update pgboss.job set start_after = now() where name = 'email.deliver' and data->>'messageId' = ${id} and state = 'retry'`.execute(t.db);
}

const deliveryJobsOf = async (id: string) =>
  (
    await sql<{ state: string }>`select state from pgboss.job where name = 'email.deliver' and data->>'messageId' = ${id} order by created_on`.execute(t.db)
  ).rows.map((r) => r.state);

describe('preferences per kind', () => {
  it('sends a security update at once by default, a feature update to the daily digest, and nothing where it is off', async () => {
    const byDefault = await follower('Default Dana');
    const eager = await follower('Eager Eli');
    const quiet = await follower('Quiet Quinn');
    expect((await save(eager, { tool_update: 'instant' })).status).toBe(200);
    expect((await save(quiet, { security_update: 'off', tool_update: 'app' })).status).toBe(200);
    expect((await settings(quiet)).body).toEqual({ preferences: { ...defaultPreferences(), security_update: 'off', tool_update: 'app' }, suppressed: null });

    const security = await post('security', 'Prompt injection fix');
    const feature = await post('feature', 'Longer context');
    const channels = async (id: string) => Object.fromEntries((await messagesOf(`update:${id}`)).map((m) => [m.user_id, `${m.channel}/${m.status}`]));
    const sec = await channels(security);
    expect(sec[byDefault.userId]).toBe('instant/queued');
    expect(sec[eager.userId]).toBe('instant/queued');
    expect(sec[quiet.userId]).toBeUndefined();
    const feat = await channels(feature);
    expect(feat[byDefault.userId]).toBe('daily/pending_digest');
    expect(feat[eager.userId]).toBe('instant/queued');
    expect(feat[quiet.userId]).toBeUndefined();

    const mailer = await deliverWith(new MemoryMailer());
    const [mail] = sentTo(mailer, byDefault.email);
    expect(sentTo(mailer, byDefault.email)).toHaveLength(1);
    expect(mail!.subject).toBe('Security update for Claude: Prompt injection fix');
    expect(
      sentTo(mailer, eager.email)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Claude: Longer context', 'Security update for Claude: Prompt injection fix']);
    expect(sentTo(mailer, quiet.email)).toEqual([]);
    // Both parts, absolute links, the one-click headers, no images.
    expect(mail!.text).toContain('Prompt injection fix');
    expect(mail!.text).toContain(`${SITE_URL}/settings/notifications`);
    expect(mail!.html).toContain(`href="${SITE_URL}/tools/claude`);
    expect(mail!.html).not.toMatch(/<img/i);
    expect(mail!.html).not.toMatch(/href="\//);
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(new RegExp(`^<${SITE_URL}/api/unsubscribe\\?token=[A-Za-z0-9_.-]+>$`));
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('refuses a channel a kind does not offer, and an unknown kind (400, nothing saved)', async () => {
    const user = await signUp('buyer', 'Picky Pat');
    const bad = await save(user, { weekly_digest: 'instant' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['preferences.weekly_digest']).toMatch(/Weekly digest can be Off, Weekly digest/);
    const unknown = await save(user, { newsletter: 'instant' });
    expect(unknown.status).toBe(400);
    expect((await settings(user)).body.preferences).toEqual(defaultPreferences());
    expect((await call(settingsRoute.GET as Handler, '/api/settings/notifications', { session: null })).status).toBe(401);
  });
});

describe('sending once', () => {
  it('queues and sends once when the fan-out and the delivery each run twice', async () => {
    const user = await follower('Twice Tess');
    const id = await post('security', 'Token leak fix');
    expect((await queueToolUpdateEmails(t.db, id)).queued).toBe(0); // post() queued them already
    const mailer = new MemoryMailer();
    setMailer(mailer);
    try {
      // Two drains at once never take the same job (SKIP LOCKED); a third finds nothing left.
      await Promise.all([deliverQueuedEmails(t.db), deliverQueuedEmails(t.db)]);
      await deliverQueuedEmails(t.db);
    } finally {
      setMailer(undefined);
    }
    expect(sentTo(mailer, user.email).filter((m) => m.subject.includes('Token leak fix'))).toHaveLength(1);
    const [row] = (await messagesOf(`update:${id}`)).filter((m) => m.user_id === user.userId);
    expect(row!.status).toBe('sent');
    expect(mailer.sent.find((m) => m.to === user.email)!.idempotencyKey).toBe(row!.id);
  });

  it('keeps an email queued while the provider is down, retries its job with backoff, and sends it once', async () => {
    const user = await follower('Patient Pia');
    const id = await post('security', 'Sandbox escape fix');
    const [queued] = (await messagesOf(`update:${id}`)).filter((m) => m.user_id === user.userId);
    const down = await deliverWith(new DownMailer());
    const [row] = (await messagesOf(`update:${id}`)).filter((m) => m.user_id === user.userId);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.last_error).toMatch(/503/);
    expect(await deliveryJobsOf(queued!.id)).toEqual(['retry']);
    // Not due yet (a minute or two of backoff): nothing is tried again at the same moment.
    const tries = down.tries;
    await deliverWith(down);
    expect(down.tries).toBe(tries);
    await retryDueNow(queued!.id);
    const mailer = await deliverWith(new MemoryMailer());
    expect(sentTo(mailer, user.email)).toHaveLength(1);
    expect((await messagesOf(`update:${id}`)).find((m) => m.user_id === user.userId)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(await deliveryJobsOf(queued!.id)).toEqual(['completed']);
  });

  it('sends an email queued just now at once: its job is due when its row commits', async () => {
    // (The hand-written queue before compared the database's clock with the sender's; a job is
    // due when it is created, whatever either clock reads.)
    const user = await signUp('creator', 'Prompt Pia');
    await t.db
      .insertInto('notification_preferences')
      .values({ user_id: user.userId, kind: 'new_product', channel: 'instant', previous_channel: null })
      .execute();
    const product = await createProduct(t.db, user.userId, { title: 'Prompt Product' });
    const messageId = await queueNotificationEmail(t.db, { userId: user.userId, kind: 'new_product', reference: `product:${product.id}` });
    expect(await deliveryJobsOf(messageId!)).toEqual(['created']);
    const mailer = await deliverWith(new MemoryMailer());
    expect(sentTo(mailer, user.email)).toHaveLength(1);
  });

  it('keeps an email that never goes through as failed, with its error, after the last retry', async () => {
    const user = await signUp('creator', 'Unlucky Uma');
    await t.db
      .insertInto('notification_preferences')
      .values({ user_id: user.userId, kind: 'new_product', channel: 'instant', previous_channel: null })
      .execute();
    const product = await createProduct(t.db, user.userId, { title: 'Unlucky Product' });
    const messageId = await queueNotificationEmail(t.db, { userId: user.userId, kind: 'new_product', reference: `product:${product.id}` });
    const down = new DownMailer();
    const triesOf = () => down.triedTo.filter((to) => to === user.email).length;
    // Ten attempts: the first and nine retries, each due at once here instead of after its backoff.
    for (let attempt = 1; attempt <= 10; attempt++) {
      await deliverWith(down);
      expect(triesOf()).toBe(attempt);
      await retryDueNow(messageId!);
    }
    expect(await deliveryJobsOf(messageId!)).toEqual(['failed']);
    const row = await t.db.selectFrom('email_messages').selectAll().where('id', '=', messageId!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 10 });
    expect(row.last_error).toMatch(/503/);
    // Nothing more is tried.
    await deliverWith(down);
    expect(triesOf()).toBe(10);
  });
});

describe('community notices', () => {
  it('emails a reply at once by default with the card it was given, and a mention set to the daily digest waits', async () => {
    const user = await signUp('community', 'Chatty Cleo');
    await save(user, { community_mention: 'daily' });
    const reply = await queueNotificationEmail(t.db, {
      userId: user.userId,
      kind: 'community_reply',
      reference: 'reply:1',
      payload: {
        subject: 'Ada replied to your post',
        intro: 'Ada replied to "Best n8n workflows?".',
        card: { title: 'Re: Best n8n workflows?', url: '/community#post-1', text: 'Try the lead one.' },
      },
    });
    const mention = await queueNotificationEmail(t.db, {
      userId: user.userId,
      kind: 'community_mention',
      reference: 'mention:1',
      payload: { subject: 'Ada mentioned you', intro: 'Ada mentioned you.', card: { title: 'A post', url: '/community#post-2' } },
    });
    // A card pointing off the site is dropped at send time.
    const offSite = await queueNotificationEmail(t.db, {
      userId: user.userId,
      kind: 'community_answer_accepted',
      reference: 'answer:1',
      payload: { subject: 'Accepted', intro: 'Accepted.', card: { title: 'Elsewhere', url: 'https://evil.example/x' } },
    });
    expect([reply, mention, offSite].every(Boolean)).toBe(true);
    const mailer = await deliverWith(new MemoryMailer());
    const mails = sentTo(mailer, user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Ada replied to your post']);
    expect(mails[0]!.html).toContain(`href="${SITE_URL}/community#post-1"`);
    const rows = await t.db.selectFrom('email_messages').select(['kind', 'status']).where('user_id', '=', user.userId).orderBy('kind').execute();
    expect(rows).toEqual([
      { kind: 'community_answer_accepted', status: 'cancelled' },
      { kind: 'community_mention', status: 'pending_digest' },
      { kind: 'community_reply', status: 'sent' },
    ]);
  });
});

describe('as jobs on the engine', () => {
  it("'email.notifications' enqueued twice and drained queues and sends one email per follower", async () => {
    const user = await follower('Jobbed Jo');
    const row = await insertUpdate(t.db, {
      toolId: TOOL,
      authorId: admin.userId,
      title: 'Job-run fix',
      content: 'Fixed through a job.',
      updateType: 'security',
      version: null,
    });
    await insertUpdateNoticeBatch(t.db, { id: row.id, toolId: TOOL, createdAt: new Date(row.created_at) }, 'follow', '', 100_000);
    const mailer = new MemoryMailer();
    setMailer(mailer);
    try {
      await jobsReady(t.db);
      await t.db.transaction().execute(async (trx) => {
        await enqueueNotificationEmails(trx, { updateId: row.id });
        await enqueueNotificationEmails(trx, { updateId: row.id });
      });
      await drainJobs(t.db, { maxMs: 30_000, names: ['email.notifications', 'email.deliver'] });
      await drainJobs(t.db, { maxMs: 30_000, names: ['email.notifications', 'email.deliver'] });
    } finally {
      setMailer(undefined);
    }
    expect(sentTo(mailer, user.email).filter((m) => m.subject === 'Security update for Claude: Job-run fix')).toHaveLength(1);
    expect((await messagesOf(`update:${row.id}`)).filter((m) => m.user_id === user.userId)).toMatchObject([{ status: 'sent' }]);
    expect((await listJobs(t.db, { name: 'email.notifications' })).map((j) => j.state)).toEqual(['completed', 'completed']);
  });
});

describe('nothing for whom it should not reach', () => {
  it('sends nothing already queued to a deleted account, an account that turned email off, or a suppressed address', async () => {
    const gone = await follower('Gone Gil');
    const off = await follower('Off Olga');
    const bounced = await follower('Bounced Ben');
    const kept = await follower('Kept Kim');
    const id = await post('security', 'Auth bypass fix');
    expect((await messagesOf(`update:${id}`)).filter((m) => [gone, off, bounced, kept].some((u) => u.userId === m.user_id))).toHaveLength(4);
    await t.db.deleteFrom('users').where('id', '=', gone.userId).execute();
    expect((await save(off, { security_update: 'app' })).status).toBe(200);
    await t.db.insertInto('email_suppressions').values({ email: bounced.email, reason: 'bounce', detail: null }).execute();
    const mailer = await deliverWith(new MemoryMailer());
    expect(mailer.sent.map((m) => m.to).filter((to) => [gone.email, off.email, bounced.email, kept.email].includes(to))).toEqual([kept.email]);
    const rows = Object.fromEntries((await messagesOf(`update:${id}`)).map((m) => [m.user_id, m]));
    expect(rows[gone.userId]).toBeUndefined();
    expect(rows[off.userId]).toMatchObject({ status: 'cancelled' });
    expect(rows[off.userId]!.cancel_reason).toMatch(/turned off/);
    expect(rows[bounced.userId]).toMatchObject({ status: 'cancelled', cancel_reason: 'the address is suppressed (bounce)' });
  });
});

describe('one-click unsubscribe', () => {
  const oneClick = (token: string) =>
    call(unsubscribeRoute.POST as Handler, `/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      origin: null,
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('turns the kind off with a valid token and no sign-in; Undo brings it back', async () => {
    const user = await signUp('buyer', 'Leaving Lou');
    await save(user, { tool_update: 'instant' });
    const res = await oneClick(createUnsubscribeToken(user.userId, 'tool_update'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: 'tool_update', label: 'Tool updates', channel: 'off', previous: 'instant', scope: 'kind', creatorName: null });
    expect((await settings(user)).body.preferences.tool_update).toBe('off');
    expect((await oneClick(createUnsubscribeToken(user.userId, 'tool_update'))).status).toBe(200);
    const undo = await call(undoRoute.POST as Handler, `/api/unsubscribe/undo?token=${createUnsubscribeToken(user.userId, 'tool_update')}`, { method: 'POST' });
    expect(undo.status).toBe(200);
    expect((await settings(user)).body.preferences.tool_update).toBe('instant');
  });

  it('answers 400 and changes nothing for a forged, an expired, a malformed or an unknown-kind token', async () => {
    const user = await signUp('buyer', 'Staying Sam');
    const valid = createUnsubscribeToken(user.userId, 'security_update');
    const [payload, signature] = valid.split('.') as [string, string];
    const otherUser = Buffer.from(JSON.stringify({ u: admin.userId, k: 'security_update', x: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
    const forged = [
      `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${otherUser}.${signature}`,
      createUnsubscribeToken(user.userId, 'security_update', { secret: 'not-the-server-secret' }),
    ];
    for (const token of forged) {
      const res = await oneClick(token);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    const expired = await oneClick(createUnsubscribeToken(user.userId, 'security_update', { now: new Date(Date.now() - 91 * 86_400_000) }));
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toMatch(/expired/);
    expect((await oneClick('not-a-token')).status).toBe(400);
    const unknownKind = await oneClick(createUnsubscribeToken(user.userId, 'newsletter' as never));
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.error.fields).toEqual({ kind: 'Unknown kind' });
    expect((await settings(user)).body.preferences).toEqual(defaultPreferences());
    expect((await settings(admin)).body.preferences).toEqual(defaultPreferences());
  });
});

describe('digests', () => {
  it('builds a daily digest exactly once with two overlapping runs, and none for a user with nothing new', async () => {
    const digest = await follower('Digest Dora');
    const nothing = await follower('Nothing Ned');
    await save(nothing, { tool_update: 'weekly' });
    const id = await post('feature', 'Daily digest feature');
    const now = new Date(Date.now() + 86_400_000);
    const yesterday = lastCompletePeriod('daily', now);
    // The notice came in during the digest's day.
    await t.db
      .updateTable('email_messages')
      .set({ created_at: new Date(yesterday.start.getTime() + 3_600_000) } as never)
      .where('reference', '=', `update:${id}`)
      .execute();
    const runs = await Promise.all([buildDigests(t.db, 'daily', { now, siteUrl: SITE_URL }), buildDigests(t.db, 'daily', { now, siteUrl: SITE_URL })]);
    expect(runs.reduce((n, r) => n + r.built, 0)).toBeGreaterThanOrEqual(1);
    const digests = await t.db
      .selectFrom('email_messages')
      .selectAll()
      .where('kind', '=', 'daily_digest')
      .where('user_id', 'in', [digest.userId, nothing.userId])
      .execute();
    expect(digests.map((d) => d.user_id)).toEqual([digest.userId]);
    expect(digests[0]!.reference).toBe(`daily:${yesterday.start.toISOString().slice(0, 10)}`);
    const line = (await messagesOf(`update:${id}`)).find((m) => m.user_id === digest.userId)!;
    expect(line).toMatchObject({ status: 'digested', digest_id: digests[0]!.id });
    // A third run the next minute builds nothing more.
    await buildDigests(t.db, 'daily', { now, siteUrl: SITE_URL });
    expect(await t.db.selectFrom('email_messages').select('id').where('kind', '=', 'daily_digest').where('user_id', '=', digest.userId).execute()).toHaveLength(
      1,
    );
    const mailer = await deliverWith(new MemoryMailer());
    const [mail] = sentTo(mailer, digest.email);
    expect(mail!.subject).toBe(`Your toolmint daily digest for ${yesterday.start.toISOString().slice(0, 10)}`);
    expect(mail!.text).toContain('Daily digest feature');
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('builds the weekly digest once with the week of followed tools and creators, and skips those with nothing new', async () => {
    const reader = await follower('Weekly Wanda');
    const creator = await signUp('creator', 'Followed Fiona');
    await t.db.insertInto('follows').values({ follower_id: reader.userId, following_id: creator.userId }).execute();
    const lonely = await signUp('buyer', 'Lonely Leo');
    const now = new Date(Date.now() + 7 * 86_400_000);
    const week = lastCompletePeriod('weekly', now);
    const inWeek = new Date(week.start.getTime() + 86_400_000);
    const product = await createProduct(t.db, creator.userId, { title: 'Weekly Workflow', published_at: inWeek });
    const update = await post('feature', 'Weekly feature');
    await t.db.updateTable('ai_tool_updates').set({ created_at: inWeek }).where('id', '=', update).execute();
    await queueNewProductEmails(t.db, product.id);
    const runs = await Promise.all([buildDigests(t.db, 'weekly', { now, siteUrl: SITE_URL }), buildDigests(t.db, 'weekly', { now, siteUrl: SITE_URL })]);
    expect(runs.every((r) => r.built + r.skipped > 0)).toBe(true);
    const digests = await t.db
      .selectFrom('email_messages')
      .selectAll()
      .where('kind', '=', 'weekly_digest')
      .where('user_id', 'in', [reader.userId, lonely.userId])
      .execute();
    expect(digests.map((d) => d.user_id)).toEqual([reader.userId]);
    const sections = (digests[0]!.payload as { sections: { title: string; cards: { title: string }[] }[] }).sections;
    expect(sections.map((s) => s.title)).toEqual(expect.arrayContaining(['Updates from tools you follow', 'New from creators you follow']));
    expect(sections.flatMap((s) => s.cards.map((c) => c.title))).toEqual(expect.arrayContaining(['Weekly feature', 'Weekly Workflow']));
    // The product's own line (new products are on 'Daily digest' by default) still waits for the daily digest.
    expect((await messagesOf(`product:${product.id}`)).find((m) => m.user_id === reader.userId)).toMatchObject({ channel: 'daily', status: 'pending_digest' });
  });
});

describe("Resend's webhook", () => {
  const webhook = new Webhook(WEBHOOK_SECRET);
  const deliver = (payload: string, headers: Record<string, string>) =>
    call(webhookRoute.POST as Handler, '/api/email/webhook', {
      method: 'POST',
      origin: null,
      body: payload,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const signed = (payload: string, id = `msg_${randomBytes(8).toString('hex')}`) => {
    const at = new Date();
    return { 'svix-id': id, 'svix-timestamp': String(Math.floor(at.getTime() / 1000)), 'svix-signature': webhook.sign(id, at, payload) };
  };

  it('suppresses the address of a validly signed hard bounce, and the settings say so', async () => {
    const user = await signUp('buyer', 'Bouncy Bo');
    const payload = JSON.stringify({
      type: 'email.bounced',
      created_at: new Date().toISOString(),
      data: { email_id: 'e1', to: [user.email], bounce: { type: 'Permanent', subType: 'General', message: 'No such user' } },
    });
    const res = await deliver(payload, signed(payload));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, suppressed: 1 });
    const view = (await settings(user)).body;
    expect(view.suppressed).toMatchObject({ reason: 'bounce' });
    // The same event again changes nothing.
    expect((await deliver(payload, signed(payload))).body).toEqual({ received: true, suppressed: 0 });
  });

  it('records a complaint, and ignores soft bounces and other events', async () => {
    const user = await signUp('buyer', 'Cross Cal');
    const soft = JSON.stringify({ type: 'email.bounced', data: { to: [user.email], bounce: { type: 'Transient' } } });
    expect((await deliver(soft, signed(soft))).body).toEqual({ received: true, suppressed: 0 });
    const delivered = JSON.stringify({ type: 'email.delivered', data: { to: [user.email] } });
    expect((await deliver(delivered, signed(delivered))).body).toEqual({ received: true, suppressed: 0 });
    expect((await settings(user)).body.suppressed).toBeNull();
    const complaint = JSON.stringify({ type: 'email.complained', data: { to: [user.email] } });
    expect((await deliver(complaint, signed(complaint))).body).toEqual({ received: true, suppressed: 1 });
    expect((await settings(user)).body.suppressed).toMatchObject({ reason: 'complaint' });
  });

  it('refuses a bad, missing, stale or other-secret signature with 400 and writes nothing', async () => {
    const user = await signUp('buyer', 'Safe Sue');
    const payload = JSON.stringify({ type: 'email.bounced', data: { to: [user.email], bounce: { type: 'Permanent' } } });
    const good = signed(payload);
    const stale = new Date(Date.now() - 3600_000);
    const other = new Webhook(`whsec_${Buffer.from('another-secret-entirely').toString('base64')}`);
    const attempts: Record<string, string>[] = [
      {},
      { ...good, 'svix-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' },
      { ...good, 'svix-id': 'msg_other' },
      { 'svix-id': 'msg_stale', 'svix-timestamp': String(Math.floor(stale.getTime() / 1000)), 'svix-signature': webhook.sign('msg_stale', stale, payload) },
      {
        'svix-id': 'msg_x',
        'svix-timestamp': good['svix-timestamp'],
        'svix-signature': other.sign('msg_x', new Date(Number(good['svix-timestamp']) * 1000), payload),
      },
    ];
    for (const headers of attempts) {
      const res = await deliver(payload, headers);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    // A body changed after signing.
    expect((await deliver(payload.replace('Permanent', 'Permanent '), good)).status).toBe(400);
    expect((await settings(user)).body.suppressed).toBeNull();
  });
});
