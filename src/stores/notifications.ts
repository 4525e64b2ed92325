/**
 * $unreadCount: unread notifications of the signed-in user (tool updates, a creator's sales
 * and refunds), shown as a badge
 * on AI Tools in the header (spec section 2: hidden at 0, 99+ above 99). Framework-free so
 * the header script, the follow buttons and the /tool-updates island share one value.
 *
 * startUnreadSync() (called once by the header) keeps it right: it loads the count when the
 * session is signed in, resets it to 0 when signed out (spec section 4: without a user,
 * notifications are empty), and loads it again when the tab regains focus. Every follow
 * change and mark-read calls refreshUnreadCount() or sets the count the server answered.
 */
import { atom } from 'nanostores';
import { api, ApiError } from '../shared/api/client';
import { $session } from './session';

export const $unreadCount = atom(0);

export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** A focus within this long of the last load does not load again. */
const FOCUS_REFRESH_MIN_MS = 1_000;

let inFlight: Promise<number | null> | null = null;
let lastLoadedAt = 0;
/**
 * Bumped by every setUnreadCount (a mark-read's answer, a reader's own click): a load sent
 * before it read the count before that change, and its answer is not applied. Without this, a
 * load started as the page opened and answered after a click put back the count the click had
 * lowered (an e2e run on a loaded machine saw the badge go from 1 back to 2).
 */
let generation = 0;

/**
 * Loads the count from the server. Resolves with the count, or null when there is no
 * signed-in user or the request failed (the badge keeps its value; the caller decides
 * whether to say 'Failed to load notifications').
 */
export function refreshUnreadCount(): Promise<number | null> {
  if ($session.get().status !== 'signed-in') return Promise.resolve(null);
  const sentAt = generation;
  inFlight ??= api('GET /api/notifications/unread-count')
    .then((body) => {
      const count = Math.max(0, body.count);
      // A count set while the request ran is newer; a sign-out while it ran wins.
      if (sentAt !== generation) return $unreadCount.get();
      lastLoadedAt = Date.now();
      if ($session.get().status === 'signed-in') $unreadCount.set(count);
      return count;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
        $unreadCount.set(0);
        return null;
      }
      console.warn('[notifications] could not load the unread count:', error);
      return null;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The count a mark-read or list answer carried: no extra request. */
export function setUnreadCount(count: number): void {
  if (Number.isFinite(count) && count >= 0) {
    generation += 1;
    $unreadCount.set(Math.floor(count));
    lastLoadedAt = Date.now();
  }
}

let started = false;

export function startUnreadSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  let previous = $session.get().status;
  $session.subscribe((state) => {
    if (state.status === 'signed-in' && (previous !== 'signed-in' || lastLoadedAt === 0)) void refreshUnreadCount();
    if (state.status === 'signed-out') $unreadCount.set(0);
    previous = state.status;
  });
  const onFocus = () => {
    if (document.visibilityState === 'hidden') return;
    if (Date.now() - lastLoadedAt < FOCUS_REFRESH_MIN_MS) return;
    void refreshUnreadCount();
  };
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onFocus);
}
