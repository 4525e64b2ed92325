/**
 * Opening the next page as the end of a request (a checkout, a sign-in provider, the step after
 * onboarding): called in a useApiMutation's `send`, it never settles, so the button stays busy
 * ('Processing...', 'Redirecting...') until the browser replaces the page, as it did when each
 * island kept that flag itself.
 */
export function leavePage(url: string, how: 'assign' | 'replace' = 'assign'): Promise<never> {
  window.location[how](url);
  return new Promise<never>(() => undefined);
}
