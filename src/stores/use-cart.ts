/**
 * useCartIds() and useCartSkipped(): the cart store (cart.ts) for React islands without
 * hydration mismatches. While hydrating, React renders what the server rendered (an empty cart:
 * the server never knows the browser's); right after, the live store value.
 */
import { useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';
import { $cartIds, $cartSkipped, type SkippedCartItem } from './cart';

const NO_IDS: ReadonlySet<string> = new Set();
const NO_SKIPPED: readonly SkippedCartItem[] = [];

function useStoreAfterHydration<T>(store: ReadableAtom<T>, serverValue: T): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => serverValue,
  );
}

export function useCartIds(): ReadonlySet<string> {
  return useStoreAfterHydration($cartIds, NO_IDS);
}

export function useCartSkipped(): readonly SkippedCartItem[] {
  return useStoreAfterHydration($cartSkipped, NO_SKIPPED);
}
