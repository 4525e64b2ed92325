/**
 * The account emails' content: password reset, email verification, and the notice an
 * account owner gets when someone tries to sign up with their address (docs/decisions/012).
 * Called by functions/_shared/auth.ts; sent through the Mailer. Every email is one layout
 * (emailLayout) with a text part that carries the same words and link.
 */
import type { MailMessage } from './mailer';

/** Where the verification link lands after better-auth has verified the token. */
export const EMAIL_VERIFIED_PAGE = '/auth/verified';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function resetPasswordUrl(siteUrl: string, token: string): string {
  const url = new URL('/auth/reset-password', siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * better-auth's verify endpoint with our landing page as its callback. Built here rather than
 * taken from better-auth (whose callback comes from the request body), so every link lands
 * on the same page whatever a client sent.
 */
export function verifyEmailUrl(siteUrl: string, token: string): string {
  const url = new URL('/api/auth/verify-email', siteUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('callbackURL', EMAIL_VERIFIED_PAGE);
  return url.toString();
}

export interface EmailContent {
  to: string;
  subject: string;
  greeting: string;
  /** Paragraphs before the button. */
  intro: string[];
  action: { label: string; url: string } | null;
  /** Paragraphs after the button. */
  outro: string[];
}

/** Account emails are transactional (docs/decisions/041): always sent, no unsubscribe. */
export const TRANSACTIONAL_NOTE =
  'This is a transactional email about your account: it is sent whatever your notification settings, and it cannot be unsubscribed from.';

export function emailLayout(content: EmailContent): MailMessage {
  const text = [
    content.greeting,
    '',
    ...content.intro.flatMap((p) => [p, '']),
    ...(content.action ? [content.action.url, ''] : []),
    ...content.outro.flatMap((p) => [p, '']),
    'toolmint',
    '',
    TRANSACTIONAL_NOTE,
  ].join('\n');
  const muted = 'font-size:14px;color:#5b5670';
  const button = content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="background:#5b3fd6;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="${muted}">Or paste this link into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:#5b3fd6;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#fbfaff;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#17132b">
<div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #e4e0f0;border-radius:14px;padding:28px">
<p style="font-size:20px;font-weight:800;margin:0 0 20px">✦ toolmint</p>
<p>${escapeHtml(content.greeting)}</p>
${content.intro.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
${content.outro.map((p) => `<p style="${muted}">${escapeHtml(p)}</p>`).join('\n')}
<p style="font-size:12px;color:#5b5670;border-top:1px solid #e4e0f0;padding-top:12px;margin-top:20px">${escapeHtml(TRANSACTIONAL_NOTE)}</p>
</div></body></html>`;
  return { to: content.to, subject: content.subject, text, html };
}

const greet = (name: string | null) => (name ? `Hi ${name},` : 'Hi,');

export function resetPasswordEmail(input: { to: string; name: string | null; url: string; expiresInMinutes: number }): MailMessage {
  return emailLayout({
    to: input.to,
    subject: 'Reset your toolmint password',
    greeting: greet(input.name),
    intro: ['Someone asked to reset the password of your toolmint account. To choose a new password, open this link:'],
    action: { label: 'Reset your password', url: input.url },
    outro: [
      `The link works once and expires in ${input.expiresInMinutes} minutes. Asking for a new link cancels this one. If you did not ask for this, ignore this email: your password stays the same.`,
    ],
  });
}

export function verifyEmailMessage(input: { to: string; name: string | null; url: string; expiresInHours: number }): MailMessage {
  return emailLayout({
    to: input.to,
    subject: 'Verify your toolmint email address',
    greeting: greet(input.name),
    intro: [
      'Welcome to toolmint! Please confirm that this is your email address. Until you do, you can browse, follow tools and download free products, but not publish, buy, review or post.',
    ],
    action: { label: 'Verify your email', url: input.url },
    outro: [
      `The link expires in ${input.expiresInHours} hours and signs you in on the device you open it on. If you did not create a toolmint account, ignore this email.`,
    ],
  });
}

/** Sent to the new address of a change of email (/settings/account): the change happens when it is opened. */
export function changeEmailMessage(input: { to: string; name: string | null; url: string; expiresInHours: number }): MailMessage {
  return emailLayout({
    to: input.to,
    subject: 'Confirm your new toolmint email address',
    greeting: greet(input.name),
    intro: ['You asked to use this address for your toolmint account. Until you confirm it, your account keeps its current address.'],
    action: { label: 'Confirm your new email', url: input.url },
    outro: [`The link expires in ${input.expiresInHours} hours. If you did not ask for this, ignore this email: nothing changes.`],
  });
}

/** Sent instead of an error when a sign-up names an address that already has an account. */
export function accountExistsEmail(input: { to: string; name: string | null; signInUrl: string; resetUrl: string }): MailMessage {
  return emailLayout({
    to: input.to,
    subject: 'Someone tried to create a toolmint account with your email',
    greeting: greet(input.name),
    intro: [
      'Someone tried to create an account with your email address, but you already have a toolmint account, so nothing was changed.',
      'If it was you, sign in instead:',
    ],
    action: { label: 'Sign in to toolmint', url: input.signInUrl },
    outro: [`Forgot your password? Choose a new one here: ${input.resetUrl}`, 'If it was not you, you can ignore this email: your account is safe.'],
  });
}
