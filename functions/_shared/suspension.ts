/**
 * Suspensions (issue 16, docs/decisions/037). A suspended account cannot post in the community,
 * review (products and sellers), publish products or buy until `profiles.suspended_until`; the
 * suspension ends by itself then (every check compares with the clock, nothing has to run). Each
 * refusal is a 403 SUSPENDED whose message says what is refused, until when and why, so a form
 * can show it as it is. A guard beside the others (auth-guard.ts, rate-limit.ts) that products,
 * reviews, payments and the community consult before a write; moderation (functions/moderation)
 * sets and lifts suspensions (docs/decisions/063).
 */
import type { Db } from '@/db/database';
import { AppError } from './errors';
import { suspensionEnd } from '@/src/shared/notifications';
import { findSuspensionColumns } from './suspension.repository';

export interface Suspension {
  until: string;
  reason: string;
}

/** The user's suspension while it lasts, else null. */
export async function findSuspension(db: Db, userId: string, now = new Date()): Promise<Suspension | null> {
  const row = await findSuspensionColumns(db, userId);
  if (!row?.suspended_until) return null;
  const until = new Date(row.suspended_until);
  if (until.getTime() <= now.getTime()) return null;
  return { until: until.toISOString(), reason: row.suspension_reason ?? '' };
}

// The end date as the refusals, the banner, the notice and the email say it (shared with the notifications list).
export { suspensionEnd } from '@/src/shared/notifications';

/** 'Your account is suspended until …, so you cannot post. Reason: …' */
function suspensionMessage(suspension: Suspension, what: string): string {
  const reason = suspension.reason.trim();
  return `Your account is suspended until ${suspensionEnd(suspension.until)}, so you cannot ${what}.${reason ? ` Reason: ${reason}` : ''}`;
}

/** 403 SUSPENDED (what, until when, why) while the user is suspended. */
export async function assertNotSuspended(db: Db, userId: string, what: string): Promise<void> {
  const suspension = await findSuspension(db, userId);
  if (suspension) throw new AppError('SUSPENDED', suspensionMessage(suspension, what));
}
