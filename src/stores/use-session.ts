/**
 * useSession(): $session for React islands without hydration mismatches. During hydration
 * React renders getServerSnapshot, i.e. the state the server rendered (the island's
 * `initial` prop, or 'loading' on prebuilt pages); right after, the live store value.
 */
import { useSyncExternalStore } from 'react';
import { $session, LOADING_SESSION, type SessionState } from './session';

const subscribe = (onChange: () => void) => $session.listen(onChange);

export function useSession(initial: SessionState = LOADING_SESSION): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => $session.get(),
    () => initial,
  );
}
