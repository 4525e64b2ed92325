/**
 * What the people of a tool are told (docs/decisions/038): the submitter when an administrator
 * approves, asks for changes or rejects; the claimant when a claim is verified, refused or
 * revoked; the invitee of a co-maintainer invitation. By email, written to the outbox once the
 * decision is saved and sent by its job (docs/decisions/059): a mail failure never undoes it.
 * And in the app (notifyOfTool): a 'tool_notice', written here like every domain writes its own
 * notices, which the feed (functions/notifications) lists (docs/decisions/063).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/database';
import type { ToolEvent } from '@/src/shared/domain';
import { getEnv } from '@/env';
import { findAccount, insertToolNotices } from './tools.repository';
import { queueTransactionalEmail } from '../email/outbox';
import { greetingFor, transactionalEmail, type TransactionalContent } from '../email/transactional';

export const siteLink = (path: string) => new URL(path, getEnv().SITE_URL).toString();

/** Why the people of a tool get its emails (the footer of a transactional email). */
const TOOL_EMAIL_REASON = 'You get this email because of a tool you submitted, claimed or were invited to maintain on toolmint.';

/**
 * A tool's email to `content.to`, to the outbox. `userId`: the account it is for, or that asked
 * for it (an invitation to an address with no account: the inviter's); `reference` names what it
 * is about, once per account (`tool-claim:<claim id>`).
 */
export async function sendToolMail(db: Db, about: { userId: string; reference: string }, content: TransactionalContent): Promise<void> {
  const mail = await transactionalEmail({ reason: TOOL_EMAIL_REASON, ...content });
  await queueTransactionalEmail(db, { ...about, mail });
}

/** The account's address and name (undefined: no such account, or deleted). */
export async function accountOf(db: Db, userId: string): Promise<{ email: string; name: string | null } | undefined> {
  return findAccount(db, userId);
}

export async function tellUser(
  db: Db,
  userId: string | null,
  content: { subject: string; intro: string[]; action: { label: string; url: string } | null; outro?: string[] },
): Promise<void> {
  if (!userId) return;
  const account = await accountOf(db, userId);
  if (!account) return;
  // Each decision is a notice of its own (a claim refused, then verified).
  await sendToolMail(
    db,
    { userId, reference: `tool-notice:${randomUUID()}` },
    { to: account.email, greeting: greetingFor(account.name), outro: [], ...content, subject: content.subject },
  );
}

/**
 * Tells each of `userIds` in the app what happened to a tool they submitted, claimed or maintain
 * (docs/decisions/043): a submission's review, a claim's outcome, a new co-maintainer, a paused
 * changelog feed. Written beside the email, which stays the message of record: a failure here
 * is logged and never undoes the decision it reports.
 */
export async function notifyOfTool(
  db: Db,
  notice: { userIds: readonly (string | null | undefined)[]; toolId: string; event: ToolEvent; note?: string | null },
): Promise<number> {
  const userIds = notice.userIds.filter((id): id is string => Boolean(id));
  try {
    return await insertToolNotices(db, { userIds, toolId: notice.toolId, event: notice.event, note: notice.note?.trim() || null });
  } catch (error) {
    console.warn('[notifications] could not write a tool notice:', error);
    return 0;
  }
}
