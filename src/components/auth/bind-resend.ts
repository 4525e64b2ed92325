/**
 * Binds every `[data-resend-verification]` button on the page; the code that sends
 * (resend-verification.ts, with the auth client) loads on the first click only.
 */
export function bindResendButtons(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-resend-verification]')) {
    if (button.dataset['bound']) continue;
    button.dataset['bound'] = '1';
    button.addEventListener('click', () => {
      void import('./resend-verification').then(({ resendVerification }) => resendVerification(button));
    });
  }
}
