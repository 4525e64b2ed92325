/**
 * The 'Resend' buttons of the verify-your-email state (the header banner, the dashboard card,
 * the /auth/verified page): every `[data-resend-verification]` button asks better-auth's
 * /send-verification-email for a new link to the signed-in user's address and says what
 * happened in a toast. The islands' VerifyEmailNotice (shown instead of a write form to an
 * unverified member, docs/decisions/052) calls resendVerification from its own button. Framework-free and small, since the header of every page loads it
 * (docs/decisions/003): it calls the endpoint itself rather than through the auth islands' client.
 */
import { FALLBACK_ERROR_MESSAGE } from '@/src/shared/api/client';
import { $session, loadSession } from '@/src/stores/session';
import { toast } from '@/src/stores/toasts';

const failed = (description: string) => toast({ title: 'Could not send the email', description, variant: 'destructive' });

export async function resendVerification(button: HTMLButtonElement): Promise<void> {
  const state = $session.get();
  const email = state.status === 'signed-in' ? state.user.email : button.dataset['email'];
  if (!email) return;
  button.disabled = true;
  try {
    const response = await fetch('/api/auth/send-verification-email', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email, callbackURL: '/auth/verified' }),
    });
    // better-auth answers { code, message } on failure.
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (response.ok) {
      toast({ title: 'Verification email sent', description: `Check your inbox at ${email} and open the link.`, variant: 'success' });
    } else if (body?.code === 'EMAIL_ALREADY_VERIFIED') {
      toast({ title: 'Email verified', description: 'Your email address is already verified.', variant: 'success' });
      await loadSession(true);
    } else if (response.status === 429) {
      failed('Too many requests. Please wait a minute and try again.');
    } else {
      failed(body?.message ?? FALLBACK_ERROR_MESSAGE);
    }
  } catch {
    failed(FALLBACK_ERROR_MESSAGE);
  } finally {
    button.disabled = false;
  }
}

export function bindResendButtons(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-resend-verification]')) {
    if (button.dataset['bound']) continue;
    button.dataset['bound'] = '1';
    button.addEventListener('click', () => void resendVerification(button));
  }
}
