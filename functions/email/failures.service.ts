/**
 * What went wrong with email, for administrators (/admin/jobs, docs/decisions/044): the emails
 * kept as 'failed' after their last try (functions/email/email.service.ts deliverEmail), with
 * their error, and the addresses Resend reported as a hard bounce or a complaint
 * (email_suppressions, functions/email/bounces.service.ts), to which nothing is sent.
 * Administrators only: anyone else gets FORBIDDEN (the page answers 404). retryFailedEmail gives
 * a failed email one more try (POST /api/admin/emails/{id}/retry).
 */
import type { Db } from '@/db/database';
import type * as z from 'zod/mini';
import type { AdminEmailSchema } from '@/src/shared/api/routes/system';
import type { EmailSuppressionReason } from '@/src/shared/email-preferences';
import { AppError } from '../_shared/errors';
import { isAdmin } from '../_shared/auth-guard';
import { findEmailWithAddress, requeueFailedEmail, selectFailedEmails, type EmailWithAddressRow } from './email.repository';
import { enqueueDeliveries, inOutboxTransaction } from './outbox';
import { selectSuppressions } from './preferences.repository';

/** A failed email as /admin/jobs and POST /api/admin/emails/{id}/retry show it (the route's schema). */
export type FailedEmailView = z.output<typeof AdminEmailSchema>;

export interface SuppressedAddressView {
  email: string;
  reason: EmailSuppressionReason;
  /** Resend's bounce type, sub-type and message, when it gave them. */
  detail: string | null;
  since: string;
}

export interface EmailProblems {
  failed: FailedEmailView[];
  suppressed: SuppressedAddressView[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toView(m: EmailWithAddressRow): FailedEmailView {
  return {
    id: m.id,
    kind: m.kind,
    status: m.status,
    reference: m.reference,
    to: m.email ?? null,
    attempts: m.attempts,
    error: m.last_error,
    queuedAt: iso(m.created_at),
  };
}

/** The newest `limit` failed emails and suppressed addresses. */
export async function listEmailProblemsForAdmin(db: Db, actorId: string, { limit = 50 }: { limit?: number } = {}): Promise<EmailProblems> {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
  const [failed, suppressed] = await Promise.all([selectFailedEmails(db, limit), selectSuppressions(db, limit)]);
  return {
    failed: failed.map((m) => toView(m)),
    suppressed: suppressed.map((s) => ({ email: s.email, reason: s.reason, detail: s.detail, since: iso(s.created_at) })),
  };
}

/**
 * One more try for an email kept as 'failed': queued again with a new 'email.deliver' job of a
 * single attempt, in one transaction (the outbox, docs/decisions/059), which `npm start` runs at
 * once and Vercel after the response. Refused again, it is kept as failed with the new error
 * (no fresh backoff: the administrator sees the answer at once); the send re-checks the address
 * (and for a notification the account and the preference) like any other and uses the row id as
 * the provider's idempotency key. 404 EMAIL_NOT_FOUND, 409 EMAIL_NOT_FAILED (a second click, or
 * an email that is queued, sent or cancelled: only the failed ones are ours to retry).
 */
export async function retryFailedEmail(db: Db, actorId: string, id: string): Promise<FailedEmailView> {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
  const retried = await inOutboxTransaction(db, async (trx) => {
    const row = await requeueFailedEmail(trx, id);
    if (row) await enqueueDeliveries(trx, [row.id], { once: true });
    return row;
  });
  const row = await findEmailWithAddress(db, id);
  if (!row) throw new AppError('EMAIL_NOT_FOUND');
  if (!retried) throw new AppError('EMAIL_NOT_FAILED');
  // Answered as retried (queued), whatever the sender has made of it since.
  return toView({ ...row, status: 'queued' });
}
