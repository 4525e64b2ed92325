/**
 * What the people of a tool are told (docs/decisions/038): the submitter when an administrator
 * approves, asks for changes or rejects; the claimant when a claim is verified, refused or
 * revoked; the invitee of a co-maintainer invitation. By email, written to the outbox once the
 * decision is saved and sent by its job (docs/decisions/059): a mail failure never undoes it.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/database';
import { getEnv } from '../_shared/env';
import { findAccount } from './tools.repository';
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
