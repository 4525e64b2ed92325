/**
 * Transactional emails (docs/decisions/044): the account emails and the tool and review-queue
 * notices render through the notification emails' React layout (ToolmintEmail): an HTML part
 * and a plain-text part with the same words, the site's wordmark, absolute links only, no
 * images, no List-Unsubscribe, and a footer that says they cannot be unsubscribed from.
 */
import { describe, expect, it } from 'vitest';
import { accountExistsEmail, changeEmailMessage, resetPasswordEmail, resetPasswordUrl, verifyEmailMessage, verifyEmailUrl } from '@/functions/auth/auth-emails';
import { formatEml, readEmlHeaders, readEmlHtml, readEmlText, type MailMessage } from '@/functions/_shared/mailer';
import { transactionalEmail } from '@/functions/email/transactional';

const SITE = 'https://toolmint.example';
const NOT_UNSUBSCRIBABLE = 'This is a transactional email: it is sent whatever your notification settings, and it cannot be unsubscribed from.';

const accountEmails: [string, () => Promise<MailMessage>, string][] = [
  [
    'password reset',
    () => resetPasswordEmail({ to: 'ada@example.com', name: 'Ada', url: resetPasswordUrl(SITE, 'tok'), expiresInMinutes: 60 }),
    `${SITE}/auth/reset-password?token=tok`,
  ],
  [
    'verification',
    () => verifyEmailMessage({ to: 'ada@example.com', name: 'Ada', url: verifyEmailUrl(SITE, 'a.b'), expiresInHours: 24 }),
    verifyEmailUrl(SITE, 'a.b'),
  ],
  [
    'change of address',
    () => changeEmailMessage({ to: 'new@example.com', name: 'Ada', url: verifyEmailUrl(SITE, 'c.d'), expiresInHours: 24 }),
    verifyEmailUrl(SITE, 'c.d'),
  ],
  [
    'sign-up with an existing address',
    () => accountExistsEmail({ to: 'ada@example.com', name: null, signInUrl: `${SITE}/auth?mode=login`, resetUrl: `${SITE}/auth?mode=forgot-password` }),
    `${SITE}/auth?mode=login`,
  ],
];

describe('account emails in the notification layout', () => {
  it.each(accountEmails)('%s: both parts from the React layout, its link first, transactional footer, no unsubscribe', async (_name, build, link) => {
    const message = await build();
    // The layout's wordmark and button (react-email's Button renders a styled link).
    expect(message.html).toMatch(/^<!DOCTYPE html/i);
    expect(message.html).toContain('✦ toolmint');
    expect(message.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(message.html).toContain(NOT_UNSUBSCRIBABLE);
    expect(message.text).toContain(NOT_UNSUBSCRIBABLE);
    expect(message.text.match(/https?:\/\/\S+/)?.[0]).toBe(link);
    // Every link absolute, no images (no tracking pixels).
    expect(message.html).not.toMatch(/href="(?!https?:\/\/)/);
    expect(message.html).not.toMatch(/<img/i);
    expect(message.headers ?? {}).toEqual({});
    const eml = formatEml(message, 'toolmint <no-reply@toolmint.example>');
    expect(readEmlHeaders(eml)).not.toHaveProperty('list-unsubscribe');
    expect(readEmlText(eml)).toBe(message.text);
    expect(readEmlHtml(eml)).toBe(message.html);
  });

  it('says in the footer why it came', async () => {
    const message = await resetPasswordEmail({ to: 'ada@example.com', name: null, url: resetPasswordUrl(SITE, 't'), expiresInMinutes: 60 });
    expect(message.text).toContain('You get this email because someone asked to reset the password of the toolmint account with this address.');
  });
});

describe('transactionalEmail', () => {
  it('puts the greeting and intro before the button, the outro after it', async () => {
    const message = await transactionalEmail({
      to: 'ada@example.com',
      subject: 'A subject',
      greeting: 'Hi Ada,',
      intro: ['Before the button.'],
      action: { label: 'Open it', url: `${SITE}/x` },
      outro: ['After the button.'],
      reason: 'You get this email because of a test.',
    });
    const text = message.text;
    const order = ['Hi Ada,', 'Before the button.', `Open it ${SITE}/x`, 'After the button.', 'You get this email because of a test.', NOT_UNSUBSCRIBABLE].map(
      (s) => text.indexOf(s),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('refuses a relative or non-web action link', async () => {
    const base = { to: 'a@example.com', subject: 's', greeting: 'Hi,', intro: [], outro: [] };
    await expect(transactionalEmail({ ...base, action: { label: 'Go', url: '/auth' } })).rejects.toThrow();
    await expect(transactionalEmail({ ...base, action: { label: 'Go', url: 'javascript:alert(1)' } })).rejects.toThrow(/Not a web link/);
  });
});
