/**
 * What the people of a tool are told (docs/decisions/038): the submitter when an administrator
 * approves, asks for changes or rejects; the claimant when a claim is verified, refused or
 * revoked; the invitee of a co-maintainer invitation. By email through the Mailer (the outbox
 * by default, Resend when configured); a mail failure is logged and never undoes the decision.
 */
import type { Db } from '@/db/database';
import { getEnv } from '../_shared/env';
import { getMailer, type MailMessage } from '../_shared/mailer';
import { emailLayout } from '../_shared/auth-emails';

export const siteLink = (path: string) => new URL(path, getEnv().SITE_URL).toString();

export async function sendToolMail(message: MailMessage): Promise<void> {
  try {
    await getMailer().send(message);
  } catch (error) {
    console.warn('[tools] could not send an email:', error);
  }
}

/** The account's address and name (undefined: no such account, or deleted). */
export async function accountOf(db: Db, userId: string): Promise<{ email: string; name: string | null } | undefined> {
  return db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
}

export async function tellUser(
  db: Db,
  userId: string | null,
  content: { subject: string; intro: string[]; action: { label: string; url: string } | null; outro?: string[] },
): Promise<void> {
  if (!userId) return;
  const account = await accountOf(db, userId);
  if (!account) return;
  await sendToolMail(
    emailLayout({ to: account.email, greeting: account.name ? `Hi ${account.name},` : 'Hi,', outro: [], ...content, subject: content.subject }),
  );
}
