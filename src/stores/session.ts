/**
 * $session: the auth state every island and the header script share (spec section 4:
 * loading, then signed in or signed out; a failed lookup ends loading as signed out).
 *
 * Hydration: the store starts as the state the server rendered. On-demand pages embed that
 * state (<script type="application/json" id="toolmint-session">, written by the header);
 * prebuilt pages start 'loading' and ask /api/auth/get-session. React islands read the store
 * through useSession() (use-session.ts), which renders the server's state during hydration,
 * so a store that changes before an island hydrates never causes a mismatch (#418).
 */
import { atom } from 'nanostores';
import { toSessionUser, type SessionUser } from '../shared/session';

export type SessionState = { status: 'loading'; user: null } | { status: 'signed-in'; user: SessionUser } | { status: 'signed-out'; user: null };

export const LOADING_SESSION: SessionState = { status: 'loading', user: null };
export const SIGNED_OUT: SessionState = { status: 'signed-out', user: null };

export const SESSION_SEED_ID = 'toolmint-session';

/** The state the server rendered this page with, when it knew it (on-demand pages). */
function readSeed(): SessionState | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SESSION_SEED_ID);
  if (!element?.textContent) return null;
  try {
    const user = toSessionUser(JSON.parse(element.textContent));
    return user ? { status: 'signed-in', user } : SIGNED_OUT;
  } catch {
    return null;
  }
}

export const $session = atom<SessionState>(readSeed() ?? LOADING_SESSION);

let pending: Promise<SessionState> | null = null;

/** Asks the server for the session (once; pass force to ask again). */
export function loadSession(force = false): Promise<SessionState> {
  if (!force && $session.get().status !== 'loading') return Promise.resolve($session.get());
  if (!force && pending) return pending;
  pending = fetch('/api/auth/get-session', { credentials: 'same-origin', headers: { accept: 'application/json' }, cache: 'no-store' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`get-session answered ${response.status}`);
      const body = (await response.json()) as { user?: unknown } | null;
      const user = toSessionUser(body?.user);
      return user ? ({ status: 'signed-in', user } as const) : SIGNED_OUT;
    })
    .catch((error: unknown) => {
      console.warn('[session] lookup failed, continuing signed out:', error);
      return SIGNED_OUT;
    })
    .then((state) => {
      $session.set(state);
      pending = null;
      return state;
    });
  return pending;
}

export function setSignedIn(raw: unknown): SessionUser | null {
  const user = toSessionUser(raw);
  $session.set(user ? { status: 'signed-in', user } : SIGNED_OUT);
  return user;
}

/** Signs out on the server, then always lands on / (spec section 4), even if the request failed. */
export async function signOut(): Promise<void> {
  try {
    const response = await fetch('/api/auth/sign-out', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (!response.ok) console.warn(`[session] sign-out answered ${response.status}`);
  } catch (error) {
    console.warn('[session] sign-out request failed:', error);
  } finally {
    $session.set(SIGNED_OUT);
    window.location.assign('/');
  }
}
