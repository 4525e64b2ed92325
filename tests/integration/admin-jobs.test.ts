/**
 * What failed in the background, for administrators (/admin/jobs, docs/decisions/044), against a
 * real database (PGlite, or PostgreSQL through the Neon driver with DATABASE_URL):
 * - POST /api/admin/jobs/{id}/retry gives a job kept as failed one more attempt (pg-boss
 *   retry): administrators only, 404 for an unknown job, 409 for one that is not failed (a
 *   second click), and the attempt runs on the next drain;
 * - the emails kept as failed and the suppressed addresses, newest first, administrators only;
 * - POST /api/admin/emails/{id}/retry sends a failed email once more, at once: administrators
 *   only, 404 / 409 / 400 like the jobs' Retry, and refused again it is kept as failed;
 * - the account emails sent by the real auth are transactional in the notifications' layout:
 *   both parts, the 'cannot be unsubscribed from' footer, no List-Unsubscribe.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { AppError } from '@/functions/_shared/errors';
import { defineJob, drainJobs, enqueue, findJob, jobsReady } from '@/functions/jobs';
import { listEmailProblemsForAdmin } from '@/functions/email/failures.service';
import { setMailer, type Mailer } from '@/functions/_shared/mailer';
import { POST as retryRoute } from '@/src/pages/api/admin/jobs/[id]/retry';
import { POST as retryEmailRoute } from '@/src/pages/api/admin/emails/[id]/retry';
import { deliverQueuedEmails } from '../support/emails';
import { call, signUp, testMailer, type TestSession } from '../support/api';
import { createTestDb, type TestDb } from '../support/test-db';

vi.hoisted(() => {
  process.env['RATE_LIMIT_SCALE'] = '100';
});

let t: TestDb;
let admin: TestSession;
let stranger: TestSession;

/** A job that fails until the service it needs comes back (no retries of its own: failed at once). */
const service = { up: false, runs: 0 };
defineJob<{ order: string }>(
  'test.needs-service',
  async () => {
    service.runs++;
    if (!service.up) throw new Error('the payment provider is down');
  },
  { retryLimit: 0 },
);

