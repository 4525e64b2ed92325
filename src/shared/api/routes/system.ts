/** Routes about the service itself. */
import * as z from 'zod/mini';
import { defineRoute, json, page, pageQuery, uuid } from '../contract';
import { JOB_STATES } from '../../domain';
import { EMAIL_MESSAGE_STATUSES, OUTBOX_KINDS } from '../../email-preferences';

export const getHealth = defineRoute({
  method: 'GET',
  path: '/api/health',
  operationId: 'getHealth',
  tag: 'System',
  summary: 'Whether the server and its database answer',
  description: 'Answers from `select 1`: cheap under load. Used by uptime checks.',
  auth: 'public',
  response: json(z.object({ status: z.literal('ok'), driver: z.enum(['pglite', 'neon']) })),
});

export const getOpenApi = defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  operationId: 'getOpenApi',
  tag: 'System',
  summary: 'This API described as OpenAPI 3.1',
  description: 'Generated from the route declarations; the readable reference is /developers.',
  auth: 'public',
  response: json(z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) })),
});

export const runSweep = defineRoute({
  method: 'GET',
  path: '/api/cron/sweep',
  operationId: 'runSweep',
  tag: 'System',
  summary: 'Run the periodic sweep (Vercel Cron)',
  description:
    'Deletes uploads attached to nothing for 24 hours, prunes ended rate-limit windows and old view-count days, and makes interactions older than 24 months anonymous (`interactionsAnonymised`, at most 10,000 a run). Only Vercel Cron may call it, with `Authorization: Bearer $CRON_SECRET`; that bearer is the cron secret, never an API key (the middleware resolves no session or key on this path).',
  auth: 'secret',
  response: json(
    z.object({
      uploadsDeleted: z.int(),
      bytesFreed: z.int(),
      counterWindowsDeleted: z.int(),
      viewDaysDeleted: z.int(),
      interactionsAnonymised: z.int(),
    }),
  ),
  errors: ['UNAUTHENTICATED'],
});

/** What a drain of the background jobs did (docs/decisions/040). */
const DrainRunSchema = z.object({
  /** Jobs run to completion. */
  completed: z.int(),
  /** Attempts that failed: retried later with backoff, or kept as failed after the last retry. */
  failed: z.int(),
  /** The time was up with jobs possibly still due; the next call goes on. */
  timedOut: z.boolean(),
});

export const runJobs = defineRoute({
  method: 'GET',
  path: '/api/cron/jobs',
  operationId: 'runJobs',
  tag: 'System',
  summary: 'Run the background jobs that are due (Vercel Cron)',
  description:
    'One maintenance pass, each periodic job sent at most once per its period, then due jobs (notice fan-out, emails, creator webhook deliveries, changelog fetches) one after another for at most 25 seconds. `npm start` runs them in-process instead. Only Vercel Cron (or a scheduler standing in for it) may call it, with `Authorization: Bearer $CRON_SECRET` (docs/decisions/040).',
  auth: 'secret',
  response: json(DrainRunSchema),
  errors: ['UNAUTHENTICATED'],
});

/** A background job as an administrator sees it (docs/decisions/040). */
const AdminJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** The job's input, as enqueued. */
  data: z.unknown(),
  /** The last failed attempt's error; null when it has not failed. */
  error: z.nullable(z.object({ message: z.string(), name: z.nullable(z.string()) })),
  /** Retries so far, and how many it may have. */
  retryCount: z.int(),
  retryLimit: z.int(),
  createdAt: z.string(),
  /** When it runs next (created or retry), or ran. */
  startAfter: z.string(),
  completedAt: z.nullable(z.string()),
});

export const listAdminJobs = defineRoute({
  method: 'GET',
  path: '/api/admin/jobs',
  operationId: 'listAdminJobs',
  tag: 'Admin',
  summary: 'Background jobs, newest first, with their errors (administrators only)',
  description:
    '`state=failed` lists the jobs that ran out of retries, each with its last error; `retry` those waiting for their next attempt. `name` keeps one job (e.g. `notify.tool-update`). Paginated: send `nextCursor` back as `cursor`.',
  auth: 'user',
  query: z.strictObject({
    state: z.optional(z.enum(JOB_STATES)),
    name: z.optional(z.string().check(z.trim(), z.regex(/^[a-z][a-z0-9_.-]{0,99}$/, 'A job name, such as notify.tool-update'))),
    ...pageQuery(),
  }),
  response: json(page(AdminJobSchema)),
  errors: ['FORBIDDEN'],
  example: { query: { state: 'failed', limit: '20' } },
});

export const retryAdminJob = defineRoute({
  method: 'POST',
  path: '/api/admin/jobs/{id}/retry',
  operationId: 'retryAdminJob',
  tag: 'Admin',
  summary: 'Run a failed background job once more (administrators only)',
  description:
    'Gives a job kept as `failed` one more attempt, due now (pg-boss `retry`); its last error stays until that attempt runs. `npm start` runs it within a second; on Vercel the next call of `/api/cron/jobs` does. Answers the job, now in state `retry`. 409 JOB_NOT_FAILED when it is not failed (waiting, running, done, or retried already).',
  auth: 'user',
  params: z.strictObject({ id: uuid() }),
  response: json(AdminJobSchema),
  errors: ['FORBIDDEN', 'JOB_NOT_FOUND', 'JOB_NOT_FAILED'],
  example: { params: { id: '0190c6a2-3b7e-7d1a-9f4e-5c2b8a1d6e3f' } },
});

/** An email of ours as an administrator sees it at /admin/jobs (docs/decisions/041 and 044). */
export const AdminEmailSchema = z.object({
  id: z.string(),
  /** A notification's kind, the daily digest, or 'transactional' (a receipt, an account email...). */
  kind: z.enum(OUTBOX_KINDS),
  /** What it is about: `update:<id>`, `sale:<order id>`, `daily:2026-11-27`, `receipt:<order id>`... */
  reference: z.string(),
  status: z.enum(EMAIL_MESSAGE_STATUSES),
  /** A transactional email's address, else the account's address now; null when the account is gone. */
  to: z.nullable(z.string()),
  /** Tries so far. */
  attempts: z.int(),
  /** The provider's last refusal. */
  error: z.nullable(z.string()),
  queuedAt: z.string(),
});

export const retryAdminEmail = defineRoute({
  method: 'POST',
  path: '/api/admin/emails/{id}/retry',
  operationId: 'retryAdminEmail',
  tag: 'Admin',
  summary: 'Send a failed email once more (administrators only)',
  description:
    'Gives an email kept as `failed` after its last try one more, due now: `npm start` sends it at once, on Vercel the function does after it answers (else the next `/api/cron/jobs` drain). At send time it is checked again like any email (the account, a verified address not suppressed, the kind still on that channel), and sent with the same idempotency key, so the provider never delivers it twice; refused again, it is kept as `failed` with the new error. Answers the email, now `queued`. 409 EMAIL_NOT_FAILED when it is not failed (sent, cancelled, or retried already).',
  auth: 'user',
  params: z.strictObject({ id: uuid() }),
  response: json(AdminEmailSchema),
  errors: ['FORBIDDEN', 'EMAIL_NOT_FOUND', 'EMAIL_NOT_FAILED'],
  example: { params: { id: '0190c6a2-3b7e-7d1a-9f4e-5c2b8a1d6e3f' } },
});

export const systemRoutes = [getHealth, getOpenApi, runSweep, runJobs, listAdminJobs, retryAdminJob, retryAdminEmail] as const;
