/**
 * The account emails' content: password reset, email verification, change of address, and the
 * notice an account owner gets when someone tries to sign up with their address
 * (docs/decisions/012). Called by functions/auth/auth.ts, which writes them to the outbox
 * (functions/email/outbox.ts, docs/decisions/059).
 * Transactional (docs/decisions/044): rendered by the notification emails' React layout
 * (functions/email/transactional.ts), an HTML and a plain-text part with the same words and
 * link, no List-Unsubscribe, and a footer that says they cannot be unsubscribed from.
 */
import type { MailMessage } from '../_shared/mailer';
import { greetingFor, transactionalEmail } from '../email/transactional';

/** Where the verification link lands after better-auth has verified the token. */
const EMAIL_VERIFIED_PAGE = '/auth/verified';

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

export function resetPasswordEmail(input: { to: string; name: string | null; url: string; expiresInMinutes: number }): Promise<MailMessage> {
  return transactionalEmail({
    to: input.to,
    subject: 'Reset your toolmint password',
    reason: 'You get this email because someone asked to reset the password of the toolmint account with this address.',
    greeting: greetingFor(input.name),
    intro: ['Someone asked to reset the password of your toolmint account. To choose a new password, open this link:'],
    action: { label: 'Reset your password', url: input.url },
    outro: [
      `The link works once and expires in ${input.expiresInMinutes} minutes. Asking for a new link cancels this one. If you did not ask for this, ignore this email: your password stays the same.`,
    ],
  });
}

export function verifyEmailMessage(input: { to: string; name: string | null; url: string; expiresInHours: number }): Promise<MailMessage> {
  return transactionalEmail({
    to: input.to,
    subject: 'Verify your toolmint email address',
    reason: 'You get this email because this address was used to create a toolmint account.',
    greeting: greetingFor(input.name),
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
export function changeEmailMessage(input: { to: string; name: string | null; url: string; expiresInHours: number }): Promise<MailMessage> {
  return transactionalEmail({
    to: input.to,
    subject: 'Confirm your new toolmint email address',
    reason: 'You get this email because someone asked to use this address for a toolmint account.',
    greeting: greetingFor(input.name),
    intro: ['You asked to use this address for your toolmint account. Until you confirm it, your account keeps its current address.'],
    action: { label: 'Confirm your new email', url: input.url },
    outro: [`The link expires in ${input.expiresInHours} hours. If you did not ask for this, ignore this email: nothing changes.`],
  });
}

/** Sent instead of an error when a sign-up names an address that already has an account. */
export function accountExistsEmail(input: { to: string; name: string | null; signInUrl: string; resetUrl: string }): Promise<MailMessage> {
  return transactionalEmail({
    to: input.to,
    subject: 'Someone tried to create a toolmint account with your email',
    reason: 'You get this email because someone tried to create a toolmint account with this address.',
    greeting: greetingFor(input.name),
    intro: [
      'Someone tried to create an account with your email address, but you already have a toolmint account, so nothing was changed.',
      'If it was you, sign in instead:',
    ],
    action: { label: 'Sign in to toolmint', url: input.signInUrl },
    outro: [`Forgot your password? Choose a new one here: ${input.resetUrl}`, 'If it was not you, you can ignore this email: your account is safe.'],
  });
}