const retry = (id: string, session: TestSession | null) => call(retryRoute, `/api/admin/jobs/${id}/retry`, { method: 'POST', session, params: { id } });

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  admin = await signUp('community', 'Jobs Page Admin');
  await t.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  stranger = await signUp('buyer', 'Not An Admin Either');
  await jobsReady(t.db);
});

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('POST /api/admin/jobs/{id}/retry', () => {
  it('runs a failed job once more, for administrators only, and refuses a second retry', async () => {
    const id = (await enqueue(t.db, 'test.needs-service', { order: 'TM-000042' }))!;
    expect(await drainJobs(t.db, { names: ['test.needs-service'] })).toMatchObject({ completed: 0, failed: 1 });
    expect(await findJob(t.db, id)).toMatchObject({ state: 'failed', retryCount: 0, retryLimit: 0 });

    expect((await retry(id, stranger)).status).toBe(403);
    expect((await retry(id, null)).status).toBe(401);
    expect((await findJob(t.db, id))?.state).toBe('failed');

    const retried = await retry(id, admin);
    expect(retried.status).toBe(200);
    // Due now, one more attempt allowed; the last error stays until that attempt runs.
    expect(retried.body).toMatchObject({
      id,
      name: 'test.needs-service',
      state: 'retry',
      retryLimit: 1,
      error: { message: 'the payment provider is down' },
    });
    const again = await retry(id, admin);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('JOB_NOT_FAILED');

    service.up = true;
    const runsBefore = service.runs;
    expect(await drainJobs(t.db, { names: ['test.needs-service'] })).toMatchObject({ completed: 1, failed: 0 });
    expect(service.runs).toBe(runsBefore + 1);
    expect((await findJob(t.db, id))?.state).toBe('completed');
    // A completed job is not retried.
    expect((await retry(id, admin)).status).toBe(409);
  });

  it('answers 404 for an unknown job and 400 for an id that is not one', async () => {
    const unknown = await retry('0190c6a2-3b7e-7d1a-9f4e-5c2b8a1d6e3f', admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('JOB_NOT_FOUND');
    const malformed = await retry('not-a-job', admin);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('failed emails and suppressed addresses', () => {
  it('lists them newest first, with the error and the account address, for administrators only', async () => {
    const user = await signUp('buyer', 'Bounced Buyer');
    const stamp = Date.now();
    await t.db
      .insertInto('email_messages')
      .values([
        {
          user_id: user.userId,
          kind: 'sale',
          reference: `sale:older-${stamp}`,
          channel: 'instant',
          status: 'failed',
          attempts: 10,
          last_error: 'Resend refused the email (503): service unavailable',
          created_at: new Date(stamp - 60_000),
        },
        {
          user_id: user.userId,
          kind: 'daily_digest',
          reference: `daily:newer-${stamp}`,
          channel: 'daily',
          status: 'failed',
          attempts: 10,
          last_error: 'Resend refused the email (422): invalid from address',
          created_at: new Date(stamp),
        },
        // Neither failed: not listed.
        { user_id: user.userId, kind: 'sale', reference: `sale:sent-${stamp}`, channel: 'instant', status: 'sent' },
        { user_id: user.userId, kind: 'sale', reference: `sale:queued-${stamp}`, channel: 'instant', status: 'queued' },
      ])
      .execute();
    await t.db
      .insertInto('email_suppressions')
      .values([
        { email: `bounced-${stamp}@example.com`, reason: 'bounce', detail: 'Permanent · General', created_at: new Date(stamp - 1000) },
        { email: `complained-${stamp}@example.com`, reason: 'complaint', detail: null, created_at: new Date(stamp) },
      ])
      .execute();

    const problems = await listEmailProblemsForAdmin(t.db, admin.userId);
    const mine = problems.failed.filter((m) => m.reference.endsWith(`-${stamp}`));
    expect(mine).toEqual([
      {
        id: expect.any(String),
        kind: 'daily_digest',
        status: 'failed',
        reference: `daily:newer-${stamp}`,
        to: user.email,
        attempts: 10,
        error: 'Resend refused the email (422): invalid from address',
        queuedAt: new Date(stamp).toISOString(),
      },
      expect.objectContaining({ kind: 'sale', reference: `sale:older-${stamp}`, error: 'Resend refused the email (503): service unavailable' }),
    ]);
    expect(problems.suppressed.filter((s) => s.email.endsWith(`-${stamp}@example.com`))).toEqual([
      { email: `complained-${stamp}@example.com`, reason: 'complaint', detail: null, since: new Date(stamp).toISOString() },
      { email: `bounced-${stamp}@example.com`, reason: 'bounce', detail: 'Permanent · General', since: new Date(stamp - 1000).toISOString() },
    ]);
    await expect(listEmailProblemsForAdmin(t.db, stranger.userId)).rejects.toThrow(AppError);
  });
});

describe('POST /api/admin/emails/{id}/retry', () => {
  const retryEmail = (id: string, session: TestSession | null) =>
    call(retryEmailRoute, `/api/admin/emails/${id}/retry`, { method: 'POST', session, params: { id } });

  /** A community reply's email that ran out of tries (its card travels in the payload). */
  async function failedEmail(userId: string, reference: string): Promise<string> {
    const row = await t.db
      .insertInto('email_messages')
      .values({
        user_id: userId,
        kind: 'community_reply',
        reference,
        channel: 'instant',
        status: 'failed',
        attempts: 10,
        last_error: 'Resend refused the email (503): service unavailable',
        payload: JSON.stringify({
          subject: `Ada replied to your post (${reference})`,
          intro: 'Ada replied to "Best n8n workflows?".',
          card: { title: 'Re: Best n8n workflows?', url: '/community', text: 'Try the lead one.' },
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function recipient(name: string): Promise<TestSession> {
    const user = await signUp('community', name);
    await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', user.userId).execute();
    return user;
  }

  it('sends a failed email once more at once, for administrators only, and refuses a second click', async () => {
    const user = await recipient('Retried Rita');
    const id = await failedEmail(user.userId, `reply:retry-${Date.now()}`);
    expect((await retryEmail(id, stranger)).status).toBe(403);
    expect((await retryEmail(id, null)).status).toBe(401);
    expect((await t.db.selectFrom('email_messages').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('failed');

    const mailer = testMailer();
    const before = mailer.sent.filter((m) => m.to === user.email).length;
    const retried = await retryEmail(id, admin);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id, kind: 'community_reply', status: 'queued', to: user.email, attempts: 10 });
    await deliverQueuedEmails(t.db);
    const sent = mailer.sent.filter((m) => m.to === user.email).slice(before);
    expect(sent.map((m) => m.subject)).toEqual([expect.stringMatching(/^Ada replied to your post/)]);
    expect(sent[0]!.idempotencyKey).toBe(id);
    expect(await t.db.selectFrom('email_messages').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: 'sent',
      attempts: 11,
    });
    const again = await retryEmail(id, admin);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('EMAIL_NOT_FAILED');
  });

  it('keeps an email refused once more as failed, with the new error, and answers 404 and 400 for ids that are not one', async () => {
    const user = await recipient('Refused Ruth');
    const id = await failedEmail(user.userId, `reply:refused-${Date.now()}`);
    const down: Mailer = {
      destination: 'down',
      send: async () => {
        throw new Error('Resend refused the email (422): the domain is not verified');
      },
    };
    const mailer = testMailer();
    setMailer(down);
    try {
      expect((await retryEmail(id, admin)).status).toBe(200);
      await deliverQueuedEmails(t.db);
    } finally {
      setMailer(mailer);
    }
    expect(await t.db.selectFrom('email_messages').select(['status', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: 'failed',
      attempts: 11,
      last_error: 'Resend refused the email (422): the domain is not verified',
    });
    const unknown = await retryEmail('0190c6a2-3b7e-7d1a-9f4e-5c2b8a1d6e3f', admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('EMAIL_NOT_FOUND');
    const malformed = await retryEmail('not-an-email', admin);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('account emails from the real auth', () => {
  it('are transactional, in the notifications’ layout: both parts, no unsubscribe, and they say so', async () => {
    const user = await signUp('buyer', 'Layout Checker', { verified: false });
    await deliverQueuedEmails(t.db);
    const verification = testMailer().lastTo(user.email, /^Verify your toolmint email/);
    expect(verification).toBeDefined();
    expect(verification!.html).toContain('✦ toolmint');
    expect(verification!.html).toContain('cannot be unsubscribed from');
    expect(verification!.text).toContain('cannot be unsubscribed from');
    expect(verification!.html).not.toMatch(/href="(?!https?:\/\/)/);
    expect(verification!.html).not.toMatch(/<img/i);
    expect(verification!.headers ?? {}).not.toHaveProperty('List-Unsubscribe');
    expect(verification!.text.match(/https?:\/\/\S+/)?.[0]).toMatch(/\/api\/auth\/verify-email\?token=/);
  });
});
