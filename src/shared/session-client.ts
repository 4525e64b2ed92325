/**
 * Browser-side: who is signed in, read once per page from `GET /api/auth/get-session`
 * (better-auth's session endpoint). Prebuilt pages render the signed-out version and swap
 * in the signed-in parts when this resolves to a user.
 *
 * Any failure (network, non-200, null body) means signed out: a page must never break, or
 * show someone else's state, because the session lookup did.
 */
export interface SessionUser {
  id: string;
  name?: string | null;
  email?: string | null;
  full_name?: string | null;
  user_type?: string | null;
}

let pending: Promise<SessionUser | null> | undefined;

export function fetchSessionUser(): Promise<SessionUser | null> {
  pending ??= fetch('/api/auth/get-session', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) return null;
      const body = (await response.json()) as { user?: SessionUser | null } | null;
      return body?.user?.id ? body.user : null;
    })
    .catch(() => null);
  return pending;
}

/** 'Ada' from 'Ada Lovelace'; falls back to the email's local part, then to null. */
export function firstNameOf(user: Pick<SessionUser, 'name' | 'full_name' | 'email'>): string | null {
  const full = (user.full_name || user.name || '').trim();
  if (full) return full.split(/\s+/)[0] ?? null;
  const local = user.email?.split('@')[0]?.trim();
  return local || null;
}
