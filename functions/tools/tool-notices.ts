/**
 * What the people of a tool are told (docs/decisions/038): the submitter when an administrator
 * approves, asks for changes or rejects; the claimant when a claim is verified, refused or
 * revoked; the invitee of a co-maintainer invitation. By email through the Mailer (the outbox
 * by default, Resend when configured); a mail failure is logged and never undoes the decision.
 */
import type { Db } from '@/db/database';
import { getEnv } from '../_shared/env';
import { getMailer } from '../_shared/mailer';
import { findAccount } from './tools.repository';
import { greetingFor, transactionalEmail, type TransactionalContent } from '../email/transactional';

export const siteLink = (path: string) => new URL(path, getEnv().SITE_URL).toString();

/** Why the people of a tool get its emails (the footer of a transactional email). */
const TOOL_EMAIL_REASON = 'You get this email because of a tool you submitted, claimed or were invited to maintain on toolmint.';

export async function sendToolMail(content: TransactionalContent): Promise<void> {
  try {
    await getMailer().send(await transactionalEmail({ reason: TOOL_EMAIL_REASON, ...content }));
  } catch (error) {
    console.warn('[tools] could not send an email:', error);
  }
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
  await sendToolMail({ to: account.email, greeting: greetingFor(account.name), outro: [], ...content, subject: content.subject });
}
