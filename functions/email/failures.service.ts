/**
 * What went wrong with email, for administrators (/admin/jobs, docs/decisions/044): the emails
 * kept as 'failed' after their last try (functions/email/email.service.ts sendDueEmails), with
 * their error, and the addresses Resend reported as a hard bounce or a complaint
 * (email_suppressions, functions/email/bounces.service.ts), to which nothing is sent.
 * Administrators only: anyone else gets FORBIDDEN (the page answers 404).
 */
import type { Db } from '@/db/database';
import type { EmailMessageKind, EmailSuppressionReason } from '@/src/shared/email-preferences';
import { AppError } from '../_shared/errors';
import { isAdmin } from '../profiles/profiles.service';

export interface FailedEmailView {
  id: string;
  kind: EmailMessageKind;
  /** What it was about: `update:<id>`, `sale:<order id>`, `daily:2026-11-27`... */
  reference: string;
  /** The account's address now; null when the account is gone. */
  to: string | null;
  attempts: number;
  error: string | null;
  queuedAt: string;
}

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

/** The newest `limit` failed emails and suppressed addresses. */
export async function listEmailProblemsForAdmin(db: Db, actorId: string, { limit = 50 }: { limit?: number } = {}): Promise<EmailProblems> {
  if (!(await isAdmin(db, actorId))) throw new AppError('FORBIDDEN');
  const [failed, suppressed] = await Promise.all([
    db
      .selectFrom('email_messages as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.kind', 'm.reference', 'm.attempts', 'm.last_error', 'm.created_at', 'u.email'])
      .where('m.status', '=', 'failed')
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute(),
    db.selectFrom('email_suppressions').selectAll().orderBy('created_at', 'desc').orderBy('email').limit(limit).execute(),
  ]);
  return {
    failed: failed.map((m) => ({
      id: m.id,
      kind: m.kind,
      reference: m.reference,
      to: m.email ?? null,
      attempts: m.attempts,
      error: m.last_error,
      queuedAt: iso(m.created_at),
    })),
    suppressed: suppressed.map((s) => ({ email: s.email, reason: s.reason, detail: s.detail, since: iso(s.created_at) })),
  };
}
