/**
 * Where a user goes after signing in on /auth, and the local flags of spec section 3.
 *
 * The spec's two rules, reconciled (docs/decisions/003):
 * - a sign-in completed on /auth goes, about 100 ms later and with history replaced, to
 *   /dashboard (or the page that sent the visitor to log in) when onboarding is completed
 *   or skipped, otherwise to /onboarding; on failure to /dashboard;
 * - a visitor who arrives at /auth already signed in goes to /.
 * The server profile is the truth for onboarding (it follows the user to another browser);
 * the local flags mirror it.
 */
import { LOCAL_FLAGS } from '@/src/shared/onboarding';
import { safeRedirectPath } from '@/src/shared/auth-validation';
import type { OnboardingStatus } from '@/src/shared/domain';
import { api } from '@/src/shared/api/client';

export const POST_SIGN_IN_DELAY_MS = 100;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or storage disabled: the flags are a convenience only
  }
}

export function markVisited(): void {
  storage()?.setItem(LOCAL_FLAGS.visited, 'true');
}

function localOnboardingStatus(): OnboardingStatus {
  const store = storage();
  if (store?.getItem(LOCAL_FLAGS.onboardingCompleted) === 'true') return 'completed';
  if (store?.getItem(LOCAL_FLAGS.onboardingSkipped) === 'true') return 'skipped';
  return 'pending';
}

/** Mirrors the server's onboarding status (and answers) into the local flags. */
export function mirrorOnboarding(status: OnboardingStatus, data?: unknown): void {
  const store = storage();
  if (!store) return;
  store.removeItem(LOCAL_FLAGS.onboardingCompleted);
  store.removeItem(LOCAL_FLAGS.onboardingSkipped);
  if (status === 'completed') store.setItem(LOCAL_FLAGS.onboardingCompleted, 'true');
  if (status === 'skipped') store.setItem(LOCAL_FLAGS.onboardingSkipped, 'true');
  if (data !== undefined) store.setItem(LOCAL_FLAGS.onboardingData, JSON.stringify(data));
}

/** After sign-up: a new account starts onboarding from scratch on this browser. */
export function clearOnboardingFlags(): void {
  const store = storage();
  store?.removeItem(LOCAL_FLAGS.onboardingCompleted);
  store?.removeItem(LOCAL_FLAGS.onboardingSkipped);
  store?.removeItem(LOCAL_FLAGS.onboardingData);
}

export function redirectParam(): string | null {
  return safeRedirectPath(new URLSearchParams(window.location.search).get('redirect'));
}

export function onboardingUrl(redirect: string | null): string {
  return redirect ? `/onboarding?redirect=${encodeURIComponent(redirect)}` : '/onboarding';
}

/** The destination after a sign-in on /auth. */
export async function destinationAfterSignIn(redirect: string | null): Promise<string> {
  const done = redirect ?? '/dashboard';
  try {
    mirrorOnboarding((await api('GET /api/profile/onboarding')).status);
  } catch (error) {
    console.warn('[auth] could not read the onboarding status, using the local flags:', error);
    const local = localOnboardingStatus();
    return local === 'pending' ? '/dashboard' : done;
  }
  return localOnboardingStatus() === 'pending' ? onboardingUrl(redirect) : done;
}

export function replaceLocation(url: string, delayMs: number): void {
  window.setTimeout(() => window.location.replace(url), delayMs);
}
