/**
 * Transactional emails in the notifications' layout (docs/decisions/044): the account emails
 * (functions/auth/auth-emails.ts: verification, password reset, change of address, the
 * 'someone tried to sign up with your address' notice), and the notices of tools
 * (functions/tools), of changelog feeds (functions/tool-feeds) and of the review queue
 * (functions/products). The buyers' receipts render through the same footer
 * (functions/payments/order-notices.job.ts).
 *
 * They are rendered by the same ToolmintEmail component as the notification emails (an HTML
 * and a plain-text part), with its transactional footer: always sent, whatever the person's
 * notification settings, so no List-Unsubscribe header and a footer that says they cannot be
 * unsubscribed from ("always sent" short of a suppressed address: a hard bounce or a
 * complaint). Every link is absolute: a relative action URL is a bug and throws. Their writers
 * put them in the outbox (outbox.ts queueTransactionalEmail), which sends them.
 */
import type { MailMessage } from '../_shared/mailer';
import { renderEmail } from './render';

export interface TransactionalContent {
  to: string;
  subject: string;
  /** The heading inside the email; the subject when unset. */
  heading?: string;
  /** 'Hi Ada,' */
  greeting: string;
  /** Paragraphs before the button. */
  intro: string[];
  action: { label: string; url: string } | null;
  /** Smaller paragraphs after the button. */
  outro: string[];
  /** Why this email came, above the 'cannot be unsubscribed from' line. */
  reason?: string;
}

const ACCOUNT_EMAIL_REASON = 'You get this email about your toolmint account.';

function absolute(url: string): string {
  const parsed = new URL(url); // throws on a relative URL
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Not a web link: ${url}`);
  return url;
}

export async function transactionalEmail(content: TransactionalContent): Promise<MailMessage> {
  const action = content.action ? { label: content.action.label, url: absolute(content.action.url) } : null;
  const rendered = await renderEmail(
    {
      subject: content.subject,
      preview: content.intro[0] ?? content.subject,
      heading: content.heading ?? content.subject,
      paragraphs: [content.greeting, ...content.intro],
      action,
      closing: content.outro,
    },
    { kind: 'transactional', reason: content.reason ?? ACCOUNT_EMAIL_REASON },
  );
  return { to: content.to, ...rendered };
}

export const greetingFor = (name: string | null | undefined): string => (name ? `Hi ${name},` : 'Hi,');
