/**
 * The auth islands' calls to better-auth's /api/auth routes (its contract, not ours: our own
 * routes go through src/shared/api/client.ts). Each returns `{ data }` or
 * `{ error: { code, message } }` with the server's message; a network failure throws, which
 * the islands report as 'Unexpected Error'.
 */
import { api, FALLBACK_ERROR_MESSAGE } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { validateCredentialsPresent } from '@/src/shared/auth-validation';
import type { UserType } from '@/src/shared/domain';

/** A refusal of better-auth (or of its providers route), with its code and message. */
export interface AuthError {
  code: string;
  message: string;
  status: number;
}

export type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthError };

async function request<T>(path: string, init: RequestInit = {}): Promise<AuthResult<T>> {
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { data: body as T, error: null };
  // better-auth answers { code, message }; the providers route { error: { code, message } }.
  const nested = body?.['error'] as Record<string, unknown> | undefined;
  const source = nested && typeof nested === 'object' ? nested : (body ?? {});
  let message = typeof source['message'] === 'string' ? source['message'] : '';
  let code = typeof source['code'] === 'string' ? source['code'] : `HTTP_${response.status}`;
  if (response.status === 429) {
    const wait = Number(response.headers.get('x-retry-after'));
    code = 'RATE_LIMITED';
    message = `Too many attempts. Please wait ${Number.isFinite(wait) && wait > 0 ? `${wait} seconds` : 'a moment'} and try again.`;
  }
  return { data: null, error: { code, message: message || FALLBACK_ERROR_MESSAGE, status: response.status } };
}

/** A call that threw (the network, a bug): the auth islands' one 'Unexpected Error' toast. */
export function toastUnexpectedError(): void {
  toast({ title: 'Unexpected Error', description: FALLBACK_ERROR_MESSAGE, variant: 'destructive' });
}

const post = <T>(path: string, body: unknown) => request<T>(path, { method: 'POST', body: JSON.stringify(body) });

export interface AuthUserPayload {
  id: string;
  email: string;
  name: string;
  full_name?: string | null;
  user_type?: string | null;
  company?: string | null;
}

function credentialsError(email: string | undefined, password: string | undefined): AuthResult<never> | null {
  const message = validateCredentialsPresent(email, password);
  return message ? { data: null, error: { code: 'CREDENTIALS_MISSING', message, status: 400 } } : null;
}

export function signInEmail(email: string, password: string) {
  return credentialsError(email, password) ?? post<{ user: AuthUserPayload }>('/api/auth/sign-in/email', { email: email.trim(), password, rememberMe: true });
}

export interface SignUpInput {
  fullName: string;
  email: string;
  password: string;
  userType: UserType;
  company: string;
}

export function signUpEmail(input: SignUpInput) {
  const fullName = input.fullName.trim();
  return (
    credentialsError(input.email, input.password) ??
    post<{ user: AuthUserPayload }>('/api/auth/sign-up/email', {
      name: fullName,
      full_name: fullName,
      email: input.email.trim(),
      password: input.password,
      user_type: input.userType,
      ...(input.company.trim() ? { company: input.company.trim() } : {}),
    })
  );
}

export function requestPasswordReset(email: string) {
  return post<{ status: boolean }>('/api/auth/request-password-reset', { email: email.trim() });
}

export function resetPassword(token: string, newPassword: string) {
  return post<{ status: boolean }>('/api/auth/reset-password', { token, newPassword });
}

export type SocialProvider = 'google' | 'github';

/** Which providers are configured (our route, on the typed client; a failure throws). */
export function getProviders(): Promise<Record<SocialProvider, boolean>> {
  return api('GET /api/auth/providers');
}

/** Starts OAuth; the answer holds the provider's authorization URL. */
export function signInSocial(provider: SocialProvider, callbackURL: string, newUserCallbackURL: string) {
  return post<{ url?: string; redirect?: boolean }>('/api/auth/sign-in/social', {
    provider,
    callbackURL,
    newUserCallbackURL,
    errorCallbackURL: '/auth?mode=login&error=oauth',
  });
}

// Account settings (/settings/account, docs/decisions/032): better-auth's own endpoints.

/** Changes the password (the current one required) and ends every other session. */
export function changePassword(currentPassword: string, newPassword: string) {
  return post<{ token: string | null }>('/api/auth/change-password', { currentPassword, newPassword, revokeOtherSessions: true });
}

/** Sends a confirmation link to the new address; the account keeps the old one until it is opened. */
export function changeEmail(newEmail: string) {
  return post<{ status: boolean }>('/api/auth/change-email', { newEmail: newEmail.trim(), callbackURL: '/settings/account?email=changed' });
}

/** Signs out every session of the account but this one. */
export function revokeOtherSessions() {
  return post<{ status: boolean }>('/api/auth/revoke-other-sessions', {});
}

/** Deletes the account, confirmed by its password. */
export function deleteAccount(password: string) {
  return post<{ success: boolean }>('/api/auth/delete-user', { password });
}
