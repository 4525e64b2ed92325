/**
 * What a 'Resend' button of the verify-your-email state does (the header banner, the dashboard
 * card, the /auth/verified page): asks better-auth for a new link to the signed-in user's
 * address and says what happened in a toast. Loaded on the first click by bind-resend.ts, so
 * the header every page loads stays small. Framework-free (docs/decisions/003).
 */
import { $session, loadSession } from '../../stores/session';
import { toast } from '../../stores/toasts';
import { sendVerificationEmail } from './auth-client';

export async function resendVerification(button: HTMLButtonElement): Promise<void> {
  const state = $session.get();
  const email = state.status === 'signed-in' ? state.user.email : button.dataset['email'];
  if (!email) return;
  button.disabled = true;
  try {
    const { error } = await sendVerificationEmail(email);
    if (!error) {
      toast({ title: 'Verification email sent', description: `Check your inbox at ${email} and open the link.`, variant: 'success' });
    } else if (error.code === 'EMAIL_ALREADY_VERIFIED') {
      toast({ title: 'Email verified', description: 'Your email address is already verified.', variant: 'success' });
      await loadSession(true);
    } else {
      toast({ title: 'Could not send the email', description: error.message, variant: 'destructive' });
    }
  } catch {
    toast({ title: 'Could not send the email', description: 'Something went wrong. Please try again.', variant: 'destructive' });
  } finally {
    button.disabled = false;
  }
}
