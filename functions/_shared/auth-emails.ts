/**
 * The account emails' content. Called by functions/_shared/auth.ts; sent through the Mailer.
 */
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function resetPasswordUrl(siteUrl: string, token: string): string {
  const url = new URL('/auth/reset-password', siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function resetPasswordEmail(input: { to: string; name: string | null; url: string; expiresInMinutes: number }): MailMessage {
  const greeting = input.name ? `Hi ${input.name},` : 'Hi,';
  const text = [
    greeting,
    '',
    'Someone asked to reset the password of your toolmint account. To choose a new password, open this link:',
    '',
    input.url,
    '',
    `The link works once and expires in ${input.expiresInMinutes} minutes. If you did not ask for this, ignore this email: your password stays the same.`,
    '',
    'toolmint',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#fbfaff;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#17132b">
<div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #e4e0f0;border-radius:14px;padding:28px">
<p style="font-size:20px;font-weight:800;margin:0 0 20px">✦ toolmint</p>
<p>${escapeHtml(greeting)}</p>
<p>Someone asked to reset the password of your toolmint account. To choose a new password, use the button below.</p>
<p style="margin:28px 0"><a href="${escapeHtml(input.url)}" style="background:#5b3fd6;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">Reset your password</a></p>
<p style="font-size:14px;color:#5b5670">Or paste this link into your browser:<br><a href="${escapeHtml(input.url)}" style="color:#5b3fd6;word-break:break-all">${escapeHtml(input.url)}</a></p>
<p style="font-size:14px;color:#5b5670">The link works once and expires in ${input.expiresInMinutes} minutes. If you did not ask for this, ignore this email: your password stays the same.</p>
</div></body></html>`;
  return { to: input.to, subject: 'Reset your toolmint password', text, html };
}
