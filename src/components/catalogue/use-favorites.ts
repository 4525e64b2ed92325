/**
 * useFavoriteIds(): $favoriteIds for React islands. During hydration React renders the
 * server snapshot (no favorites, as the prebuilt HTML has none), then the live store; the
 * store itself is filled by initFavorites(), which the caller runs in an effect.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { $favoriteIds, $favoriteProducts, $favoritesSource, initFavorites, NO_FAVORITES } from '@/src/stores/favorites';

const subscribeIds = (onChange: () => void) => $favoriteIds.listen(onChange);
const subscribeStatus = (onChange: () => void) => $favoritesSource.listen(onChange);
const subscribeProducts = (onChange: () => void) => $favoriteProducts.listen(onChange);

export function useFavoriteIds(): ReadonlySet<string> {
  useEffect(() => initFavorites(), []);
  return useSyncExternalStore(
    subscribeIds,
    () => $favoriteIds.get(),
    () => NO_FAVORITES,
  );
}

export function useFavoritesSource() {
  return useSyncExternalStore(
    subscribeStatus,
    () => $favoritesSource.get(),
    () => 'loading' as const,
  );
}

export function useFavoriteProducts() {
  return useSyncExternalStore(
    subscribeProducts,
    () => $favoriteProducts.get(),
    () => null,
  );
}
