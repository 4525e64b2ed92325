/**
 * Suspensions (issue 16, docs/decisions/037). A suspended account cannot post in the community,
 * review (products and sellers), publish products or buy until `profiles.suspended_until`; the
 * suspension ends by itself then (every check compares with the clock, nothing has to run). Each
 * refusal is a 403 SUSPENDED whose message says what is refused, until when and why, so a form
 * can show it as it is.
 */
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';

export interface Suspension {
  until: string;
  reason: string;
}

/** The user's suspension while it lasts, else null. */
export async function findSuspension(db: Db, userId: string, now = new Date()): Promise<Suspension | null> {
  const row = await db.selectFrom('profiles').select(['suspended_until', 'suspension_reason']).where('id', '=', userId).executeTakeFirst();
  if (!row?.suspended_until) return null;
  const until = new Date(row.suspended_until);
  if (until.getTime() <= now.getTime()) return null;
  return { until: until.toISOString(), reason: row.suspension_reason ?? '' };
}

/** '28 December 2026, 14:00 UTC': the end date as the refusals and the banner say it. */
export function suspensionEnd(until: string): string {
  const d = new Date(until);
  const date = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}

/** 'Your account is suspended until …, so you cannot post. Reason: …' */
export function suspensionMessage(suspension: Suspension, what: string): string {
  const reason = suspension.reason.trim();
  return `Your account is suspended until ${suspensionEnd(suspension.until)}, so you cannot ${what}.${reason ? ` Reason: ${reason}` : ''}`;
}

/** 403 SUSPENDED (what, until when, why) while the user is suspended. */
export async function assertNotSuspended(db: Db, userId: string, what: string): Promise<void> {
  const suspension = await findSuspension(db, userId);
  if (suspension) throw new AppError('SUSPENDED', suspensionMessage(suspension, what));
}
