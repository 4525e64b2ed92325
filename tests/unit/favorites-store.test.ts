/**
 * $favoriteIds (src/stores/favorites.ts) with a fake browser: visitors keep favorites in
 * localStorage, signed-in users through /api/favorites (every page of it), a visitor's
 * favorites move to the account at sign-in, a refused change is undone, and a toggle made
 * while the account's list is loading survives the (older) answer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Store = typeof import('@/src/stores/favorites');
type Session = typeof import('@/src/stores/session');

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

interface Call {
  method: string;
  url: string;
}

let calls: Call[];
let localStorage: MemoryStorage;
let answerFavorites: (cursor: string | null) => Promise<Response>;
let answerChange: (call: Call) => Response;

const user = { id: 'user-1', email: 'buyer@example.com', name: 'Alex', full_name: 'Alex Morgan' };
const card = (id: string) => ({ id, title: id, creator: { id: 'c' } });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function load(signedIn: boolean): Promise<{ store: Store; session: Session }> {
  vi.resetModules();
  const session = await import('@/src/stores/session');
  session.$session.set(
    signedIn
      ? {
          status: 'signed-in',
          user: {
            id: user.id,
            email: user.email,
            name: user.name,
            fullName: user.full_name,
            userType: 'buyer',
            company: null,
            image: null,
            emailVerified: true,
          },
        }
      : session.SIGNED_OUT,
  );
  const store = await import('@/src/stores/favorites');
  return { store, session };
}

beforeEach(() => {
  calls = [];
  localStorage = new MemoryStorage();
  answerFavorites = async () => json({ items: [card('p1')], nextCursor: null });
  answerChange = () => new Response(null, { status: 204 });
  vi.stubGlobal('window', { localStorage, addEventListener: () => {} });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url };
    calls.push(call);
    const address = new URL(url, 'http://localhost');
    if (address.pathname === '/api/favorites') return answerFavorites(address.searchParams.get('cursor'));
    if (url.startsWith('/api/favorites/')) return answerChange(call);
    throw new Error(`unexpected fetch ${url}`);
  });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('favorites store', () => {
  it('starts empty (like the server-rendered page) until initFavorites runs', async () => {
    localStorage.setItem('toolmint_favorites', '["p9"]');
    const { store } = await load(false);
    expect(store.$favoriteIds.get().size).toBe(0);
    store.initFavorites();
    expect([...store.$favoriteIds.get()]).toEqual(['p9']);
    expect(store.$favoritesSource.get()).toBe('visitor');
  });

  it("keeps a visitor's favorites in localStorage, without any request", async () => {
    const { store } = await load(false);
    store.initFavorites();
    expect(await store.toggleFavorite('p1')).toBe(true);
    expect(await store.toggleFavorite('p2')).toBe(true);
    expect(await store.toggleFavorite('p1')).toBe(false);
    expect(JSON.parse(localStorage.getItem('toolmint_favorites') ?? '[]')).toEqual(['p2']);
    expect(calls).toEqual([]);
  });

  it("loads a signed-in user's favorites and changes them with PUT and DELETE", async () => {
    const { store } = await load(true);
    store.initFavorites();
    await vi.waitFor(() => expect(store.$favoritesSource.get()).toBe('user'));
    expect([...store.$favoriteIds.get()]).toEqual(['p1']);
    expect(await store.toggleFavorite('p2')).toBe(true);
    expect(await store.toggleFavorite('p1')).toBe(false);
    expect(calls.slice(1)).toEqual([
      { method: 'PUT', url: '/api/favorites/p2' },
      { method: 'DELETE', url: '/api/favorites/p1' },
    ]);
    expect([...store.$favoriteIds.get()]).toEqual(['p2']);
    expect(store.$favoriteProducts.get()?.map((p) => p.id)).toEqual([]);
  });

  it('loads every page of a long list of favorites', async () => {
    answerFavorites = async (cursor) =>
      cursor === null ? json({ items: [card('p1'), card('p2')], nextCursor: 'next-page' }) : json({ items: [card('p3')], nextCursor: null });
    const { store } = await load(true);
    store.initFavorites();
    await vi.waitFor(() => expect(store.$favoritesSource.get()).toBe('user'));
    expect(calls.map((c) => c.url)).toEqual(['/api/favorites?limit=100', '/api/favorites?limit=100&cursor=next-page']);
    expect([...store.$favoriteIds.get()]).toEqual(['p1', 'p2', 'p3']);
    expect(store.$favoriteProducts.get()?.map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
  });

  it("moves a visitor's local favorites to the account at sign-in", async () => {
    localStorage.setItem('toolmint_favorites', '["p7"]');
    const { store } = await load(true);
    store.initFavorites();
    await vi.waitFor(() => expect(store.$favoritesSource.get()).toBe('user'));
    expect(calls[0]).toEqual({ method: 'PUT', url: '/api/favorites/p7' });
    expect(localStorage.getItem('toolmint_favorites')).toBeNull();
  });

  it('undoes a change the server refuses, with a toast', async () => {
    const { store } = await load(true);
    const { $toasts } = await import('@/src/stores/toasts');
    store.initFavorites();
    await vi.waitFor(() => expect(store.$favoritesSource.get()).toBe('user'));
    answerChange = () => json({ error: { code: 'PRODUCT_NOT_FOUND', message: 'Product not found' } }, 404);
    expect(await store.toggleFavorite('gone')).toBe(false);
    expect(store.$favoriteIds.get().has('gone')).toBe(false);
    expect($toasts.get()[0]).toMatchObject({ title: 'Could not save', variant: 'destructive' });
  });

  it("keeps a toggle made while the account's list is loading", async () => {
    let release: (r: Response) => void = () => {};
    answerFavorites = () => new Promise((resolve) => (release = resolve));
    const { store } = await load(true);
    store.initFavorites();
    // The list is being read (its request made, unanswered).
    await vi.waitFor(() => expect(calls).toContainEqual({ method: 'GET', url: '/api/favorites?limit=100' }));
    expect(store.$favoritesSource.get()).toBe('loading');
    expect(await store.toggleFavorite('p2')).toBe(true);
    expect(calls).toContainEqual({ method: 'PUT', url: '/api/favorites/p2' });
    // The answer was read before the change: it lacks p2.
    release(json({ items: [card('p1')], nextCursor: null }));
    await vi.waitFor(() => expect(store.$favoritesSource.get()).toBe('user'));
    expect([...store.$favoriteIds.get()].sort()).toEqual(['p1', 'p2']);
  });
});
