/**
 * $favoriteIds: the products the visitor has favorited (the spec's like toggle, made real).
 * Signed-in users: loaded from GET /api/favorites (every page: the hearts on any card need
 * every id) and changed with PUT / DELETE
 * /api/favorites/{productId}. Visitors: kept in localStorage under 'toolmint_favorites'
 * (a JSON array of ids) and synced across tabs; they move to the account at the next sign-in.
 *
 * Hydration: the store starts empty, like the server-rendered HTML, and is filled only when
 * a component calls initFavorites() after mounting (islands in an effect, plain scripts at
 * load), so the first client render always matches the server's (#418).
 * Used by the marketplace cards, ProductCard.astro and the product page's Save button.
 */
import { atom } from 'nanostores';
import { api, type ApiResponse } from '../shared/api/client';
import { LIMIT_MAX } from '../shared/api/limits';
import type { ProductCard } from '../shared/products';
import { $session, loadSession, type SessionState } from './session';
import { toast } from './toasts';

const FAVORITES_STORAGE_KEY = 'toolmint_favorites';
export const NO_FAVORITES: ReadonlySet<string> = new Set();

export const $favoriteIds = atom<ReadonlySet<string>>(NO_FAVORITES);
/**
 * Whose favorites the store holds: 'loading' until known (and while a signed-in user's are
 * fetched), then 'visitor' (local) or 'user' (the account's).
 */
export const $favoritesSource = atom<'loading' | 'visitor' | 'user'>('loading');
/** Signed-in users: the favorite products as GET /api/favorites answered (newest first). */
export const $favoriteProducts = atom<readonly ProductCard[] | null>(null);

/** The ids stored locally; anything malformed is ignored. */
export function parseStoredIds(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100))];
  } catch {
    return [];
  }
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: favorites last for this page only
  }
}

function readLocal(): string[] {
  return parseStoredIds(storage()?.getItem(FAVORITES_STORAGE_KEY) ?? null);
}

function writeLocal(ids: Iterable<string>): void {
  try {
    storage()?.setItem(FAVORITES_STORAGE_KEY, JSON.stringify([...ids]));
  } catch (error) {
    console.warn('[favorites] could not save locally:', error);
  }
}

/** Whose favorites the store holds: a user id, null for the visitor, undefined before the first load. */
let owner: string | null | undefined;
let started = false;
let generation = 0;
/** Toggles made while a signed-in user's list is being fetched: applied on top of the answer, which may predate them. */
let changedDuringLoad: Map<string, boolean> | null = null;

async function loadForUser(userId: string): Promise<void> {
  const mine = ++generation;
  $favoritesSource.set('loading');
  changedDuringLoad = new Map();
  try {
    // A visitor's local favorites follow them into their account.
    const local = readLocal();
    if (local.length) {
      await Promise.all(local.map((productId) => api('PUT /api/favorites/{productId}', { params: { productId } }).catch(() => null)));
      storage()?.removeItem(FAVORITES_STORAGE_KEY);
    }
    const all: ProductCard[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse<'GET /api/favorites'> = await api('GET /api/favorites', { query: { limit: String(LIMIT_MAX), ...(cursor ? { cursor } : {}) } });
      if (mine !== generation || owner !== userId) return;
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const changed = changedDuringLoad ?? new Map<string, boolean>();
    const items = all.filter((p) => changed.get(p.id) !== false);
    const ids = new Set(items.map((p) => p.id));
    for (const [id, on] of changed) if (on) ids.add(id);
    $favoriteProducts.set(items);
    $favoriteIds.set(ids);
  } catch (error) {
    console.warn('[favorites] could not load favorites:', error);
  } finally {
    if (mine === generation) {
      changedDuringLoad = null;
      $favoritesSource.set('user');
    }
  }
}

function loadForVisitor(): void {
  ++generation;
  changedDuringLoad = null;
  $favoriteProducts.set(null);
  $favoriteIds.set(new Set(readLocal()));
  $favoritesSource.set('visitor');
}

function follow(state: SessionState): void {
  if (state.status === 'loading') return;
  const next = state.user?.id ?? null;
  if (next === owner) return;
  owner = next;
  if (next) void loadForUser(next);
  else loadForVisitor();
}

/** Starts loading favorites for whoever is signed in, and follows sign-in and sign-out. Idempotent; browser only. */
export function initFavorites(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  $session.subscribe(follow);
  void loadSession();
  window.addEventListener('storage', (event) => {
    if (event.key === FAVORITES_STORAGE_KEY && owner === null) loadForVisitor();
  });
}

/** Reloads a signed-in user's favorites (the #favorites view does on opening). */
export function refreshFavorites(): void {
  if (owner) void loadForUser(owner);
}

function isFavorite(productId: string): boolean {
  return $favoriteIds.get().has(productId);
}

function setLocalState(productId: string, on: boolean, product?: ProductCard): void {
  changedDuringLoad?.set(productId, on);
  const ids = new Set($favoriteIds.get());
  if (on) ids.add(productId);
  else ids.delete(productId);
  $favoriteIds.set(ids);
  const products = $favoriteProducts.get();
  if (products) {
    const without = products.filter((p) => p.id !== productId);
    $favoriteProducts.set(on && product ? [product, ...without] : on ? products : without);
  }
}

/**
 * Favorites or unfavorites a product and answers its new state. The change shows at once;
 * for a signed-in user it is undone, with a toast, if the server refuses it.
 */
export async function toggleFavorite(productId: string, product?: ProductCard): Promise<boolean> {
  initFavorites();
  const session = await loadSession();
  const on = !isFavorite(productId);
  const before = $favoriteProducts.get();
  setLocalState(productId, on, product);
  if (session.status !== 'signed-in') {
    writeLocal($favoriteIds.get());
    return on;
  }
  try {
    await api(on ? 'PUT /api/favorites/{productId}' : 'DELETE /api/favorites/{productId}', { params: { productId } });
    return on;
  } catch (error) {
    console.warn('[favorites] could not update:', error);
    setLocalState(productId, !on);
    if (before) $favoriteProducts.set(before);
    toast({ title: on ? 'Could not save' : 'Could not remove', description: 'Your favorites could not be updated. Please try again.', variant: 'destructive' });
    return !on;
  }
}
